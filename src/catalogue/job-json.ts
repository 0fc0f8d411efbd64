import TurndownService from 'turndown'
import type { DB } from '../db/connection.ts'
import { techClassOf } from './tech-category.ts'

/** How the description is served: search previews, the stored HTML, or agent formats. */
export type DescriptionFormat = 'preview' | 'html' | 'text' | 'markdown'

export interface JobJsonOptions {
  description: DescriptionFormat
  /** ghost is served by plain search, the jobs list and single read; not by agent search or similar jobs. */
  ghost: boolean
  /** The signed-in caller's votes by job id (absent: my_vote is null). */
  myVotes?: Map<number, number>
  /** Adds `apply_url` (the application URL, else the source URL): served by /jobs/{slug}/copies. */
  applyUrl?: boolean
}

const PREVIEW_CHARS = 280

const ENRICHMENT_FIELDS = [
  'summary', 'employment_type', 'relocation', 'visa_sponsorship', 'timezone_note', 'salary_min', 'salary_max',
  'salary_currency', 'salary_period', 'seniority', 'experience_years_min', 'english_level', 'education_level',
  'category', 'posting_language', 'company_type', 'company_size',
] as const

interface JobRow {
  id: number
  public_slug: string
  title: string
  company_name: string
  company_slug: string
  [column: string]: unknown
}

interface Children {
  regions: string[]
  countries: string[]
  cities: string[]
  skills: string[]
  domains: string[]
  collections: string[]
}

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' })

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The first ~280 characters of the plain text, cut at a word boundary, HTML-escaped. */
export function descriptionPreview(text: string): string {
  // Blocks become one line: a heading-like block ("What you'll do") gets a colon, a list's last item a full stop.
  const flat = text
    .split(/\n+/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((line, i, lines) => {
      const next = lines[i + 1]
      if (next === undefined || /[.!?:;,…]$/.test(line)) return line
      if (line.startsWith('•')) return next.startsWith('•') ? line : `${line}.`
      return `${line}:`
    })
    .join(' ')
  if (flat.length <= PREVIEW_CHARS) return escapeHtml(flat)
  const cut = flat.slice(0, PREVIEW_CHARS)
  const space = cut.lastIndexOf(' ')
  return escapeHtml((space > PREVIEW_CHARS * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')) + '…'
}

function describe(row: JobRow, format: DescriptionFormat): string {
  const html = row.description_html as string
  const text = row.description_text as string
  switch (format) {
    case 'preview':
      return descriptionPreview(text)
    case 'text':
      return text
    case 'markdown':
      return turndown.turndown(html)
    default:
      return html
  }
}

const iso = (value: unknown) => (typeof value === 'string' ? value : null)
const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : null)

function enrichmentOf(row: JobRow, domains: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of ENRICHMENT_FIELDS) {
    const value = row[field]
    if (value === null || value === undefined) continue
    out[field] = field === 'visa_sponsorship' ? value === 1 : value
  }
  if (domains.length) out.domains = domains
  return out
}

/** Copies the fields that are known: a generated client rejects `null` where a string or number is declared. */
function setKnown(job: Record<string, unknown>, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) job[key] = value
}

/**
 * The Job object of the API (decisions.md "Job object"): the only place a job row becomes JSON.
 * A field whose value is unknown is omitted, never null; only `closed_at`, `my_vote` and `ghost`
 * are null by contract (still open, no vote, no ghost evidence).
 */
