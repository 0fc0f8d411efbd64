import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import type { CompanyRecord, JobRecord } from './job-record.ts'
import { jobSlug } from '../vocabulary/slug.ts'
import { columnOf, POSTING_ATTRIBUTES, tableOf, type PostingAttribute } from './posting-attributes.ts'

export type UpsertOutcome = 'inserted' | 'updated' | 'closed' | 'unchanged'

const json = (value: string[] | undefined) => JSON.stringify(value ?? [])
const flag = (value: boolean | null | undefined) => (value === null || value === undefined ? null : value ? 1 : 0)

/** Company columns an import refreshes: a field the record leaves out keeps its stored value, a list the record gives empty too. */
const COMPANY_KEPT = ['tagline', 'homepage', 'careers_url', 'description', 'hq_country', 'company_type', 'company_size', 'year_founded', 'employee_count', 'organization_type', 'maturity']
const COMPANY_LISTS = ['industries', 'yc_batch', 'yc_status', 'yc_stage', 'yc_flags', 'subindustries']
const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())
const companyField = (column: string) => camel(column) as keyof CompanyRecord
const COMPANY_COLUMNS = ['slug', 'name', ...COMPANY_KEPT, ...COMPANY_LISTS]
const COMPANY_UPSERT = `INSERT INTO companies (${COMPANY_COLUMNS.join(', ')}, created_at, updated_at)
  VALUES (${COMPANY_COLUMNS.map((column) => `@${column}`).join(', ')}, @now, @now)
  ON CONFLICT (slug) DO UPDATE SET
    name = excluded.name,
    ${COMPANY_KEPT.map((column) => `${column} = coalesce(excluded.${column}, ${column})`).join(',\n    ')},
    ${COMPANY_LISTS.map((column) => `${column} = CASE WHEN excluded.${column} = '[]' THEN ${column} ELSE excluded.${column} END`).join(',\n    ')},
    updated_at = excluded.updated_at
  RETURNING id`

/** Inserts or refreshes a company by slug; returns its id. Fields the record leaves out keep their stored value. */
export function upsertCompany(db: DB, company: CompanyRecord, now: string): number {
  // A bare reference (slug and name) to a stored company changes nothing, so it costs one lookup, not a write.
  const bare = Object.entries(company).every(([key, value]) => key === 'slug' || key === 'name' || value === undefined)
  if (bare) {
    const known = prepared(db, 'SELECT id FROM companies WHERE slug = ? AND name = ?').get(company.slug, company.name) as { id: number } | undefined
    if (known) return known.id
  }
  const row = prepared(db, COMPANY_UPSERT).get({
    slug: company.slug,
    name: company.name,
    ...Object.fromEntries(COMPANY_KEPT.map((column) => [column, company[companyField(column)] ?? null])),
    ...Object.fromEntries(COMPANY_LISTS.map((column) => [column, json(company[companyField(column)] as string[] | undefined)])),
    hq_country: company.hqCountry?.toLowerCase() ?? null,
    now,
  }) as { id: number }
  if (company.collections) {
    prepared(db, 'DELETE FROM company_collections WHERE company_id = ?').run(row.id)
    const add = prepared(db, 'INSERT OR IGNORE INTO company_collections (company_id, collection) VALUES (?, ?)')
    for (const collection of company.collections) add.run(row.id, collection)
  }
  return row.id
}

const ATTRIBUTES: readonly PostingAttribute[] = POSTING_ATTRIBUTES

/** Attribute columns of jobs written from the JobRecord field of the same name in camelCase. */
const RECORD_ATTRIBUTES = ATTRIBUTES.filter((row) => tableOf(row) === 'jobs' && !row.fixed && row.kind !== 'multi')
/** Child tables of a posting's list attributes, rewritten with every upsert. */
const JOB_CHILD_TABLES = ATTRIBUTES.filter((row) => row.kind === 'multi' && !row.byCompany).map(tableOf)
/** The company's own type and size stand in when the posting states none. */
const FROM_COMPANY: Record<string, keyof CompanyRecord> = { company_type: 'companyType', company_size: 'companySize' }

