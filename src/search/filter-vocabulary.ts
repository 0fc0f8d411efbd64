/**
 * The vocabularies of the string facets, and the one place that finds the entry a value nearly
 * names: `countries=Germany` -> `de`, `seniority=sr` -> `senior`, `regions=europe` -> `eu`,
 * `work_mode=on-site` -> `onsite`. A filter value outside a closed vocabulary matches nothing; the
 * search says so in `meta.unknown_values` (with `did_you_mean` when an entry is close) instead of a
 * silent 0. Closed vocabularies come from the posting-attribute table (`values`); countries are the
 * ISO alpha-2 codes, reached from names through the country dictionary.
 */
import { POSTING_ATTRIBUTES } from '../catalogue/posting-attributes.ts'
import { findCountry } from '../vocabulary/countries.ts'
import { knownCountries } from '../vocabulary/regions.ts'
import { foldText } from '../vocabulary/fold.ts'
import type { FacetName, SearchFilters } from './facet-spec.ts'
import { editDistance } from './typo.ts'

export interface UnknownValue {
  /** The parameter (`seniority`, `seniority_exclude`). */
  param: string
  value: string
  did_you_mean?: string
}

const MAX_UNKNOWN = 10
/** A value is echoed back only this long: it is the caller's own input, but need not come back whole. */
const MAX_ECHO = 100

/** Closed vocabularies by facet name, from the attribute table. */
const CLOSED = new Map<string, readonly string[]>(
  POSTING_ATTRIBUTES.flatMap((row) => ('values' in row && row.values ? [[row.name, row.values as readonly string[]] as const] : [])),
)

/** The closed vocabulary of a facet (every value it can hold), or undefined for an open one (skills, cities, sources, …). */
export function closedVocabulary(facet: string): readonly string[] | undefined {
  return CLOSED.get(facet)
}

/** Words people use for an entry, folded (lowercase, spaces and hyphens as `_`): what edit distance cannot find. */
const ALIASES: Record<string, string> = {
  sr: 'senior', snr: 'senior', jr: 'junior', jnr: 'junior', mid: 'middle', mid_level: 'middle', midlevel: 'middle', medior: 'middle', regular: 'middle',
  entry: 'junior', entry_level: 'junior', graduate: 'junior', trainee: 'intern', internship: 'intern', head: 'lead', tech_lead: 'lead', team_lead: 'lead',
  executive: 'c_level', cto: 'c_level', ceo: 'c_level', vp: 'c_level', clevel: 'c_level',
  europe: 'eu', european_union: 'eu', emea: 'eu', united_kingdom: 'uk', britain: 'uk', great_britain: 'uk', gb: 'uk',
  north_america: 'north_america', na: 'north_america', usa: 'north_america', us: 'north_america', america: 'north_america',
  latin_america: 'latam', south_america: 'latam', asia: 'apac', asia_pacific: 'apac', middle_east: 'mena', worldwide: 'global', anywhere: 'global',
  on_site: 'onsite', office: 'onsite', in_office: 'onsite', wfh: 'remote',
  fulltime: 'full_time', permanent: 'full_time', parttime: 'part_time', freelance: 'contract', contractor: 'contract',
  bachelors: 'bachelor', masters: 'master', doctorate: 'phd', yearly: 'year', annual: 'year', monthly: 'month', daily: 'day', hourly: 'hour',
  nontech: 'non_tech', manager: 'people_manager',
}

const normalize = (value: string) => foldText(value).trim().replace(/[\s-]+/g, '_')

/**
 * The vocabulary entry `value` most likely means, or undefined: the entry itself in another case or
 * spelling (`Full-Time`), a known alias (`sr`), the one entry it starts (`sen`), or the one entry
 * within a typo or two (`senoir`). Works on any list; with `facet` = countries, a country's name.
 */
export function closestEntry(vocabulary: readonly string[], value: string, facet?: string): string | undefined {
  if (facet === 'countries') {
    const code = findCountry(value)
    return code ?? undefined
  }
  const key = normalize(value)
  if (!key) return undefined
  const byKey = new Map(vocabulary.map((entry) => [normalize(entry), entry]))
  const exact = byKey.get(key)
  if (exact !== undefined) return exact
  const alias = ALIASES[key]
  if (alias !== undefined && vocabulary.includes(alias)) return alias
  const starting = [...byKey].filter(([entryKey]) => key.length >= 2 && entryKey.startsWith(key))
  if (starting.length === 1) return starting[0]![1]
  const limit = key.length <= 4 ? 1 : 2
  let best: string | undefined
  let bestDistance = limit + 1
  let tied = false
  for (const [entryKey, entry] of byKey) {
    const d = editDistance(key, entryKey, limit)
    if (d < bestDistance) [best, bestDistance, tied] = [entry, d, false]
    else if (d === bestDistance) tied = true
  }
  return best !== undefined && !tied ? best : undefined
}

/** Whether a facet value is in its vocabulary; true for open vocabularies (any value may exist). */
function isKnownValue(facet: FacetName, value: string): boolean {
  if (facet === 'countries') return knownCountries().has(value.toUpperCase()) && value.length === 2
  const vocabulary = CLOSED.get(facet)
  return !vocabulary || vocabulary.includes(value)
}

/** Filter values outside their facet's vocabulary, sorted by parameter then value, at most ten; undefined when none. */
export function unknownFilterValues(filters: SearchFilters): UnknownValue[] | undefined {
  const unknown: UnknownValue[] = []
  for (const [facet, clause] of Object.entries(filters.facets) as [FacetName, { values: string[]; exclude: string[] }][]) {
    for (const [param, values] of [[facet, clause.values], [`${facet}_exclude`, clause.exclude]] as const) {
      for (const value of values) {
        if (isKnownValue(facet, value)) continue
        const guess = closestEntry(CLOSED.get(facet) ?? [], value, facet)
        const echoed = value.slice(0, MAX_ECHO)
        unknown.push(guess !== undefined && guess !== value ? { param, value: echoed, did_you_mean: guess } : { param, value: echoed })
      }
    }
  }
  if (!unknown.length) return undefined
  return unknown.sort((a, b) => (a.param === b.param ? (a.value < b.value ? -1 : 1) : a.param < b.param ? -1 : 1)).slice(0, MAX_UNKNOWN)
}
