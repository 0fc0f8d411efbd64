import type { WorkMode } from '../catalogue/job-record.ts'
import { findCity } from '../vocabulary/cities.ts'
import { findCountry } from '../vocabulary/countries.ts'
import { REGIONS, regionOfCountry, type Region } from '../vocabulary/regions.ts'
import { splitTrailingCode, subdivisionsOf } from '../vocabulary/subdivisions.ts'
import { foldText } from '../vocabulary/fold.ts'

/** What a verbatim location string ("Berlin, Germany / Remote (EU)") says about geography and work mode. */
export interface ResolvedLocation {
  countries: string[]
  cities: { name: string; country: string }[]
  regions: Region[]
  /** The work mode the location field names first ("London or Remote": remote; "Hybrid - Madrid": hybrid). */
  mode: WorkMode | null
}

const REGION_WORDS: Record<string, Region> = {
  europe: 'eu', eu: 'eu', emea: 'eu', 'european union': 'eu', eea: 'eu', cet: 'eu',
  'north america': 'north_america', 'americas': 'north_america', latam: 'latam', 'latin america': 'latam', 'south america': 'latam',
  apac: 'apac', asia: 'apac', 'asia pacific': 'apac', oceania: 'apac', mena: 'mena', 'middle east': 'mena', africa: 'africa',
  cis: 'cis',
  worldwide: 'global', anywhere: 'global', global: 'global', 'anywhere in the world': 'global', 'work from anywhere': 'global',
}
const REMOTE_WORD = /\b(remote|telecommute|work from home|wfh|anywhere|удал[её]нн?о|удаленка)\b/i
const HYBRID_WORD = /\b(hybrid|гибрид)/i
const ONSITE_WORD = /\b(on-?site|in[- ]office|office[- ]based)\b/i

function modeOf(text: string): WorkMode | null {
  const found = ([['hybrid', HYBRID_WORD], ['remote', REMOTE_WORD], ['onsite', ONSITE_WORD]] as const)
    .map(([mode, word]) => [mode, word.exec(text)?.index ?? Infinity] as const)
    .filter(([, at]) => at < Infinity)
    .sort((a, b) => a[1] - b[1])
  return found[0]?.[0] ?? null
}
/** Work-mode words and fillers around the place ("Remote in the UK", "US-Remote", "Remote (US only)", "Multiple US Locations"). */
const NOISE = /\b(fully |100% )?(remote|hybrid|on-?site|in[- ]office|office|telecommute|wfh|based|only|preferred|multiple|all|various|locations?|united states and canada)\b/gi

/** A segment reduced to the place it names: work-mode words, fillers, zip codes and connectors removed. */
function placeText(segment: string): string {
  const key = foldText(segment).replace(/\s+/g, ' ').trim()
  if (REGION_WORDS[key]) return segment.trim()
  return segment
    .replace(NOISE, ' ')
    .replace(/\b\d{5}(?:-\d{4})?\b/g, ' ')
    .replace(/^[\s\-–:]*(?:(?:in|within|from|across|the)\s+)*/i, '')
    .replace(/[\s\-–:]+$/, '')
    .trim()
}

/**
 * The place fields of a forum post's header line ("Acme | Backend Engineer | Berlin, DE | REMOTE (EU) |
 * €80k"): every segment after the company, without amounts, links and addresses; null when the text
 * has no such line.
 */
export function headerLocationOf(text: string): string | null {
  const field = /^(?:work |job )?location:\s*(.+)$/im.exec(text.slice(0, 2000))
  if (field) return field[1]!.trim()
  const first = text.slice(0, 400).split('\n')[0]!
  const segments = first.split(/\s+[|—–/]\s+/)
  if (segments.length < 3) return null
  return segments.slice(1).filter((s) => !/\d|https?:|www\.|@/.test(s)).join(' / ') || null
}

/** Region words inside a longer phrase ("Anywhere in Europe"): the specific ones win over "anywhere". */
function regionsWithin(segment: string): Region[] {
  const words = ` ${foldText(segment).replace(/[^a-z ]+/g, ' ').replace(/\s+/g, ' ')} `
  const found = Object.entries(REGION_WORDS).filter(([word]) => words.includes(` ${word} `)).map(([, region]) => region)
  const specific = found.filter((r) => r !== 'global')
  return specific.length ? specific : found
}

/** US metro abbreviations a list of places is written in ("LA, NYC, ATL"); LA alone is Laos or Louisiana. */
const METROS: Record<string, string> = {
  LA: 'Los Angeles', NYC: 'New York City', SF: 'San Francisco', ATL: 'Atlanta', CHI: 'Chicago', BOS: 'Boston', SEA: 'Seattle',
  PDX: 'Portland', ATX: 'Austin', DFW: 'Dallas', SLC: 'Salt Lake City', NOLA: 'New Orleans', PHL: 'Philadelphia', MSP: 'Minneapolis',
  DC: 'Washington', HOU: 'Houston', MIA: 'Miami', PHX: 'Phoenix', DEN: 'Denver', SJ: 'San Jose', SD: 'San Diego',
}
/** Abbreviations that only ever mean the metro: one of them makes the whole list metros. */
const ONLY_METROS = new Set(['NYC', 'SF', 'ATL', 'CHI', 'BOS', 'SEA', 'PDX', 'ATX', 'DFW', 'SLC', 'NOLA', 'PHL', 'MSP'])
const ABBREVIATION_LIST = /^\s*[A-Z]{2,4}(?:\s*(?:,|\/|\||&|\band\b)\s*[A-Z]{2,4})+\s*$/

