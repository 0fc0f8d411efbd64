import { POSTING_ATTRIBUTES, type PostingAttribute } from '../catalogue/posting-attributes.ts'
import { TECH_CLASSES } from '../catalogue/tech-category.ts'

/**
 * Response shapes of the public operations, as JSON Schema (2020-12) components of the OpenAPI
 * document. Route specs name them in `responses` (`{ description, schema }`); the document then
 * states exactly what a client receives, and test/http/routes/openapi-responses.test.ts validates a real
 * response of every public operation against it. The Job schema follows the posting-attribute
 * table, so a new attribute is described where it is declared.
 *
 * One rule for clients generated from the reference service's description: a field whose value is
 * unknown is left out, not null, unless the schema says `null` is a value (`closed_at`, `my_vote`,
 * `ghost`, and the curated company facts that a company may not state).
 */
type JsonObject = Record<string, unknown>

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })
const str = (description?: string): JsonObject => (description ? { type: 'string', description } : { type: 'string' })
const int = (description?: string): JsonObject => (description ? { type: 'integer', description } : { type: 'integer' })
const count = { type: 'integer', minimum: 0 }
const strings = { type: 'array', items: { type: 'string' } }
const nullable = (schema: JsonObject): JsonObject => ({ ...schema, type: [schema.type, 'null'] })
const timestamp = (description = 'ISO 8601 UTC, to the millisecond'): JsonObject => ({ type: 'string', format: 'date-time', description })

export function object(properties: Record<string, JsonObject>, required: string[] = Object.keys(properties), description?: string): JsonObject {
  return { type: 'object', ...(description ? { description } : {}), required, properties }
}

/** `{ data: item }`. */
/**
 * A multipart/form-data upload: the file in `file` plus text fields (name -> description), and
 * optionally a JSON alternative (`json`: its schema).
 */
export function multipartBody(file: string, fields: Record<string, string> = {}, json?: JsonObject): JsonObject {
  const form = object({ file: { type: 'string', contentMediaType: 'application/octet-stream', description: file }, ...Object.fromEntries(Object.entries(fields).map(([name, description]) => [name, { type: 'string', description }])) })
  return { required: true, content: { 'multipart/form-data': { schema: form }, ...(json ? { 'application/json': { schema: json } } : {}) } }
}

export const dataOf = (item: JsonObject): JsonObject => object({ data: item })
/** `{ data: [item] }` with no `meta`. */
export const listOf = (item: JsonObject): JsonObject => object({ data: { type: 'array', items: item } })
/** `{ data: [item], meta: { total, limit, offset, ignored_params? } }`. */
export const pageOf = (item: JsonObject): JsonObject => object({ data: { type: 'array', items: item }, meta: ref('PageMeta') })

/** enrichment.salary_normalized (src/catalogue/salary-normalized.ts). */
const salaryNormalized = (description: string): JsonObject =>
  object(
    {
      min: { type: ['integer', 'null'], description: 'the lower end per year in `currency`; null when only an upper bound is stated' },
      max: { type: ['integer', 'null'], description: 'the upper end per year in `currency`; null when only a lower bound is stated' },
      currency: str('the reference currency (setting SALARY_REFERENCE_CURRENCY, default USD)'),
      period: { type: 'string', const: 'year' },
      rates_date: { type: 'string', format: 'date', description: 'the date of the exchange rates used' },
    },
    undefined,
    description,
  )

function attributeSchema(attribute: PostingAttribute): JsonObject {
  const base: JsonObject = { description: attribute.description }
  if (attribute.name === 'salary_normalized') return salaryNormalized(attribute.description)
  switch (attribute.kind) {
    case 'multi':
      return { ...base, ...strings }
    case 'number':
      return { ...base, type: 'number' }
    case 'date':
      return { ...base, ...timestamp() }
    case 'bool':
      return { ...base, type: 'boolean' }
    default:
      return attribute.name === 'is_tech' ? { ...base, type: 'string', enum: TECH_CLASSES } : { ...base, type: 'string' }
  }
}

