import TurndownService from 'turndown'
import type { Statement } from 'better-sqlite3'
import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import { normalizeSalary } from './salary-normalized.ts'
import { roleCopiesOf, type CardRow } from './role-copies.ts'
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
  /**
   * The postings' list attributes by job id, by attribute name, in the order SQL serves them (the
   * search index holds them: a page drawn from it needs no list reads). A page with any posting
   * missing from it reads its lists in SQL.
   */
  lists?: ReadonlyMap<number, Readonly<Record<string, string[]>>>
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

/** An attribute with its row column resolved once (toJob runs per posting of every page). */
interface Served {
  attribute: PostingAttribute
  name: string
  column: string
}
const served = (rows: readonly PostingAttribute[]): Served[] => rows.map((attribute) => ({ attribute, name: attribute.name, column: columnOf(attribute) }))
const ENRICHMENT_SERVED = served(ENRICHMENT_FIELDS)
const TOP_IF_SET_SERVED = served(TOP_IF_SET)
const TOP_SERVED = served(TOP)
const ENRICHMENT_LISTS = CHILD_LISTS.filter((attribute) => attribute.json === 'enrichment').map((attribute) => attribute.name)
/**
 * Each list of a posting as a JSON array in its own column of the page's one statement (a second
 * statement for the lists cost a statement's overhead, and sorting their rows, for every page):
 * a range of the child table's (posting, value) key, values in order. Company lists (collections)
 * are read through the posting's company.
 */
const LIST_COLUMNS = CHILD_LISTS.map((_, i) => `list_${i}`)
const LISTS_SQL = CHILD_LISTS.map((attribute, i) => {
  const column = columnOf(attribute)
  const key = attribute.byCompany ? 'company_id = j.company_id' : 'job_id = j.id'
  return `(SELECT json_group_array(${column} ORDER BY ${column}) FROM ${tableOf(attribute)} WHERE ${key}) AS ${LIST_COLUMNS[i]}`
}).join(', ')

/** A page's row: the card's own columns (role-copies.ts reads its cluster and location) and every column toJob reads. */
interface JobRow extends CardRow {
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

const SPACES = /\s+/g

/** The description's lines from `from` on: the next one with its whitespace collapsed (blank ones skipped), and where the rest starts. */
function nextLine(text: string, from: number): { line: string; rest: number } | undefined {
  while (from < text.length) {
    const end = text.indexOf('\n', from)
    const stop = end < 0 ? text.length : end
    const line = text.slice(from, stop).replace(SPACES, ' ').trim()
    from = stop + 1
    if (line) return { line, rest: from }
  }
  return undefined
}

/**
 * The first ~280 characters of the plain text, cut at a word boundary, HTML-escaped. Blocks become
 * one line: a heading-like block ("What you'll do") gets a colon, a list's last item a full stop.
 * Only the lines that reach the cut are read, and of a long description only its start: a prefix
 * whose flattened text runs two characters past the cut gives the same preview (the part of a line
 * a prefix cuts off only changes that line's end); a prefix of mostly blank space does not, and
 * the whole text is read then.
 */
export function descriptionPreview(text: string): string {
  if (text.length > PREVIEW_READ) {
    const flat = flatten(text.slice(0, PREVIEW_READ))
    if (flat.length > PREVIEW_CHARS + 1) return cut(flat)
  }
  return cut(flatten(text))
}

/** Characters of a description read for its preview first. */
const PREVIEW_READ = PREVIEW_CHARS * 4

/** The description's lines as one line, read until it passes the cut. */
function flatten(text: string): string {
  let found = nextLine(text, 0)
  let flat = ''
  while (found !== undefined && flat.length <= PREVIEW_CHARS) {
    const { line } = found
    const next = nextLine(text, found.rest)
    let shown = line
    if (next !== undefined && !/[.!?:;,…]$/.test(line)) shown = line.startsWith('•') ? (next.line.startsWith('•') ? line : `${line}.`) : `${line}:`
    flat = flat ? `${flat} ${shown}` : shown
    found = next
  }
  return flat
}

function cut(flat: string): string {
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
  for (const { attribute, name, column } of ENRICHMENT_SERVED) {
    const value = row[column]
    if (value === null || value === undefined) continue
    out[name] = attribute.kind === 'bool' ? value === 1 : value
  }
  for (const name of ENRICHMENT_LISTS) if (children[name]!.length) out[name] = children[name]
  // An hourly amount with cents is served exact; the integer column holds it rounded for filters.
  if (typeof row.salary_min_exact === 'number') out.salary_min = row.salary_min_exact
  if (typeof row.salary_max_exact === 'number') out.salary_max = row.salary_max_exact
  const salary = normalizeSalary(numberOrNull(out.salary_min ?? null), numberOrNull(out.salary_max ?? null), iso(row.salary_currency), iso(row.salary_period))
  if (salary) out.salary_normalized = salary
  const provenance = parse(row.provenance)
  if (provenance) out.provenance = provenance
  return out
}

/** Attributes served at the top only when set: a non-empty value, or a true flag. */
function putSetAttributes(job: Record<string, unknown>, row: JobRow): void {
  for (const { attribute, name, column } of TOP_IF_SET_SERVED) {
    const stored = row[column]
    const value = attribute.derive ? attribute.derive.of(stored) : stored
    if (attribute.kind === 'bool') {
      if (value === 1) job[name] = true
    } else if (value) job[name] = value
  }
}

/** Sets a field that is known: a generated client rejects `null` where a string or number is declared. */
function putKnown(job: Record<string, unknown>, key: string, value: unknown): void {
  if (value !== null && value !== undefined) job[key] = value
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
  putKnown(job, 'url', row.url)
  if (options.applyUrl) putKnown(job, 'apply_url', row.url ?? row.source_url)
  putKnown(job, 'location', row.location)
  job.source = row.source
  job.external_id = row.external_id
  job.manually_added = row.manually_added === 1
  job.description = describe(row, options.description)
  for (const { attribute, name, column } of TOP_SERVED) putKnown(job, name, attribute.kind === 'multi' ? children[name] : row[column])
  putSetAttributes(job, row)
  putKnown(job, 'posted_at', iso(row.posted_at))
  putKnown(job, 'created_at', iso(row.created_at))
  putKnown(job, 'updated_at', iso(row.updated_at))
  putKnown(job, 'last_seen_at', iso(row.last_seen_at))
  job.closed_at = iso(row.closed_at)
  job.enrichment = enrichmentOf(row, children)
  putKnown(job, 'enriched_at', iso(row.enriched_at))
  putKnown(job, 'enrichment_version', row.enrichment_version)
  job.my_vote = options.myVotes?.get(row.id) ?? null
  putKnown(job, 'reality', parse(row.reality))
  if (options.ghost) job.ghost = parse(row.ghost)
  job.view_count = row.view_count
  job.applied_count = row.applied_count
  job.upvote_count = row.upvote_count
  job.downvote_count = row.downvote_count
  return job
}

/** Every column toJob reads except the two description columns. */
const JOB_COLUMNS = [
  'id', 'public_slug', 'company_id', 'cluster_id', 'title', 'url', 'source_url', 'location', 'source', 'external_id', 'manually_added', 'posted_at', 'created_at', 'updated_at', 'last_seen_at', 'closed_at', 'reality', 'ghost', 'enriched_at',
  'enrichment_version', 'view_count', 'applied_count', 'upvote_count', 'downvote_count', 'provenance', 'salary_min_exact', 'salary_max_exact',
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
    const select = (lists: string) => `SELECT ${JOB_COLUMNS}, ${description}, c.name AS company_name, c.slug AS company_slug${lists} FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id IN (SELECT value FROM json_each(?))`
    return [format, { withLists: select(`, ${LISTS_SQL}`), withoutLists: select('') }]
  }),
) as Record<DescriptionFormat, { withLists: string; withoutLists: string }>

