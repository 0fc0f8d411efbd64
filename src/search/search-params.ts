/**
 * The one reader of a job query string (job search, agent search, facets, saved searches, digests,
 * market coverage): `q`, `sort`/`order`, and the filter grammar of the posting-attribute table
 * (repeated and comma-separated values, `<facet>_mode`, `<facet>_exclude`, numeric and boolean
 * filters). Every parameter nobody reads is reported in `ignored` (sorted by name, at most 10, with `did_you_mean`
 * for a singular/plural slip), and every value outside its facet's vocabulary in `unknownValues`
 * (src/search/filter-vocabulary.ts). Malformed values throw SearchInputError (a 400 through the error
 * mapper), whose message never echoes input. This is the one validator of the grammar: the routes'
 * schemas only document its parameters in the OpenAPI document (src/http/routes/jobs-search.ts).
 */
import { DomainError } from '../errors.ts'
import {
  BOOLEAN_FILTERS, FACET_NAMES, GEO_FACETS, LOWERCASE_FACETS, MAX_WITHIN_DAYS, NUMERIC_FILTERS,
  RESULT_SORTS, type FacetClause, type FacetName, type IgnoredParam, type ResultSort, type SearchFilters, type SortOrder,
} from './facet-spec.ts'

import { unknownFilterValues, type UnknownValue } from './filter-vocabulary.ts'

/** A malformed job query value: a 400 wherever it is read (search, feeds, market coverage, saved searches). */
export class SearchInputError extends DomainError {
  constructor(message: string) {
    super('invalid', message)
  }
}

export interface JobQueryOptions {
  /** Longest accepted `q` (MAX_QUERY_LENGTH). */
  maxQueryLength: number
  /** Whether `sort` and `order` are read (a result list); else they are reported as ignored. */
  sorted?: boolean
  /** Further parameters the endpoint reads itself (limit, facets, ...): neither filters nor ignored. */
  endpointParams?: readonly string[]
  /** Facets this endpoint does not filter on (e.g. skills for market coverage): reported as ignored. */
  withoutFacets?: readonly FacetName[]
}

export interface JobQuery {
  /** Absent when not given or blank. */
  q?: string
  filters: SearchFilters
  /** Absent: relevance with q, posted_at descending without. */
  sort?: ResultSort
  order?: SortOrder
  /** Absent when nothing was ignored, never empty. */
  ignored?: IgnoredParam[]
  /** Filter values outside their facet's vocabulary (they match nothing); absent when none. */
  unknownValues?: UnknownValue[]
}

/** What a query's reader set aside, as `meta` members: unknown parameters and filter values outside their vocabulary. */
export interface QueryReport {
  ignored_params?: IgnoredParam[]
  unknown_values?: UnknownValue[]
}

/** The `meta` members reporting what the reader set aside; undefined when nothing was. */
export function queryReport({ ignored, unknownValues }: Pick<JobQuery, 'ignored' | 'unknownValues'>): QueryReport | undefined {
  if (!ignored && !unknownValues) return undefined
  return { ...(ignored ? { ignored_params: ignored } : {}), ...(unknownValues ? { unknown_values: unknownValues } : {}) }
}

const MAX_IGNORED = 10
const FACETS = new Set<string>(FACET_NAMES)

/** Splits repeated and comma-separated values; empty items are dropped, duplicates collapsed. */
function valuesOf(raw: string[], lowercase: boolean): string[] {
  const out = new Set<string>()
  for (const item of raw) {
    for (const part of item.split(',')) {
      const value = part.trim()
      if (value) out.add(lowercase ? value.toLowerCase() : value)
    }
  }
  return [...out]
}

function singleValue(params: URLSearchParams, name: string, repeated = 'give it once'): string {
  const all = params.getAll(name)
  if (all.length > 1) throw new SearchInputError(`invalid query parameter "${name}": ${repeated}`)
  return all[0]!.trim()
}

/** The largest value a whole-number parameter can hold (at most 15 digits): a reader producing a query (search/interpret.ts) stays within it. */
export const MAX_WHOLE_NUMBER = 10 ** 15 - 1

function integerValue(params: URLSearchParams, name: string, min: number, max: number): number {
  const raw = singleValue(params, name)
  if (!/^\d{1,15}$/.test(raw)) throw new SearchInputError(`invalid query parameter "${name}": must be a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`)
  const value = Number(raw)
  if (value < min) throw new SearchInputError(`invalid query parameter "${name}": must be at least ${min}`)
  if (value > max) throw new SearchInputError(`invalid query parameter "${name}": must be at most ${max}`)
  return value
}

function booleanValue(params: URLSearchParams, name: string): boolean {
  const raw = singleValue(params, name).toLowerCase()
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  throw new SearchInputError(`invalid query parameter "${name}": must be true or false`)
}

/** The other grammatical number of a name: skill <-> skills, city <-> cities. */
function numberVariants(name: string): string[] {
  const out = [name + 's']
  if (name.endsWith('ies')) out.push(name.slice(0, -3) + 'y')
  else if (name.endsWith('s')) out.push(name.slice(0, -1))
  if (name.endsWith('y')) out.push(name.slice(0, -1) + 'ies')
  return out
}

function suggestion(param: string, isKnown: (name: string) => boolean): string | undefined {
  // `s`: a parameter name is data and may hold a line break (issue 11).
  const match = /^(.*?)(_exclude|_mode)?$/s.exec(param)!
  const [, base, suffix = ''] = match
  return numberVariants(base!).map((variant) => variant + suffix).find(isKnown)
}