function jobSchema(): JsonObject {
  const rows: readonly PostingAttribute[] = POSTING_ATTRIBUTES
  const top = rows.filter((row) => row.json === 'top' || row.json === 'top_if_set')
  const enrichment = rows.filter((row) => row.json === 'enrichment')
  const properties: Record<string, JsonObject> = {
    public_slug: str('public identifier used in job paths'),
    title: str(),
    company: str('display name of the company'),
    company_slug: str(),
    url: str("the employer's application URL; absent when unknown"),
    apply_url: str('served by /jobs/{slug}/copies: the application URL, else the source URL'),
    copies_count: { ...count, description: 'served by search and the jobs list, whose items are cards (one per role): how many other open postings this role has (the role reposted, or listed in other places); GET /jobs/{slug}/copies lists them' },
    locations_also: { ...strings, description: "served with copies_count: the distinct locations of the role's newest other open postings (at most 10), this posting's own left out" },
    location: str("the source's verbatim location; absent when unknown"),
    source: str(),
    external_id: str(),
    manually_added: { type: 'boolean' },
    description: str('plain search: an HTML-escaped preview; agent search: the full text in description_format; single read: the full sanitized HTML'),
    ...Object.fromEntries(top.map((row) => [row.name, row.name === 'requires_clearance' ? { type: 'boolean', const: true, description: 'present, and true, only when the role requires a clearance' } : attributeSchema(row)])),
    posted_at: timestamp('the posting date the source states'),
    created_at: timestamp('when this catalogue first recorded the posting'),
    updated_at: timestamp(),
    last_seen_at: timestamp(),
    closed_at: nullable(timestamp('null while the role is open')),
    enrichment: {
      type: 'object',
      description: 'derived facts, each omitted when unknown',
      properties: {
        ...Object.fromEntries(enrichment.map((row) => [row.name, attributeSchema(row)])),
        provenance: {
          type: 'object',
          description:
            'where each known derived value came from: `board` (a structured field the source states: a remote flag, a salary object, a country list, skill tags), `text` (a rule read it from the title, location text or description), `default` (assumed for want of any). Keys: work_mode, salary, countries, cities, regions, skills, seniority, employment_type, category, experience_years, domains; a key is absent when its value is unknown. Absent on postings enriched before it was recorded',
          additionalProperties: { type: 'string', enum: ['board', 'text', 'default'] },
        },
      },
    },
    enriched_at: timestamp(),
    enrichment_version: int(),
    my_vote: { type: ['integer', 'null'], enum: [1, -1, null], description: "the signed-in caller's vote, else null" },
    reality: object({ class: { type: 'string', enum: ['fresh', 'stale', 'likely-evergreen'] }, age_days: count, repost_count: count, mass_posting_count: count, fake_freshness: { type: 'boolean' } }),
    ghost: {
      description: 'null when no evidence fired; absent from agent search and similar jobs',
      oneOf: [
        { type: 'null' },
        object({ level: { type: 'string', enum: ['possible', 'likely'] }, criteria: strings, criteria_total: count, contributors: count, ats_checked_at: timestamp() }, ['level', 'criteria', 'criteria_total', 'contributors']),
      ],
    },
    view_count: count,
    applied_count: count,
    upvote_count: count,
    downvote_count: count,
    matched_terms: { ...strings, description: 'job search with highlight=true (extension): the words and phrases of q this posting holds (typed, completed, alias or corrected forms), in order of first occurrence' },
  }
  const always = ['public_slug', 'title', 'company', 'company_slug', 'source', 'external_id', 'manually_added', 'description', 'closed_at', 'enrichment', 'my_vote', 'view_count', 'applied_count', 'upvote_count', 'downvote_count', ...top.filter((row) => row.kind === 'multi').map((row) => row.name)]
  return object(properties, always, 'A job posting. Fields whose value is unknown are omitted, never null (except closed_at, my_vote and ghost).')
}

const companySummary = {
  slug: str(),
  name: str(),
  job_count: { ...count, description: 'open roles' },
  tagline: nullable(str()),
  industries: strings,
  hq_country: nullable(str('ISO alpha-2, lowercase')),
  collections: strings,
  feedback_count: count,
  feedback_rating_avg: { type: ['number', 'null'], description: 'mean visible feedback rating, two decimals; null without feedback' },
}

const range = object({ min: { type: 'number' }, max: { type: 'number' } })
const userProperties = {
  id: int(),
  email: str(),
  email_verified: { type: 'boolean' },
  role: { type: 'string', enum: ['user', 'moderator'] },
  beta_tester: { type: 'boolean' },
  has_password: { type: 'boolean' },
  created_at: timestamp(),
  timezone: { type: ['string', 'null'], description: 'IANA time zone name, null until set (PATCH /me/timezone).' },
  language: { type: 'string', description: 'Preferred language code (default en; PATCH /me/language).' },
  onboarding_completed_at: { type: ['string', 'null'], format: 'date-time' },
}
const user = object(userProperties)
const apiKeyProperties = {
  id: int(),
  name: str('the label given on creation'),
  prefix: str('the non-secret `or_live_<id>` part, shown to recognize the key'),
  created_at: timestamp(),
  last_used_at: { type: ['string', 'null'], format: 'date-time', description: 'updated at most once a minute; null before the first use' },
}

