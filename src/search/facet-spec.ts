/**
 * The filter vocabulary of job search, agent search and facets (interface.md "Facet parameter
 * table" plus decisions.md "Filters beyond the table"): which string facets exist, where each one
 * lives in the catalogue, and the numeric and boolean filters.
 */
export const FACET_NAMES = [
  'collections', 'regions', 'work_mode', 'role', 'category', 'ai_archetype', 'seniority', 'role_type', 'skills',
  'domains', 'company_type', 'countries', 'cities', 'relocation', 'employment_type', 'english_level',
  'posting_language', 'reality', 'salary_currency', 'company_slug', 'source', 'company_size', 'education_level',
  'salary_period', 'is_tech',
] as const

export type FacetName = (typeof FACET_NAMES)[number]

/** One OR-group: their included values widen each other (interface.md "Geography"). */
export const GEO_FACETS: readonly FacetName[] = ['regions', 'countries', 'cities']

/** Multi-valued facets (one posting may carry several values); the rest are one column each. */
export const MULTI_FACETS: readonly FacetName[] = ['collections', 'regions', 'skills', 'domains', 'countries', 'cities']

/** Facets with a distribution in GET /jobs/facets: every string facet but company_slug. */
export const COUNTED_FACETS: readonly FacetName[] = FACET_NAMES.filter((name) => name !== 'company_slug')

/** `regions=none` selects postings with no resolved geography. */
export const REGIONS_NONE = 'none'

export const NUMERIC_FILTERS = {
  salary_min: 'salaryMin',
  salary_max: 'salaryMax',
  experience_years_min: 'experienceYearsMin',
  experience_years_max: 'experienceYearsMax',
  posted_within_days: 'postedWithinDays',
  open_within_days: 'openWithinDays',
} as const

export const BOOLEAN_FILTERS = {
  visa_sponsorship: 'visaSponsorship',
  requires_clearance: 'requiresClearance',
} as const

export const SORT_KEYS = ['created_at', 'posted_at', 'view_count', 'salary_min', 'salary_max'] as const
export type SortKey = (typeof SORT_KEYS)[number]
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

export interface SearchFilters {
  facets: Partial<Record<FacetName, FacetClause>>
  salaryMin?: number
  salaryMax?: number
  experienceYearsMin?: number
  experienceYearsMax?: number
  postedWithinDays?: number
  openWithinDays?: number
  visaSponsorship?: boolean
  requiresClearance?: boolean
}

export interface SearchQuery {
  q?: string
  filters: SearchFilters
  /** Absent: relevance with q, posted_at descending without. */
  sort?: SortKey
  order?: SortOrder
  limit: number
  offset: number
}

export interface IgnoredParam {
  param: string
  did_you_mean?: string
}
