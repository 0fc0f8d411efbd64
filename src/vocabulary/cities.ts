import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'
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
  /** State or province code in the US, Canada and Australia ("TX", "ON", "NSW"). */
  state?: string
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

type RawCity = [name: string, cc: string, population: number, alt?: string[], state?: string]

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
  for (const [name, cc, population, alt, state] of raw) {
    const city: City = state ? { name, country: cc.toLowerCase(), population, state } : { name, country: cc.toLowerCase(), population }
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

function toMatch(entry: Entry): CityMatch {
  const { state: _, ...city } = entry.city
  return entry.label === entry.city.name ? city : { ...city, matched: entry.label }
}

/**
 * Resolves a place name to its canonical city: the most populous place of that name (in `country`
 * when given, ISO alpha-2 in any case, and in `state` when given too). Returns null when nothing matches.
 */
export function findCity(name: string, country?: string | null, state?: string | null): CityMatch | null {
  const key = foldText(name).replace(/\s+/g, ' ').trim()
  if (!key) return null
  const list = load().byKey.get(key)
  if (!list) return null
  const wanted = country?.toLowerCase()
  const entry = wanted ? list.find((e) => e.city.country === wanted && (!state || e.city.state === state)) : list[0]
  return entry ? toMatch(entry) : null
}

/** How much a kind of match counts, multiplied by population: a big city matched by a later word or an alternate name still beats a village matched by its name prefix. */
const MATCH_WEIGHT = { prefix: 1, wordPrefix: 0.5, substring: 0.001 }
const ALTERNATE_WEIGHT = 0.1

/**
 * Typeahead over city names (accent- and case-insensitive), one row per city, ranked by population
 * weighted by how the query matched: name prefix, prefix of a later word ("york" -> New York City),
 * then any substring; an alternate name ("munch" -> Munich) counts a tenth of the canonical name.
 * `country` (ISO alpha-2) restricts the search.
 */
export function searchCities(q: string, country?: string | null, limit = 10): CityMatch[] {
  const needle = foldText(q).replace(/\s+/g, ' ').trim()
  if (!needle || limit <= 0) return []
  const wanted = country?.toLowerCase()
  const best = new Map<City, { entry: Entry; score: number }>()
  for (const entry of load().entries) {
    if (wanted && entry.city.country !== wanted) continue
    const at = entry.key.indexOf(needle)
    if (at < 0) continue
    const kind = at === 0 ? 'prefix' : / |-/.test(entry.key[at - 1]!) ? 'wordPrefix' : 'substring'
    const score = entry.city.population * MATCH_WEIGHT[kind] * (entry.label === entry.city.name ? 1 : ALTERNATE_WEIGHT)
    const seen = best.get(entry.city)
    if (!seen || seen.score < score) best.set(entry.city, { entry, score })
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map(({ entry }) => toMatch(entry))
}
