import { readFileSync } from 'node:fs'
import { dataFile } from '../../paths.ts'
import { foldText } from './fold.ts'

/**
 * The city dictionary (GeoNames places with population >= 15k, data/cities.json). Names are matched
 * case- and accent-insensitively against the canonical name and its alternate names; an ambiguous
 * name resolves to the most populous place (optionally within a stated country).
 */
export interface City {
  /** Canonical display name: exactly what the `cities` job facet stores. */
  name: string
  /** ISO alpha-2, lowercase. */
  country: string
  population: number
}

export interface CityMatch extends City {
  /** The name that matched when it was an alternate name (e.g. "Munchen" for Munich). */
  matched?: string
}

interface Entry {
  city: City
  key: string
  label: string
}

type RawCity = [name: string, cc: string, population: number, alt?: string[]]

/** Common short forms and local spellings the GeoNames alternate names lack. */
const EXTRA_NAMES: Record<string, [string, string]> = {
  nyc: ['New York City', 'us'],
  'new york': ['New York City', 'us'],
  sf: ['San Francisco', 'us'],
  'san francisco bay area': ['San Francisco', 'us'],
  'bay area': ['San Francisco', 'us'],
  la: ['Los Angeles', 'us'],
  dc: ['Washington', 'us'],
  'washington dc': ['Washington', 'us'],
  'washington d.c.': ['Washington', 'us'],
  'москва': ['Moscow', 'ru'],
  'санкт-петербург': ['Saint Petersburg', 'ru'],
  'спб': ['Saint Petersburg', 'ru'],
  'новосибирск': ['Novosibirsk', 'ru'],
  'екатеринбург': ['Yekaterinburg', 'ru'],
  'казань': ['Kazan', 'ru'],
  'минск': ['Minsk', 'by'],
  'алматы': ['Almaty', 'kz'],
  'киев': ['Kyiv', 'ua'],
  'київ': ['Kyiv', 'ua'],
}

let loaded: { byKey: Map<string, Entry[]>; entries: Entry[] } | undefined

function load() {
  if (loaded) return loaded
  const raw = JSON.parse(readFileSync(dataFile('cities.json'), 'utf8')) as RawCity[]
  const byKey = new Map<string, Entry[]>()
  const entries: Entry[] = []
  const add = (city: City, label: string) => {
    const entry = { city, key: foldText(label), label }
    entries.push(entry)
    const list = byKey.get(entry.key)
    if (list) list.push(entry)
    else byKey.set(entry.key, [entry])
  }
  const canonical = new Map<string, City>()
  for (const [name, cc, population, alt] of raw) {
    const city = { name, country: cc.toLowerCase(), population }
    add(city, name)
    for (const label of alt ?? []) add(city, label)
    const key = `${name}|${city.country}`
    if ((canonical.get(key)?.population ?? -1) < population) canonical.set(key, city)
  }
  for (const [label, [name, country]] of Object.entries(EXTRA_NAMES)) {
    const city = canonical.get(`${name}|${country}`)
    if (city) add(city, label)
  }
  for (const list of byKey.values()) list.sort((a, b) => b.city.population - a.city.population)
  entries.sort((a, b) => b.city.population - a.city.population)
  loaded = { byKey, entries }
  return loaded
}

const toMatch = (entry: Entry): CityMatch =>
  entry.label === entry.city.name ? { ...entry.city } : { ...entry.city, matched: entry.label }

/**
 * Resolves a place name to its canonical city: the most populous place of that name (in `country`
 * when given, ISO alpha-2 in any case). Returns null when nothing matches.
 */
export function findCity(name: string, country?: string | null): CityMatch | null {
  const key = foldText(name).replace(/\s+/g, ' ').trim()
  if (!key) return null
  const list = load().byKey.get(key)
  if (!list) return null
  const wanted = country?.toLowerCase()
  const entry = wanted ? list.find((e) => e.city.country === wanted) : list[0]
  return entry ? toMatch(entry) : null
}

/**
 * Typeahead over city names, one row per city, in tiers each ordered by population: canonical-name
 * (word) prefix, alternate-name (word) prefix, canonical-name substring, alternate-name substring.
 * `country` (ISO alpha-2) restricts the search.
 */
export function searchCities(q: string, country?: string | null, limit = 10): CityMatch[] {
  const needle = foldText(q).replace(/\s+/g, ' ').trim()
  if (!needle || limit <= 0) return []
  const wanted = country?.toLowerCase()
  const tiers: Entry[][] = [[], [], [], []]
  for (const entry of load().entries) {
    if (wanted && entry.city.country !== wanted) continue
    const at = entry.key.indexOf(needle)
    if (at < 0) continue
    const wordStart = at === 0 || / |-/.test(entry.key[at - 1]!)
    const alternate = entry.label !== entry.city.name
    tiers[(wordStart ? 0 : 2) + (alternate ? 1 : 0)].push(entry)
  }
  const seen = new Set<City>()
  const out: CityMatch[] = []
  for (const entry of tiers.flat()) {
    if (seen.has(entry.city)) continue
    seen.add(entry.city)
    out.push(toMatch(entry))
    if (out.length >= limit) break
  }
  return out
}