export function toJob(row: JobRow, children: Children, options: JobJsonOptions): Record<string, unknown> {
  const job: Record<string, unknown> = {
    public_slug: row.public_slug,
    title: row.title,
    company: row.company_name,
    company_slug: row.company_slug,
  }
  setKnown(job, { url: row.url, apply_url: options.applyUrl ? (row.url ?? row.source_url) : undefined, location: row.location })
  Object.assign(job, {
    source: row.source,
    external_id: row.external_id,
    manually_added: row.manually_added === 1,
    description: describe(row, options.description),
    regions: children.regions,
    countries: children.countries,
    cities: children.cities,
  })
  setKnown(job, { work_mode: row.work_mode })
  job.skills = children.skills
  job.collections = children.collections
  if (row.role) job.role = row.role
  if (row.role_type) job.role_type = row.role_type
  if (row.ai_archetype) job.ai_archetype = row.ai_archetype
  if (row.requires_clearance === 1) job.requires_clearance = true
  const isTech = techClassOf(row.category as string | null)
  if (isTech) job.is_tech = isTech
  setKnown(job, { posted_at: iso(row.posted_at), created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_seen_at: iso(row.last_seen_at) })
  job.closed_at = iso(row.closed_at)
  job.enrichment = enrichmentOf(row, children.domains)
  setKnown(job, { enriched_at: iso(row.enriched_at), enrichment_version: row.enrichment_version })
  job.my_vote = options.myVotes?.get(row.id) ?? null
  setKnown(job, { reality: parse(row.reality) })
  if (options.ghost) job.ghost = parse(row.ghost)
  Object.assign(job, {
    view_count: row.view_count,
    applied_count: row.applied_count,
    upvote_count: row.upvote_count,
    downvote_count: row.downvote_count,
  })
  return job
}

/** Every column toJob reads except the two description columns. */
const JOB_COLUMNS = [
  'id', 'public_slug', 'company_id', 'title', 'url', 'source_url', 'location', 'source', 'external_id', 'manually_added', 'work_mode',
  'role', 'role_type', 'ai_archetype', 'requires_clearance', 'posted_at', 'created_at', 'updated_at', 'last_seen_at',
  'closed_at', 'reality', 'ghost', 'enriched_at', 'enrichment_version', 'view_count', 'applied_count', 'upvote_count',
  'downvote_count', ...ENRICHMENT_FIELDS,
]
  .map((column) => `j.${column}`)
  .join(', ')

/**
 * Columns to select for a description format. The stored HTML is by far the largest value in a row,
 * and decoding it cost ~20x the rest of the row, so it is read only when it is served.
 */
function selectColumns(format: DescriptionFormat): string {
  const description = format === 'preview' || format === 'text' ? 'j.description_text' : 'j.description_html'
  return `${JOB_COLUMNS}, ${description}, c.name AS company_name, c.slug AS company_slug`
}

/** Loads jobs by id as API objects, in the order of `ids` (missing ids are skipped). One query per table. */
export function loadJobs(db: DB, ids: readonly number[], options: JobJsonOptions): Record<string, unknown>[] {
  if (ids.length === 0) return []
  const idList = JSON.stringify(ids)
  const rows = db
    .prepare(`SELECT ${selectColumns(options.description)} FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id IN (SELECT value FROM json_each(?))`)
    .all(idList) as JobRow[]
  const children = new Map<number, Children>()
  const companyIds = new Map<number, number>()
  for (const row of rows) {
    children.set(row.id, { regions: [], countries: [], cities: [], skills: [], domains: [], collections: [] })
    companyIds.set(row.id, row.company_id as number)
  }
  const fill = (sql: string, key: keyof Children) => {
    for (const { job_id, value } of db.prepare(sql).all(idList) as { job_id: number; value: string }[]) children.get(job_id)?.[key].push(value)
  }
  fill('SELECT job_id, region AS value FROM job_regions WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY region', 'regions')
  fill('SELECT job_id, country AS value FROM job_countries WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY country', 'countries')
  fill('SELECT job_id, city AS value FROM job_cities WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY city', 'cities')
  fill('SELECT job_id, skill AS value FROM job_skills WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY skill', 'skills')
  fill('SELECT job_id, domain AS value FROM job_domains WHERE job_id IN (SELECT value FROM json_each(?)) ORDER BY domain', 'domains')
  const collections = db
    .prepare(
      `SELECT j.id AS job_id, cc.collection AS value FROM jobs j JOIN company_collections cc ON cc.company_id = j.company_id
       WHERE j.id IN (SELECT value FROM json_each(?)) ORDER BY cc.collection`,
    )
    .all(idList) as { job_id: number; value: string }[]
  for (const { job_id, value } of collections) children.get(job_id)?.collections.push(value)
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.flatMap((id) => {
    const row = byId.get(id)
    return row ? [toJob(row, children.get(id)!, options)] : []
  })
}

/** Job id of a public slug, or undefined. */
export function jobIdBySlug(db: DB, slug: string): number | undefined {
  const row = db.prepare('SELECT id FROM jobs WHERE public_slug = ?').get(slug) as { id: number } | undefined
  return row?.id
}
