import { findCity } from './dictionaries/cities.ts'
import { findCountry, US_STATES } from './dictionaries/countries.ts'
import { REGIONS, regionOfCountry, type Region } from './dictionaries/regions.ts'
import { foldText } from './dictionaries/fold.ts'

/** What a verbatim location string ("Berlin, Germany / Remote (EU)") says about geography and work mode. */
export interface ResolvedLocation {
  countries: string[]
  cities: { name: string; country: string }[]
  regions: Region[]
  remote: boolean
  hybrid: boolean
}

const REGION_WORDS: Record<string, Region> = {
  europe: 'eu', eu: 'eu', emea: 'eu', 'european union': 'eu', eea: 'eu', cet: 'eu',
  'north america': 'north_america', 'americas': 'north_america', latam: 'latam', 'latin america': 'latam', 'south america': 'latam',
  apac: 'apac', asia: 'apac', 'asia pacific': 'apac', oceania: 'apac', mena: 'mena', 'middle east': 'mena', africa: 'africa',
  cis: 'cis', 'united kingdom': 'uk',
  worldwide: 'global', anywhere: 'global', global: 'global', 'anywhere in the world': 'global', 'work from anywhere': 'global',
}
const REMOTE_WORD = /\b(remote|telecommute|work from home|wfh|anywhere|удал[её]нн?о|удаленка)\b/i
const HYBRID_WORD = /\b(hybrid|гибрид)/i

/** Geography of the posting from its location string and any countries or cities stated separately. */
export function resolveLocation(location: string | null | undefined, stated: { countries?: string[]; cities?: string[] } = {}): ResolvedLocation {
  const countries = new Set<string>()
  const cities = new Map<string, { name: string; country: string }>()
  const regions = new Set<Region>()
  for (const code of stated.countries ?? []) {
    const country = findCountry(code)
    if (country) countries.add(country)
  }
  const addCity = (name: string, country?: string | null) => {
    const city = findCity(name, country)
    if (!city) return false
    cities.set(city.name, { name: city.name, country: city.country })
    countries.add(city.country)
    return true
  }
  for (const name of stated.cities ?? []) addCity(name, stated.countries?.length === 1 ? findCountry(stated.countries[0]!) : null)
  const text = location ?? ''
  for (const part of text.split(/\s*(?:[;|/•\n]|\bor\b|\band\b|\+)\s*/i)) {
    const inner = part.replace(/[()[\]]/g, ',')
    const segments = inner.split(/\s*[,–—]\s*|\s+-\s+/).map((s) => s.trim()).filter(Boolean)
    if (segments.length === 0) continue
    // A trailing country ("Paris, France") or US state ("Austin, TX") narrows the city lookup.
    let countryHint: string | null = null
    for (const segment of segments.slice(1)) {
      if (US_STATES.has(segment)) countryHint = 'us'
      else countryHint = findCountry(segment) ?? countryHint
    }
    for (const [index, segment] of segments.entries()) {
      const key = foldText(segment).replace(/\s+/g, ' ')
      const region = REGION_WORDS[key] ?? REGION_WORDS[key.replace(/^remote\s*/, '')]
      if (region) {
        regions.add(region)
        continue
      }
      if (REMOTE_WORD.test(segment) || HYBRID_WORD.test(segment) || /^(on-?site|office)$/i.test(segment)) continue
      if (US_STATES.has(segment) && countryHint === 'us') continue
      // The leading segment is usually the city ("New York, NY"); later ones name the state or country.
      if (index === 0 && segments.length > 1 && addCity(segment, countryHint)) continue
      const country = findCountry(segment)
      if (country && !(segment.length === 2 && countryHint && countryHint !== country)) {
        countries.add(country)
        continue
      }
      addCity(segment, countryHint)
    }
  }
  for (const country of countries) {
    const region = regionOfCountry(country)
    if (region) regions.add(region)
  }
  return {
    countries: [...countries],
    cities: [...cities.values()],
    regions: [...regions].filter((r) => r === 'global' || (REGIONS as readonly string[]).includes(r)),
    remote: REMOTE_WORD.test(text),
    hybrid: HYBRID_WORD.test(text),
  }
}
