/**
 * Every attribute of a posting that search filters or counts, or that the Job object carries
 * beside its identity and text, in ONE declarative table. The facet and filter lists of search,
 * the index loader's SQL, the store's column lists, the Job encoder's fields, the OpenAPI filter
 * parameters and the web page's labels all derive from it.
 *
 * Adding a facet on an existing jobs column is one row here (plus the column in the covering index
 * `jobs_search_load` and the trigger `search_changes_job_edit` of schema.sql, which a test checks).
 * A new derived attribute is one row, one enrichment rule and one migration.
 *
 * Imports only import-free modules: the browser bundle (src/web) reads the labels from it.
 */
import { CATEGORIES, TECH_CATEGORIES, TECH_CLASSES, techClassOf, techClassSql } from './tech-category.ts'
import { REGIONS } from '../vocabulary/region-codes.ts'

/** The `regions` vocabulary (src/vocabulary/region-codes.ts): `global` marks worldwide-remote postings; `none` (a query value only) selects postings with no geography. */
export const REGION_CODES = REGIONS


export type AttributeKind =
  /** One string value per posting: a code column in the index, a facet. */
  | 'single'
  /** Several string values per posting, kept in a child table: a CSR column in the index, a facet. */
  | 'multi'
  /** A number (NaN in the index when unknown). */
  | 'number'
  /** A timestamp: ISO text in the database and the JSON, epoch seconds in the index. */
  | 'date'
  /** true / false / unknown (NULL); a column of 0 and 1 when `notNull`. */
  | 'bool'
  /** Text served in the Job object, neither filtered nor counted. */
  | 'text'

/**
 * Where the Job object carries the attribute: `top` (always, null when unknown; lists always),
 * `top_if_set` (only when set: a non-empty string, or true), `enrichment` (inside `enrichment`,
 * only when set), or `none` (read elsewhere, e.g. `reality` is served as its whole stored object).
 */
export type JsonPlace = 'top' | 'top_if_set' | 'enrichment' | 'none'

/** A numeric or boolean filter parameter over one attribute. */
export interface ValueFilter {
  /** The query parameter. */
  param: string
  /** The key in the parsed filters (SearchFilters). */
  field: string
  /** atLeast / atMost: compare with the value; withinDays: the date is at most N days old; equals: the flag is the stated value. */
  test: 'atLeast' | 'atMost' | 'withinDays' | 'equals'
  label: string
  description: string
}

export interface PostingAttribute {
  /** The facet or filter parameter name and the JSON key. */
  name: string
  kind: AttributeKind
  /**
   * Where it is stored: `jobs.<column>`, `companies.<column>` (read through the posting's company),
   * or, for `multi`, `<child table>.<column>` keyed by `job_id` (or by `company_id` when `byCompany`).
   */
  column: string
  byCompany?: boolean
  /** A bool stored as 0/1, never NULL (false includes "not stated"). */
  notNull?: boolean
  /** Facets of one OR-group widen each other instead of narrowing (regions, countries, cities). */
  group?: 'geography'
  /** A string facet: filterable with the facet grammar (values, `_mode`, `_exclude`). */
  filter: boolean
  /** Counted in GET /jobs/facets. */
  facet: boolean
  /** Values compared case-insensitively (stored lowercase, parameters lowercased). */
  lowercase?: boolean
  /** Numeric and boolean filters over it. */
  filters?: readonly ValueFilter[]
  json: JsonPlace
  /**
   * The store writes it from the JobRecord field of the same name in camelCase. `fixed`: the
   * store's own rule sets it (identity, dates, counters) or another table holds it.
   */
  fixed?: boolean
  /**
   * A value computed from the stored one (`column` is then its source, and the attribute is
   * `fixed`): `of` maps a stored value for the Job encoder, `sql` is the same rule in SQL over the
   * source column, for the index loader. E.g. `is_tech` from `category`.
   */
  derive?: Derivation
  /**
   * Computed in code from other stored attributes, never stored (`column` names its main source):
   * the index loader and the Job encoder compute it. `salary_normalized` (src/catalogue/salary-normalized.ts).
   */
  computed?: true
  /**
   * A closed vocabulary: every value the facet can hold. A filter value outside it is reported
   * (`meta.unknown_values`, src/search/filter-vocabulary.ts) and listed in the MCP tool schema.
   */
  values?: readonly string[]
  /** The web page's label. */
  label: string
  description: string
}