function attributeParams(job: JobRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const record = job as unknown as Record<string, unknown>
  for (const attribute of RECORD_ATTRIBUTES) {
    const column = columnOf(attribute)
    const value = record[camel(column)] ?? (FROM_COMPANY[column] ? job.company[FROM_COMPANY[column]] : undefined)
    if (attribute.kind === 'bool') out[camel(column)] = attribute.notNull ? (value ? 1 : 0) : flag(value as boolean | null | undefined)
    else out[camel(column)] = value ?? null
  }
  return out
}

/** Columns every write of a posting sets, beside the attributes; then those only an insert sets. */
const WRITTEN_COLUMNS = [
  'company_id', 'cluster_id', 'title', 'url', 'url_key', 'source_url', 'source_url_key', 'location', 'description_html',
  'description_text', 'manually_added', ...RECORD_ATTRIBUTES.map(columnOf), 'reality_class', 'reality', 'ghost',
  'enriched_at', 'enrichment_version', 'posted_at', 'updated_at', 'last_seen_at', 'closed_at', 'provenance', 'salary_min_exact', 'salary_max_exact',
]
const INSERT_COLUMNS = ['public_slug', 'source', 'external_id', 'created_at', ...WRITTEN_COLUMNS]
const UPDATE_JOB = `UPDATE jobs SET ${WRITTEN_COLUMNS.map((column) => `${column} = @${camel(column)}`).join(', ')} WHERE id = @id`
const INSERT_JOB = `INSERT INTO jobs (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map((column) => `@${camel(column)}`).join(', ')})`

/**
 * A salary as the columns hold it: whole amounts in the integer columns every filter, sort and
 * facet reads, and the exact amount beside them only when it has cents ($27.45 an hour).
 */
export function salaryColumns(min: number | null | undefined, max: number | null | undefined) {
  const whole = (value: number | null | undefined) => (value == null ? null : Math.round(value))
  const exact = (value: number | null | undefined) => (value == null || Number.isInteger(value) ? null : value)
  return { salaryMin: whole(min), salaryMax: whole(max), salaryMinExact: exact(min), salaryMaxExact: exact(max) }
}

export function clusterId(db: DB, key: string | null | undefined): number | null {
  if (!key) return null
  // Look up first: most postings join an existing cluster, and an upsert would rewrite its row each time.
  const known = prepared(db, 'SELECT id FROM role_clusters WHERE cluster_key = ?').get(key) as { id: number } | undefined
  if (known) return known.id
  const row = prepared(db, 'INSERT INTO role_clusters (cluster_key) VALUES (?) RETURNING id').get(key) as { id: number }
  return row.id
}

function ensureSource(db: DB, source: string): void {
  prepared(db, 'INSERT OR IGNORE INTO sources (name, display_name) VALUES (?, ?)').run(source, source)
}

/**
 * Writes one enriched posting (insert or update by source + external id) with its child rows and its
 * full-text entry. Call inside a transaction: a posting is never half written.
 */
export function upsertJob(db: DB, job: JobRecord, now: string = new Date().toISOString()): { id: number; slug: string; outcome: UpsertOutcome } {
  ensureSource(db, job.source)
  const companyId = upsertCompany(db, job.company, now)
  const existing = prepared(db, 'SELECT id, public_slug, closed_at FROM jobs WHERE source = ? AND external_id = ?')
    .get(job.source, job.externalId) as { id: number; public_slug: string; closed_at: string | null } | undefined
  const slug = existing?.public_slug ?? job.publicSlug ?? jobSlug(job.title, job.company.name, job.source, job.externalId)
  const params: Record<string, unknown> = {
    publicSlug: slug,
    source: job.source,
    externalId: job.externalId,
    companyId,
    clusterId: clusterId(db, job.clusterKey),
    title: job.title,
    url: job.url ?? null,
    urlKey: job.url ? normalizeUrl(job.url) : null,
    sourceUrl: job.sourceUrl ?? null,
    sourceUrlKey: job.sourceUrl ? normalizeUrl(job.sourceUrl) : null,
    location: job.location ?? null,
    descriptionHtml: job.descriptionHtml,
    descriptionText: job.descriptionText,
    manuallyAdded: job.manuallyAdded ? 1 : 0,
    ...attributeParams(job),
    realityClass: job.reality?.class ?? null,
    reality: job.reality ? JSON.stringify(job.reality) : null,
    ghost: job.ghost ? JSON.stringify(job.ghost) : null,
    enrichedAt: now,
    enrichmentVersion: job.enrichmentVersion ?? null,
    postedAt: job.postedAt,
    createdAt: job.createdAt ?? now,
    updatedAt: now,
    lastSeenAt: job.lastSeenAt ?? now,
    closedAt: job.closedAt ?? null,
    ...salaryColumns(job.salaryMin, job.salaryMax),
    provenance: job.provenance ? JSON.stringify(job.provenance) : null,
  }
  let id: number
  if (existing) {
    id = existing.id
    prepared(db, UPDATE_JOB).run({ ...params, id })
    for (const table of JOB_CHILD_TABLES) prepared(db, `DELETE FROM ${table} WHERE job_id = ?`).run(id)
  } else {
    id = Number(prepared(db, INSERT_JOB).run(params).lastInsertRowid)
  }
  writeChildren(db, id, job)
  writeFullText(db, id, job, Boolean(existing))
  const outcome: UpsertOutcome = !existing ? 'inserted' : job.closedAt && !existing.closed_at ? 'closed' : 'updated'
  return { id, slug, outcome }
}

