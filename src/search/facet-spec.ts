/**
 * The filter vocabulary of job search, agent search and facets, as lists derived from the one
 * posting-attribute table (src/catalogue/posting-attributes.ts): which string facets exist, which
 * are counted, the geography OR-group, and the numeric and boolean filters.
 */
import {
  POSTING_ATTRIBUTES, VALUE_FILTERS,
  type FacetName, type FlagAttribute, type FlagFilterField, type NumberAttribute, type NumberFilterField, type PostingAttribute,
} from '../catalogue/posting-attributes.ts'

const ATTRIBUTES: readonly PostingAttribute[] = POSTING_ATTRIBUTES

export type { FacetName } from '../catalogue/posting-attributes.ts'

export const FACET_NAMES = ATTRIBUTES.filter((row) => row.filter).map((row) => row.name as FacetName)

/** One OR-group: their included values widen each other (docs/search.md "Filters"). */
export const GEO_FACETS: readonly FacetName[] = ATTRIBUTES.filter((row) => row.filter && row.group === 'geography').map((row) => row.name as FacetName)

/** Multi-valued facets (one posting may carry several values); the rest are one column each. */
export const MULTI_FACETS: readonly FacetName[] = ATTRIBUTES.filter((row) => row.filter && row.kind === 'multi').map((row) => row.name as FacetName)

/** Facets with a distribution in GET /jobs/facets (every string facet but company_slug). */
export const COUNTED_FACETS: readonly FacetName[] = ATTRIBUTES.filter((row) => row.facet).map((row) => row.name as FacetName)

/** Facets whose values are compared case-insensitively. */
export const LOWERCASE_FACETS: readonly FacetName[] = ATTRIBUTES.filter((row) => row.filter && row.lowercase).map((row) => row.name as FacetName)

/** `regions=none` selects postings with no resolved geography. */
export const REGIONS_NONE = 'none'

/** Numeric filter parameter -> its key in SearchFilters. */
export const NUMERIC_FILTERS = Object.fromEntries(VALUE_FILTERS.filter((f) => f.test !== 'equals').map((f) => [f.param, f.field])) as Record<string, NumberFilterField>

/**
 * The sort keys: the contract's, in its order, then ours (`salary_normalized`: the comparable annual
 * salary). Each one a number or date attribute, held in the index.
 */
export const SORT_KEYS = ['created_at', 'posted_at', 'view_count', 'salary_min', 'salary_max', 'salary_normalized'] as const satisfies readonly NumberAttribute[]
/** Number and date attributes held in the index: those with a filter, and the sort keys. */
export const INDEX_NUMBERS: readonly NumberAttribute[] = ATTRIBUTES.filter((row) => (row.kind === 'number' || row.kind === 'date') && (row.filters || (SORT_KEYS as readonly string[]).includes(row.name))).map((row) => row.name as NumberAttribute)

/** Bool attributes held in the index: those with a filter. */
export const INDEX_FLAGS: readonly FlagAttribute[] = ATTRIBUTES.filter((row) => row.kind === 'bool' && row.filters).map((row) => row.name as FlagAttribute)

/** Boolean facets: a `facets=` name counted as `{ true, false }` (GET /jobs/facets). */
export type FlagFacet = FlagAttribute
export const FLAG_FACETS: readonly FlagFacet[] = INDEX_FLAGS

/** Counted in every facets answer, as the reference service does. */
export const ALWAYS_COUNTED_FLAGS: readonly FlagFacet[] = ['visa_sponsorship']

/** Boolean filter parameter -> its key in SearchFilters. */
export const BOOLEAN_FILTERS = Object.fromEntries(VALUE_FILTERS.filter((f) => f.test === 'equals').map((f) => [f.param, f.field])) as Record<string, FlagFilterField>

export type SortKey = (typeof SORT_KEYS)[number]
/**
 * `match` (an extension, as the reference service grew it): cards carrying more of the caller's
 * skills first (SearchQuery.matchSkills), then newest first; not a number attribute, so apart.
 */
export const RESULT_SORTS = [...SORT_KEYS, 'match'] as const
export type ResultSort = (typeof RESULT_SORTS)[number]
export type SortOrder = 'asc' | 'desc'

/** Largest accepted `*_within_days`: a hundred years. */
export const MAX_WITHIN_DAYS = 36500

export interface FacetClause {
  /** Included values: ORed, or ANDed with `<facet>_mode=and`. */
  values: string[]
  mode: 'or' | 'and'
  /** `<facet>_exclude` values: each removes its postings. */
  exclude: string[]
}

/** Facet clauses, plus one key per numeric or boolean filter of the attribute table (`field`). */
export type SearchFilters = { facets: Partial<Record<FacetName, FacetClause>> } & Partial<Record<NumberFilterField, number>> & Partial<Record<FlagFilterField, boolean>>

export interface SearchQuery {
  q?: string
  filters: SearchFilters
  /** Absent: relevance with q, posted_at descending without. */
  sort?: ResultSort
  order?: SortOrder
  /** With sort `match`: the skill slugs ranked against (none: newest first). */
  matchSkills?: readonly string[]
  limit: number
  offset: number
}

export interface IgnoredParam {
  param: string
  did_you_mean?: string
}