/** "LA, NYC, ATL": the metros' names, when the list is nothing but abbreviations and one is surely a metro. */
function metroList(text: string): string | null {
  if (!ABBREVIATION_LIST.test(text)) return null
  const codes = text.split(/\s*(?:,|\/|\||&|\band\b)\s*/).map((c) => c.trim())
  if (!codes.some((c) => ONLY_METROS.has(c)) || !codes.every((c) => METROS[c])) return null
  return codes.map((c) => METROS[c]).join(' / ')
}

/** Abbreviations written with periods: "Washington, D.C.", "Ft. Worth", "Mt. Laurel". */
const expandAbbreviations = (text: string) =>
  text.replace(/\bD\.\s?C\.?(?=$|[\s,;/|)])/g, 'DC').replace(/\bFt\.\s*/g, 'Fort ').replace(/\bMt\.\s*/g, 'Mount ').replace(/\bPt\.\s*/g, 'Point ')

/** Geography of the posting from its location string and any countries or cities stated separately. */
export function resolveLocation(location: string | null | undefined, stated: { countries?: string[]; cities?: string[] } = {}): ResolvedLocation {
  const countries = new Set<string>()
  const cities = new Map<string, { name: string; country: string }>()
  const regions = new Set<Region>()
  for (const code of stated.countries ?? []) {
    const country = findCountry(code)
    if (country) countries.add(country)
  }
  const addCity = (name: string, country?: string | null, state?: string | null) => {
    const city = findCity(name, country, state)
    if (!city) return false
    cities.set(city.name, { name: city.name, country: city.country })
    countries.add(city.country)
    return true
  }
  for (const name of stated.cities ?? []) addCity(name, stated.countries?.length === 1 ? findCountry(stated.countries[0]!) : null)
  const given = expandAbbreviations(location ?? '')
  const text = metroList(given) ?? given
  // "Georgia" alone is the country unless the string names US places too.
  let georgia = false
  /** A segment on its own: a region word, a country, a state or province name, or a city. */
  const addPlace = (segment: string) => {
    const region = REGION_WORDS[foldText(segment).replace(/\s+/g, ' ')]
    const country = findCountry(segment)
    const states = subdivisionsOf(segment)
    if (region) regions.add(region)
    else if (country === 'ge' && states.length) georgia = true
    else if (country) countries.add(country)
    else if (states.length) countries.add(states[0]!.country)
    else if (!addCity(segment)) regionsWithin(segment).forEach((r) => regions.add(r))
  }
  // Workday writes "USA-CA-San Jose": country, state, city.
  const parts = text.replace(/\b([A-Z]{2,3})-([A-Z]{2,3})-([A-Z][^,/;|]*)/g, '$3, $2, $1')
  for (const part of parts.split(/\s*(?:[;|/•\n]|\bor\b|\band\b|\+)\s*/i)) {
    let segments = part.replace(/[()[\]]/g, ',').split(/\s*[,–—:]\s*|\s+-\s+/).map(placeText).filter(Boolean)
    const split = segments.length ? splitTrailingCode(segments[segments.length - 1]!) : null
    if (split) segments = [...segments.slice(0, -1), ...split]
    const [head, ...qualifiers] = segments
    if (!head) continue
    if (!qualifiers.length) {
      addPlace(head)
      continue
    }
    // The later segments narrow the city: a state or province ("Austin, TX"), or a country ("Paris, France").
    // A code that is both ("Athens, GA" / "Berlin, DE") is the state when the city is a place of that
    // state, else the country when the city is in it; a town in no list still gives the state's country.
    const subs = qualifiers.flatMap(subdivisionsOf)
    const named = qualifiers.map(findCountry).filter((c): c is string => c !== null)
    const headCountry = findCountry(head)
    let resolved = subs.some((sub) => addCity(head, sub.country, sub.code)) || named.some((country) => addCity(head, country))
    // "Austria - Vienna": the country first, then its city.
    if (!resolved && headCountry && !subdivisionsOf(head).length) resolved = qualifiers.some((q) => addCity(q, headCountry))
    // A state code the city is not listed under ("Hamburg, NY", "Delhi, NY") gives the state's country
    // below, never a same-named city abroad.
    const stateCode = qualifiers.some((q) => /^[A-Z]{2,3}$/.test(q) && subdivisionsOf(q).length > 0)
    const before = cities.size
    if (!resolved && !(stateCode && !headCountry)) addPlace(head)
    const cityAbroad = !resolved && cities.size > before ? [...cities.values()].at(-1)!.country : null
    for (const qualifier of qualifiers) {
      const region = REGION_WORDS[foldText(qualifier).replace(/\s+/g, ' ')]
      const states = subdivisionsOf(qualifier)
      const country = findCountry(qualifier)
      if (region) regions.add(region)
      else if (resolved) continue
      else if (states.length && (/^[A-Z]{2,3}$/.test(qualifier) || country === 'ge')) countries.add(states[0]!.country)
      // A bare code beside a city it is not the country of ("Munich, BY", "Hyderabad, TG") is a province code this list lacks.
      else if (country && cityAbroad && /^[A-Z]{2,3}$/.test(qualifier) && country !== cityAbroad) continue
      else if (country) countries.add(country)
      else if (states.length) countries.add(states[0]!.country)
    }
  }
  if (georgia) countries.add(countries.has('us') ? 'us' : 'ge')
  for (const country of countries) {
    const region = regionOfCountry(country)
    if (region) regions.add(region)
  }
  return {
    countries: [...countries],
    cities: [...cities.values()],
    regions: [...regions].filter((r) => r === 'global' || (REGIONS as readonly string[]).includes(r)),
    mode: modeOf(text),
  }
}