export interface Derivation {
  of: (stored: unknown) => string | undefined
  sql: (source: string) => string
}

const techClass: Derivation = { of: (stored) => techClassOf(typeof stored === 'string' ? stored : null), sql: techClassSql }

export const POSTING_ATTRIBUTES = [
  { name: 'collections', kind: 'multi', column: 'company_collections.collection', byCompany: true, filter: true, facet: true, json: 'top', fixed: true, label: 'Collection', description: "curated lists the posting's company belongs to (e.g. yc, bigtech)" },
  { name: 'regions', kind: 'multi', column: 'job_regions.region', filter: true, facet: true, group: 'geography', json: 'top', fixed: true, values: [...REGION_CODES, 'global', 'none'], label: 'Region', description: 'regions the posting is open to; `none` selects postings with no resolved geography' },
  { name: 'work_mode', kind: 'single', column: 'jobs.work_mode', filter: true, facet: true, json: 'top', values: ['remote', 'hybrid', 'onsite'], label: 'Work mode', description: 'remote, hybrid or onsite' },
  { name: 'role', kind: 'single', column: 'jobs.role', filter: true, facet: true, json: 'top_if_set', label: 'Role', description: 'the role family (e.g. backend, data)' },
  { name: 'category', kind: 'single', column: 'jobs.category', filter: true, facet: true, json: 'enrichment', values: CATEGORIES, label: 'Category', description: 'the job category' },
  { name: 'ai_archetype', kind: 'single', column: 'jobs.ai_archetype', filter: true, facet: true, json: 'top_if_set', values: ['rag_app_builder', 'agent_builder', 'cloud_ml_platform_engineer', 'ml_trainer_researcher', 'fullstack_ai_engineer', 'devops_infra_engineer'], label: 'AI archetype', description: 'how the role works with AI' },
  { name: 'seniority', kind: 'single', column: 'jobs.seniority', filter: true, facet: true, json: 'enrichment', values: ['intern', 'junior', 'middle', 'senior', 'lead', 'staff', 'principal', 'c_level'], label: 'Seniority', description: 'intern to c_level' },
  { name: 'role_type', kind: 'single', column: 'jobs.role_type', filter: true, facet: true, json: 'top_if_set', values: ['people_manager'], label: 'Role type', description: 'people_manager for roles managing people' },
  { name: 'skills', kind: 'multi', column: 'job_skills.skill', filter: true, facet: true, json: 'top', fixed: true, label: 'Skills', description: 'skill slugs named by the posting' },
  { name: 'domains', kind: 'multi', column: 'job_domains.domain', filter: true, facet: true, json: 'enrichment', fixed: true, label: 'Domain', description: 'business domains (e.g. fintech)' },
  { name: 'company_type', kind: 'single', column: 'jobs.company_type', filter: true, facet: true, json: 'enrichment', values: ['product', 'startup', 'outsource', 'outstaff', 'agency', 'inhouse', 'government'], label: 'Company type', description: 'the kind of employer' },
  { name: 'countries', kind: 'multi', column: 'job_countries.country', filter: true, facet: true, group: 'geography', lowercase: true, json: 'top', fixed: true, label: 'Country', description: 'ISO country codes, case-insensitive' },
  { name: 'cities', kind: 'multi', column: 'job_cities.city', filter: true, facet: true, group: 'geography', json: 'top', fixed: true, label: 'City', description: 'city names as the facets endpoint lists them' },
  { name: 'relocation', kind: 'single', column: 'jobs.relocation', filter: true, facet: true, json: 'enrichment', values: ['not_supported', 'supported', 'required'], label: 'Relocation', description: 'relocation support' },
  { name: 'employment_type', kind: 'single', column: 'jobs.employment_type', filter: true, facet: true, json: 'enrichment', values: ['full_time', 'part_time', 'contract', 'internship', 'fellowship'], label: 'Employment', description: 'full_time, contract, …' },
  { name: 'english_level', kind: 'single', column: 'jobs.english_level', filter: true, facet: true, json: 'enrichment', values: ['none', 'a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'native'], label: 'English', description: 'the English level asked for' },
  { name: 'posting_language', kind: 'single', column: 'jobs.posting_language', filter: true, facet: true, json: 'enrichment', label: 'Language', description: 'the language the posting is written in' },
  { name: 'reality', kind: 'single', column: 'jobs.reality_class', filter: true, facet: true, json: 'none', fixed: true, values: ['fresh', 'stale', 'likely-evergreen'], label: 'Freshness', description: "the freshness class of the posting's reality check" },
  { name: 'salary_currency', kind: 'single', column: 'jobs.salary_currency', filter: true, facet: true, json: 'enrichment', label: 'Currency', description: 'the currency of the stated salary' },
  { name: 'company_slug', kind: 'single', column: 'companies.slug', filter: true, facet: false, json: 'none', fixed: true, label: 'Company', description: 'the company' },
  { name: 'source', kind: 'single', column: 'jobs.source', filter: true, facet: true, json: 'none', fixed: true, label: 'Source', description: 'where the posting was collected' },
  { name: 'company_size', kind: 'single', column: 'jobs.company_size', filter: true, facet: true, json: 'enrichment', values: ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'], label: 'Company size', description: 'the size band of the employer' },
  { name: 'education_level', kind: 'single', column: 'jobs.education_level', filter: true, facet: true, json: 'enrichment', values: ['none', 'bachelor', 'master', 'phd'], label: 'Education', description: 'the education asked for' },
  { name: 'is_tech', kind: 'single', column: 'jobs.category', derive: techClass, filter: true, facet: true, json: 'top_if_set', fixed: true, values: TECH_CLASSES, label: 'Tech', description: `tech or non_tech, derived from category (absent without one); tech: ${TECH_CATEGORIES.join(', ')}` },
  { name: 'salary_period', kind: 'single', column: 'jobs.salary_period', filter: true, facet: true, json: 'enrichment', values: ['year', 'month', 'day', 'hour'], label: 'Salary period', description: 'what the stated salary is per (year, month, hour, …)' },
  {
    name: 'salary_min', kind: 'number', column: 'jobs.salary_min', filter: false, facet: false, json: 'enrichment', label: 'Salary from', description: 'the lower end of the stated salary (hourly amounts keep their cents)',
    filters: [{ param: 'salary_min', field: 'salaryMin', test: 'atLeast', label: 'Salary from', description: "postings whose minimum salary is at least this, in the posting's own currency and period: combine it with salary_currency and salary_period, or use salary_normalized_min to compare across currencies" }],
  },
  {
    name: 'salary_max', kind: 'number', column: 'jobs.salary_max', filter: false, facet: false, json: 'enrichment', label: 'Salary up to', description: 'the upper end of the stated salary (hourly amounts keep their cents)',
    filters: [{ param: 'salary_max', field: 'salaryMax', test: 'atMost', label: 'Salary up to', description: "postings whose maximum salary is at most this (the posting's own currency and period)" }],
  },
  {
    name: 'experience_years_min', kind: 'number', column: 'jobs.experience_years_min', filter: false, facet: false, json: 'enrichment', label: 'Experience from', description: 'years of experience required',
    filters: [
      { param: 'experience_years_min', field: 'experienceYearsMin', test: 'atLeast', label: 'Experience from', description: 'postings requiring at least this many years; excludes postings that state no requirement' },
      // Both bounds compare the required years: "at most N years" asks whether the posting wants no more than N.
      { param: 'experience_years_max', field: 'experienceYearsMax', test: 'atMost', label: 'Experience up to', description: 'postings requiring at most this many years (0: no prior experience); excludes postings that state no requirement' },
    ],
  },
  {
    name: 'salary_normalized', kind: 'number', column: 'jobs.salary_max', computed: true, fixed: true, filter: false, facet: false, json: 'enrichment', label: 'Comparable salary',
    description: 'the stated salary as a year in the reference currency at dated exchange rates: `{ min, max, currency, period: "year", rates_date }`',
    // The index holds the top of the range as a year in the reference currency (salarySortValue).
    filters: [
      { param: 'salary_normalized_min', field: 'salaryNormalizedMin', test: 'atLeast', label: 'Salary a year from', description: 'extension: postings whose stated salary, as a year in the reference currency (SALARY_REFERENCE_CURRENCY, default USD; the top of its range), is at least this, whatever the currency and period they state; postings without a convertible salary are left out' },
      { param: 'salary_normalized_max', field: 'salaryNormalizedMax', test: 'atMost', label: 'Salary a year up to', description: 'extension: postings whose stated salary, as a year in the reference currency (the top of its range), is at most this; postings without a convertible salary are left out' },
    ],
  },
  { name: 'experience_years_max', kind: 'number', column: 'jobs.experience_years_max', filter: false, facet: false, json: 'none', label: 'Experience up to', description: 'the upper end of the years of experience asked for' },
  {
    name: 'posted_at', kind: 'date', column: 'jobs.posted_at', filter: false, facet: false, json: 'none', fixed: true, label: 'Posted', description: 'the posting date as the source states it',
    filters: [{ param: 'posted_within_days', field: 'postedWithinDays', test: 'withinDays', label: 'Posted within', description: 'posting date (as the source states it) within the last N days' }],
  },
  {
    name: 'created_at', kind: 'date', column: 'jobs.created_at', filter: false, facet: false, json: 'none', fixed: true, label: 'New here', description: 'when this catalogue first recorded the posting',
    filters: [{ param: 'open_within_days', field: 'openWithinDays', test: 'withinDays', label: 'New here within', description: 'first recorded by this catalogue within the last N days' }],
  },
  { name: 'view_count', kind: 'number', column: 'jobs.view_count', filter: false, facet: false, json: 'none', fixed: true, label: 'Views', description: 'how often the posting was read here' },
  {
    name: 'visa_sponsorship', kind: 'bool', column: 'jobs.visa_sponsorship', filter: false, facet: false, json: 'enrichment', label: 'Visa sponsorship', description: 'whether the posting offers visa sponsorship',
    filters: [{ param: 'visa_sponsorship', field: 'visaSponsorship', test: 'equals', label: 'Visa sponsorship', description: 'true: sponsorship offered; false: a stated no (postings that say nothing match neither)' }],
  },
  {
    name: 'requires_clearance', kind: 'bool', column: 'jobs.requires_clearance', notNull: true, filter: false, facet: false, json: 'top_if_set', label: 'Clearance', description: 'whether the role requires a security clearance',
    filters: [{ param: 'requires_clearance', field: 'requiresClearance', test: 'equals', label: 'Clearance', description: 'true: only postings requiring a clearance; false: every other posting' }],
  },
  { name: 'summary', kind: 'text', column: 'jobs.summary', filter: false, facet: false, json: 'enrichment', label: 'Summary', description: 'a one-line summary of the role' },
  { name: 'timezone_note', kind: 'text', column: 'jobs.timezone_note', filter: false, facet: false, json: 'enrichment', label: 'Time zones', description: 'working-hours or time-zone requirements' },
] as const satisfies readonly PostingAttribute[]

export type Attribute = (typeof POSTING_ATTRIBUTES)[number]
type FilterOf<A> = A extends { filters: readonly (infer F)[] } ? F : never

/** String facets: every attribute filterable with the facet grammar. */
export type FacetName = Extract<Attribute, { filter: true }>['name']
export type ValueFilterDef = FilterOf<Attribute>
export type NumberFilterField = Extract<ValueFilterDef, { test: 'atLeast' | 'atMost' | 'withinDays' }>['field']
export type FlagFilterField = Extract<ValueFilterDef, { test: 'equals' }>['field']
/** In-memory number columns of the search index: every number and date attribute. */
export type NumberAttribute = Extract<Attribute, { kind: 'number' | 'date' }>['name']
export type FlagAttribute = Extract<Attribute, { kind: 'bool' }>['name']

/** The part after the table name of `column`. */
export const columnOf = (attribute: PostingAttribute): string => attribute.column.slice(attribute.column.indexOf('.') + 1)
export const tableOf = (attribute: PostingAttribute): string => attribute.column.slice(0, attribute.column.indexOf('.'))

const rows: readonly PostingAttribute[] = POSTING_ATTRIBUTES

export const attributesOfKind = (...kinds: AttributeKind[]): PostingAttribute[] => rows.filter((row) => kinds.includes(row.kind))

/** Every numeric and boolean filter, in table order. */
export const VALUE_FILTERS: readonly ValueFilterDef[] = POSTING_ATTRIBUTES.flatMap((row) => ('filters' in row ? [...row.filters] : [])) as ValueFilterDef[]

/** The attribute a value filter reads. */
export const attributeOfFilter = (param: string): PostingAttribute => rows.find((row) => row.filters?.some((filter) => filter.param === param))!