export function parseJobQuery(params: URLSearchParams, options: JobQueryOptions): JobQuery {
  const endpointParams = ['q', ...(options.sorted ? ['sort', 'order'] : []), ...(options.endpointParams ?? [])]
  const { filters, ignored } = parseFilters(params, endpointParams, options.withoutFacets ?? [])
  const query: JobQuery = { filters }
  if (params.has('q')) {
    const q = singleValue(params, 'q', 'must be text')
    if (q.length > options.maxQueryLength) throw new SearchInputError(`invalid query parameter "q": at most ${options.maxQueryLength} characters`)
    if (q) query.q = q
  }
  if (options.sorted && params.has('sort')) {
    const sort = singleValue(params, 'sort', `must be one of ${RESULT_SORTS.join(', ')}`)
    if (!(RESULT_SORTS as readonly string[]).includes(sort)) throw new SearchInputError(`invalid query parameter "sort": must be one of ${RESULT_SORTS.join(', ')}`)
    query.sort = sort as ResultSort
  }
  if (options.sorted && params.has('order')) {
    const order = singleValue(params, 'order', 'must be asc or desc')
    if (order !== 'asc' && order !== 'desc') throw new SearchInputError('invalid query parameter "order": must be asc or desc')
    // order without sort is ignored: relevance and the default order have one direction.
    if (query.sort) query.order = order
  }
  if (ignored) query.ignored = ignored
  const unknownValues = unknownFilterValues(filters)
  if (unknownValues) query.unknownValues = unknownValues
  return query
}

function parseFilters(params: URLSearchParams, endpointParams: readonly string[], withoutFacets: readonly FacetName[]): { filters: SearchFilters; ignored?: IgnoredParam[] } {
  const without = new Set<string>(withoutFacets)
  const facetOf = (name: string) => (FACETS.has(name) && !without.has(name) ? (name as FacetName) : undefined)
  const filters: SearchFilters = { facets: {} }
  const ignored: IgnoredParam[] = []
  const seen = new Set<string>()

  const isKnown = (name: string): boolean => {
    if (endpointParams.includes(name) || Object.hasOwn(NUMERIC_FILTERS, name) || Object.hasOwn(BOOLEAN_FILTERS, name)) return true
    if (facetOf(name)) return true
    const exclude = /^(.*)_exclude$/s.exec(name)
    if (exclude && facetOf(exclude[1]!)) return true
    const mode = /^(.*)_mode$/s.exec(name)
    return Boolean(mode && facetOf(mode[1]!))
  }
  const clauseOf = (facet: FacetName): FacetClause => (filters.facets[facet] ??= { values: [], mode: 'or', exclude: [] })

  for (const name of new Set(params.keys())) {
    if (seen.has(name)) continue
    seen.add(name)
    if (!isKnown(name)) {
      const didYouMean = suggestion(name, isKnown)
      ignored.push(didYouMean ? { param: name, did_you_mean: didYouMean } : { param: name })
      continue
    }
    if (endpointParams.includes(name)) continue
    if (Object.hasOwn(NUMERIC_FILTERS, name)) {
      const within = name.endsWith('_within_days')
      filters[NUMERIC_FILTERS[name]!] = integerValue(params, name, within ? 1 : 0, within ? MAX_WITHIN_DAYS : Number.MAX_SAFE_INTEGER)
      continue
    }
    if (Object.hasOwn(BOOLEAN_FILTERS, name)) {
      filters[BOOLEAN_FILTERS[name]!] = booleanValue(params, name)
      continue
    }
    const facet = facetOf(name)
    if (facet) {
      clauseOf(facet).values = valuesOf(params.getAll(name), LOWERCASE_FACETS.includes(facet))
      continue
    }
    if (name.endsWith('_exclude')) {
      const excluded = name.slice(0, -'_exclude'.length) as FacetName
      clauseOf(excluded).exclude = valuesOf(params.getAll(name), LOWERCASE_FACETS.includes(excluded))
      continue
    }
    const moded = name.slice(0, -'_mode'.length) as FacetName
    // Geography is one OR-group: its `_mode` is accepted and has no effect, as in the reference service.
    if (GEO_FACETS.includes(moded)) continue
    const mode = singleValue(params, name).toLowerCase()
    if (mode !== 'and' && mode !== 'or') throw new SearchInputError(`invalid query parameter "${name}": must be and or or`)
    clauseOf(moded).mode = mode
  }
  for (const [facet, clause] of Object.entries(filters.facets) as [FacetName, FacetClause][]) {
    if (clause.values.length === 0 && clause.exclude.length === 0) delete filters.facets[facet]
  }
  return ignored.length ? { filters, ignored: sortedIgnored(ignored) } : { filters }
}

/** Sorted by parameter name, then capped: which ten are listed does not depend on the order sent. */
export function sortedIgnored(ignored: IgnoredParam[]): IgnoredParam[] {
  return [...ignored].sort((a, b) => (a.param < b.param ? -1 : a.param > b.param ? 1 : 0)).slice(0, MAX_IGNORED)
}

/** A stable text form of filters, for cache keys: same meaning, same key. */
export function filtersKey(filters: SearchFilters): string {
  const facets = Object.entries(filters.facets)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([facet, clause]) => [facet, clause.mode, [...clause.values].sort(), [...clause.exclude].sort()])
  const rest = Object.entries(filters).filter(([key]) => key !== 'facets').sort(([a], [b]) => (a < b ? -1 : 1))
  return JSON.stringify([facets, rest])
}
