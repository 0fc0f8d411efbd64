import TurndownService from 'turndown'
import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import { normalizeSalary } from './salary-normalized.ts'
import { roleCopiesOf } from './role-copies.ts'
import { columnOf, POSTING_ATTRIBUTES, tableOf, type PostingAttribute } from './posting-attributes.ts'

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
  /**
   * Adds `copies_count` and `locations_also` (the rest of the posting's role): served by search,
   * whose items are cards. `true` counts the copies in SQL; a map gives the counts (the search
   * index knows them), and only roles with copies are read for their places.
   */
  roleCopies?: true | ReadonlyMap<number, number>
}

const PREVIEW_CHARS = 280

const ATTRIBUTES: readonly PostingAttribute[] = POSTING_ATTRIBUTES
/** Attributes stored in a jobs column and served from it (inside `enrichment`, or at the top only when set). */
const ENRICHMENT_FIELDS = ATTRIBUTES.filter((row) => row.json === 'enrichment' && row.kind !== 'multi' && !row.computed)
const TOP_IF_SET = ATTRIBUTES.filter((row) => row.json === 'top_if_set')
/** Attributes always at the top of the Job object (null when unknown, lists possibly empty). */
const TOP = ATTRIBUTES.filter((row) => row.json === 'top')
/** List attributes served in the Job object, read from their child tables. */
const CHILD_LISTS = ATTRIBUTES.filter((row) => row.kind === 'multi' && row.json !== 'none')
/**
 * Every list of a page's postings in one statement (one statement per list cost a statement's
 * overhead each, most of reading a page): rows of (list number, posting, value), values in order.
 * Company lists (collections) are read through the posting's company.
 */
const CHILD_LISTS_SQL = CHILD_LISTS.map((attribute, i) => {
  const column = columnOf(attribute)
  return attribute.byCompany
    ? `SELECT ${i} AS attribute, j.id AS job_id, t.${column} AS value FROM jobs j JOIN ${tableOf(attribute)} t ON t.company_id = j.company_id WHERE j.id IN (SELECT value FROM json_each(@ids))`
    : `SELECT ${i} AS attribute, job_id, ${column} AS value FROM ${tableOf(attribute)} WHERE job_id IN (SELECT value FROM json_each(@ids))`
}).join('\nUNION ALL\n') + '\nORDER BY 1, 3'

interface JobRow {
  id: number
  public_slug: string
  title: string
  company_name: string
  company_slug: string
  [column: string]: unknown
}

/** Values of every list attribute (regions, skills, …) by attribute name. */
type Children = Record<string, string[]>

const turndown = new TurndownService({ headingStyle: 'atx', bulletListMarker: '-', codeBlockStyle: 'fenced' })

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The description's lines with their whitespace collapsed, blank ones skipped, read only as far as they are asked for. */
function* textLines(text: string): Generator<string> {
  const lines = /[^\n]+/g
  for (let found = lines.exec(text); found; found = lines.exec(text)) {
    const line = found[0].replace(/\s+/g, ' ').trim()
    if (line) yield line
  }
}

/**
 * The first ~280 characters of the plain text, cut at a word boundary, HTML-escaped. Blocks become
 * one line: a heading-like block ("What you'll do") gets a colon, a list's last item a full stop.
 * Only the lines that reach the cut are read (a description runs to several thousand characters).
 */
export function descriptionPreview(text: string): string {
  const lines = textLines(text)
  let line = lines.next().value as string | undefined
  let flat = ''
  while (line !== undefined && flat.length <= PREVIEW_CHARS) {
    const next = lines.next().value as string | undefined
    let shown = line
    if (next !== undefined && !/[.!?:;,…]$/.test(line)) shown = line.startsWith('•') ? (next.startsWith('•') ? line : `${line}.`) : `${line}:`
    flat = flat ? `${flat} ${shown}` : shown
    line = next
  }
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
const numberOrNull = (value: unknown) => (typeof value === 'number' ? value : null)
const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : null)

function enrichmentOf(row: JobRow, children: Children): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const attribute of ENRICHMENT_FIELDS) {
    const value = row[columnOf(attribute)]
    if (value === null || value === undefined) continue
    out[attribute.name] = attribute.kind === 'bool' ? value === 1 : value
  }
  for (const attribute of CHILD_LISTS) if (attribute.json === 'enrichment' && children[attribute.name]!.length) out[attribute.name] = children[attribute.name]
  const salary = normalizeSalary(numberOrNull(row.salary_min), numberOrNull(row.salary_max), iso(row.salary_currency), iso(row.salary_period))
  if (salary) out.salary_normalized = salary
  return out
}