/** `meta.unknown_values` of job search and facets (src/search/filter-vocabulary.ts). */
const unknownValues: JsonObject = { type: 'array', minItems: 1, maxItems: 10, items: ref('UnknownValue'), description: 'Filter values outside their facet’s closed vocabulary (they match nothing), sorted by parameter, with `did_you_mean` when an entry is close; absent when none.' }

/** A crawl's counts (src/sources/crawl-report.ts); `problems` only on the report of the crawl just run. */
const crawlProperties = {
  source: str('the source name'),
  source_id: int(),
  ok: { type: 'boolean' },
  started_at: timestamp(),
  finished_at: timestamp(),
  listed: count, new: count, updated: count, unchanged: count, closed: count, reopened: count,
  errors: { ...count, description: 'entries skipped (malformed, rejected by the importer, detail unreadable)' },
  error: { type: ['string', 'null'], description: 'why the crawl failed (e.g. `cannot reach host: connection refused (ECONNREFUSED)`); null when it succeeded' },
}
const nullableTime = { type: ['string', 'null'], format: 'date-time' }

/**
 * A market-coverage result (POST /market/coverage): `skillStatus` describes how each skill reads,
 * `extra` adds members (the profile verdict reads skills against the résumé too).
 */
export function marketCoverage(skillStatus: Record<string, JsonObject>, extra: Record<string, JsonObject>, description: string): JsonObject {
  return object(
    {
      total: count, covered: count, coverage_percent: { type: 'integer', minimum: 0, maximum: 100 },
      skills: { type: 'array', items: object({ name: str(), market_frequency: count, must_have: { type: 'boolean' }, ...skillStatus, advice: str() }) },
      must_have_total: count, must_have_covered: count, stack_match_percent: { type: 'integer', minimum: 0, maximum: 100 },
      gaps: { type: 'array', maxItems: 10, items: object({ name: str(), new_vacancies: count, unlock_percent: { type: 'integer', minimum: 0, maximum: 100 } }) },
      bundles: { type: 'array', maxItems: 10, items: object({ skills: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 }, new_vacancies: count, unlock_percent: { type: 'integer', minimum: 0, maximum: 100 } }) },
      ...extra,
    },
    undefined,
    description,
  )
}