/**
 * A page's rows are read raw (arrays: better-sqlite3 makes an object of ~50 columns property by
 * property, which cost more than the rest of reading the row) and read by column name through
 * getters of one class per statement.
 */
const rowClasses = new WeakMap<Statement, new (values: unknown[]) => JobRow>()
const VALUES = Symbol('values')

function rowClassOf(statement: Statement): new (values: unknown[]) => JobRow {
  let Row = rowClasses.get(statement)
  if (!Row) {
    // The values sit under a symbol, so no column name can shadow them.
    const Class = class {
      readonly [VALUES]: unknown[]
      constructor(values: unknown[]) {
        this[VALUES] = values
      }
    }
    statement.columns().forEach(({ name }, i) => Object.defineProperty(Class.prototype, name, { get(this: InstanceType<typeof Class>) { return this[VALUES][i] } }))
    Row = Class as unknown as new (values: unknown[]) => JobRow
    rowClasses.set(statement, Row)
  }
  return Row
}

/** Loads jobs by id as API objects, in the order of `ids` (missing ids are skipped). One statement for the page. */
export function loadJobs(db: DB, ids: readonly number[], options: JobJsonOptions): Record<string, unknown>[] {
  if (ids.length === 0) return []
  const known = options.lists
  const listed = known !== undefined && ids.every((id) => known.has(id))
  const sql = SELECT_JOBS[options.description]
  const statement = prepared(db, listed ? sql.withoutLists : sql.withLists)
  const Row = rowClassOf(statement)
  const rows = (statement.raw(true).all(JSON.stringify(ids)) as unknown[][]).map((values) => new Row(values))
  const byId = new Map(rows.map((row) => [row.id, row]))
  const copies = options.roleCopies ? roleCopiesOf(db, rows, options.roleCopies === true ? undefined : options.roleCopies) : undefined
  return ids.flatMap((id) => {
    const row = byId.get(id)
    if (!row) return []
    const children: Children = {}
    CHILD_LISTS.forEach((attribute, i) => (children[attribute.name] = listed ? known.get(id)![attribute.name]! : JSON.parse(row[LIST_COLUMNS[i]!] as string)))
    const job = toJob(row, children, options)
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