function writeChildren(db: DB, id: number, job: JobRecord): void {
  const region = prepared(db, 'INSERT OR IGNORE INTO job_regions (job_id, region) VALUES (?, ?)')
  for (const value of job.regions ?? []) region.run(id, value)
  const country = prepared(db, 'INSERT OR IGNORE INTO job_countries (job_id, country) VALUES (?, ?)')
  for (const value of job.countries ?? []) country.run(id, value.toLowerCase())
  const city = prepared(db, 'INSERT OR IGNORE INTO job_cities (job_id, city, country) VALUES (?, ?, ?)')
  for (const value of job.cities ?? []) city.run(id, value.name, value.country.toLowerCase())
  const skill = prepared(db, 'INSERT OR IGNORE INTO skills (slug, name) VALUES (?, ?)')
  const jobSkill = prepared(db, 'INSERT OR IGNORE INTO job_skills (job_id, skill) VALUES (?, ?)')
  for (const value of job.skills ?? []) {
    skill.run(value.slug, value.name)
    jobSkill.run(id, value.slug)
  }
  const domain = prepared(db, 'INSERT OR IGNORE INTO job_domains (job_id, domain) VALUES (?, ?)')
  for (const value of job.domains ?? []) domain.run(id, value)
}

/** Closed postings are never in the search index, so closing removes the FTS row. */
function writeFullText(db: DB, id: number, job: JobRecord, existed: boolean): void {
  if (existed) prepared(db, 'DELETE FROM jobs_fts WHERE rowid = ?').run(id)
  if (job.closedAt) return
  prepared(db, 'INSERT INTO jobs_fts (rowid, title, company, description) VALUES (?, ?, ?, ?)').run(
    id,
    job.title,
    job.company.name,
    job.descriptionText,
  )
}

/** Marks a posting closed (it stays readable by slug) and drops it from the full-text index. */
export function closeJob(db: DB, id: number, now: string = new Date().toISOString()): boolean {
  const changed = prepared(db, 'UPDATE jobs SET closed_at = ?, updated_at = ? WHERE id = ? AND closed_at IS NULL').run(now, now, id).changes
  if (changed) prepared(db, 'DELETE FROM jobs_fts WHERE rowid = ?').run(id)
  return changed > 0
}

const TRACKING_PARAMS = /^(utm_.*|gclid|fbclid|mc_cid|mc_eid|ref|referrer|source|src|gh_src|lever-source|trk|trackingid)$/i

/** URL identity for /jobs/find: no scheme, no www, no fragment, no tracking parameters, no trailing slash. */
export function normalizeUrl(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw.trim().includes('://') ? raw.trim() : `https://${raw.trim()}`)
  } catch {
    return null
  }
  const params = [...url.searchParams.entries()].filter(([k]) => !TRACKING_PARAMS.test(k)).sort(([a], [b]) => a.localeCompare(b))
  const query = params.length ? '?' + new URLSearchParams(params).toString() : ''
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  const path = url.pathname.replace(/\/+$/, '')
  return `${host}${path}${query}`
}