export const RESPONSE_SCHEMAS: Record<string, JsonObject> = {
  MarketCoverage: marketCoverage({ status: { type: 'string', enum: ['covered', 'partial', 'missing'] } }, {}, 'How much of a job market a skill set covers (POST /market/coverage).'),
  CrawlReport: object({ ...crawlProperties, problems: { type: 'array', items: object({ at: str(), reason: str() }), description: 'the first skipped entries and why' } }, undefined, 'The report of one crawl.'),
  Source: object(
    {
      id: int(), name: str('`kind:token`'), kind: str('the board adapter (greenhouse, lever, feed, …)'), token: str(), url: { type: ['string', 'null'] }, company: { type: ['string', 'null'] },
      status: { type: 'string', enum: ['new', 'ok', 'failing'] }, crawling: { type: 'boolean' }, consecutive_failures: count, last_error: { type: ['string', 'null'] },
      successful_crawls: count, open_postings: count, last_crawl_at: nullableTime, last_success_at: nullableTime, next_crawl_at: nullableTime,
      last_crawl: { anyOf: [object(crawlProperties), { type: 'null' }], description: 'the last crawl’s report (without problems); null before the first' },
      created_at: timestamp(),
    },
    undefined,
    'A job-board source the catalogue is crawled from.',
  ),
  PageMeta: object(
    {
      total: count,
      limit: { type: 'integer', minimum: 1 },
      offset: count,
      ignored_params: { type: 'array', minItems: 1, maxItems: 10, items: ref('IgnoredParam'), description: 'Parameters no filter reads, sorted by name; absent when none.' },
      unknown_values: unknownValues,
      did_you_mean: { type: 'string', description: 'Job search (extension): q as matched when words no posting holds were corrected; absent otherwise.' },
      preparing: { type: 'array', items: { type: 'string', enum: ['company_stats'] }, description: 'Company search (extension): `["company_stats"]` while postings written moments ago (an import, or a restart finishing an interrupted one) are still being counted into their companies, so the answer may miss them; absent when complete.' },
    },
    ['total', 'limit', 'offset'],
    'Paging of a collection.',
  ),
  IgnoredOnly: object({ ignored_params: { type: 'array', minItems: 1, maxItems: 10, items: ref('IgnoredParam') }, unknown_values: unknownValues }, [], 'Present only to report ignored parameters or unknown filter values.'),
  UnknownValue: object(
    { param: str('the filter parameter (`seniority`, `seniority_exclude`)'), value: str('the value as sent (its first 100 characters)'), did_you_mean: str('the vocabulary entry the value most likely means (`sr` -> `senior`, `Germany` -> `de`)') },
    ['param', 'value'],
    'A filter value outside its facet’s vocabulary: it matches nothing.',
  ),
  Job: jobSchema(),
  PrivateJob: object(
    {
      public_slug: str('`private-…`'),
      title: str(),
      company: str('absent when neither stated nor given'),
      private: { type: 'boolean', const: true },
      description: str('sanitized HTML'),
      regions: strings,
      countries: strings,
      cities: strings,
      work_mode: str(),
      skills: { ...strings, description: 'skill slugs' },
      enrichment: object(
        {
          summary: str(), employment_type: str(), seniority: str(), category: str(), experience_years_min: { type: 'number' },
          salary_min: { type: 'number' }, salary_max: { type: 'number' }, salary_currency: str(), salary_period: str(), posting_language: str(), domains: strings,
        },
        [],
        'derived facts, each omitted when unknown',
      ),
      created_at: timestamp(),
    },
    ['public_slug', 'title', 'private', 'description', 'regions', 'countries', 'cities', 'skills', 'enrichment', 'created_at'],
    'A vacancy the caller pasted as text (POST /me/jd/resolve), readable only by them: the Job’s shape without counters, votes or lifecycle fields.',
  ),
  Facets: object(
    {
      total: count,
      facets: { type: 'object', description: 'facet -> value -> count, most frequent first', additionalProperties: { type: 'object', additionalProperties: count } },
      stats: {
        type: 'object',
        description: 'numeric ranges over the matched postings; a range with no values is omitted',
        properties: { salary_min: range, salary_max: range, experience_years_min: range },
      },
    },
  ),
  CompanySummary: object(companySummary),
  CompanyDetail: object(
    {
      company: object({
        ...companySummary,
        company_info: object({ homepage: nullable(str()), careers_url: nullable(str()), description: nullable(str()) }),
        domains: strings,
        regions: strings,
        countries: strings,
        remote_regions: strings,
        company_types: strings,
        company_sizes: strings,
        subindustries: strings,
        year_founded: nullable(int()),
        employee_count: nullable(int()),
        organization_type: nullable(str()),
        maturity: nullable(str()),
        yc_batch: strings,
        yc_status: strings,
        yc_stage: strings,
        yc_flags: strings,
        upvote_count: count,
        downvote_count: count,
        my_vote: { type: ['integer', 'null'], enum: [1, -1, null] },
      }),
      jobs: { type: 'array', items: ref('Job') },
      referral_available: { type: 'boolean' },
    },
  ),
  Subindustry: object({ slug: str(), label: str(), count: { ...count, description: 'companies with open roles carrying it' } }),
  CityMatch: object({ value: str('canonical name: exactly what the cities facet expects'), country: str('ISO alpha-2, lowercase'), population: count, matched: str('the alternate name that matched') }, ['value', 'country', 'population']),
  SuggestRow: object({
    text: str(),
    parts: { type: 'array', items: object({ kind: { type: 'string', enum: ['title', 'role', 'skill', 'category', 'company'] }, slug: str(), text: str() }, ['kind', 'text']) },
    jobs: { type: 'integer', minimum: 1 },
  }),
  CatalogueStats: object({
    jobs_open: count,
    jobs_closed: count,
    companies: count,
    companies_hiring: count,
    skills: count,
    sources: { type: 'object', additionalProperties: count },
    latest_posted_at: nullable(timestamp()),
    built_at: nullable(timestamp()),
  }),
  Status: object({
    ok: { type: 'boolean' }, version: str(), jobs_open: count, jobs_closed: count, companies: count, built_at: nullable(timestamp()),
    preparing: { type: 'array', items: { type: 'string', enum: ['enrichment', 'company_stats', 'insights'] }, description: 'Derived data still being built beside serving after a first start or an upgrade (postings re-enriched by newer rules; company figures and insights answer 503 meanwhile); empty when ready.' },
  }),
  User: user,
  Me: object({ ...userProperties, credential: { type: 'string', enum: ['cookie', 'api-key', 'extension'], description: 'how this request was authenticated' } }, undefined, 'The signed-in account (GET /auth/me).'),
  ApiKey: object(apiKeyProperties, undefined, 'A personal API key, without its secret.'),
  NewApiKey: object({ ...apiKeyProperties, key: str('the key (`or_live_…`): send it as Bearer; shown this once, only its hash is stored') }, undefined, 'A personal API key just created, with its secret.'),
  Ok: dataOf(object({ ok: { type: 'boolean', const: true } })),
}

export { ref }