/** Attributes served at the top only when set: a non-empty value, or a true flag. */
function setAttributes(row: JobRow): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const attribute of TOP_IF_SET) {
    const stored = row[columnOf(attribute)]
    const value = attribute.derive ? attribute.derive.of(stored) : stored
    if (attribute.kind === 'bool') {
      if (value === 1) out[attribute.name] = true
    } else if (value) out[attribute.name] = value
  }
  return out
}

/** Copies the fields that are known: a generated client rejects `null` where a string or number is declared. */
function setKnown(job: Record<string, unknown>, fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) if (value !== null && value !== undefined) job[key] = value
}

/**
 * The Job object of the API (the Job schema of our OpenAPI document): the only place a job row
 * becomes JSON. A field whose value is unknown is omitted, never null; only `closed_at`, `my_vote`
 * and `ghost` are null by contract (still open, no vote, no ghost evidence).
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
  })
  for (const attribute of TOP) setKnown(job, { [attribute.name]: attribute.kind === 'multi' ? children[attribute.name] : row[columnOf(attribute)] })
  Object.assign(job, setAttributes(row))
  setKnown(job, { posted_at: iso(row.posted_at), created_at: iso(row.created_at), updated_at: iso(row.updated_at), last_seen_at: iso(row.last_seen_at) })
  job.closed_at = iso(row.closed_at)
  job.enrichment = enrichmentOf(row, children)
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
  'id', 'public_slug', 'company_id', 'title', 'url', 'source_url', 'location', 'source', 'external_id', 'manually_added', 'posted_at', 'created_at', 'updated_at', 'last_seen_at', 'closed_at', 'reality', 'ghost', 'enriched_at',
  'enrichment_version', 'view_count', 'applied_count', 'upvote_count', 'downvote_count',
  ...new Set([...TOP, ...TOP_IF_SET, ...ENRICHMENT_FIELDS].filter((row) => row.kind !== 'multi').map(columnOf)),
]
  .map((column) => `j.${column}`)
  .join(', ')

/**
 * The page read for a description format: only the description column it serves. The stored HTML
 * is by far the largest value in a row, and decoding it cost ~20x the rest of the row, so it is
 * read only when it is served. Built once: the text is the statement cache's key.
 */
const SELECT_JOBS = Object.fromEntries(
  (['preview', 'html', 'text', 'markdown'] as const).map((format) => {
    const description = format === 'preview' || format === 'text' ? 'j.description_text' : 'j.description_html'
    return [format, `SELECT ${JOB_COLUMNS}, ${description}, c.name AS company_name, c.slug AS company_slug FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id IN (SELECT value FROM json_each(?))`]
  }),
) as Record<DescriptionFormat, string>

/** Loads jobs by id as API objects, in the order of `ids` (missing ids are skipped). One query per table. */
export function loadJobs(db: DB, ids: readonly number[], options: JobJsonOptions): Record<string, unknown>[] {
  if (ids.length === 0) return []
  const idList = JSON.stringify(ids)
  const rows = prepared(db, SELECT_JOBS[options.description])
    .all(idList) as JobRow[]
  const children = new Map<number, Children>()
  for (const row of rows) children.set(row.id, Object.fromEntries(CHILD_LISTS.map((attribute) => [attribute.name, []])))
  for (const [attribute, jobId, value] of prepared(db, CHILD_LISTS_SQL).raw().all({ ids: idList }) as [number, number, string][]) {
    children.get(jobId)?.[CHILD_LISTS[attribute]!.name]!.push(value)
  }
  const byId = new Map(rows.map((row) => [row.id, row]))
  const copies = options.roleCopies ? roleCopiesOf(db, ids, options.roleCopies === true ? undefined : options.roleCopies) : undefined
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const job = toJob(row, children.get(id)!, options)
    const role = copies?.get(id)
    if (role) Object.assign(job, { copies_count: role.count, locations_also: role.locations })
    return [job]
  })
}

/** Job id of a public slug, or undefined. */
export function jobIdBySlug(db: DB, slug: string): number | undefined {
  const row = prepared(db, 'SELECT id FROM jobs WHERE public_slug = ?').get(slug) as { id: number } | undefined
  return row?.id
}
