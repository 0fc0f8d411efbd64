/**
 * Reads postings from SQLite into DocColumns: all open postings at start (or after a large change),
 * or just the postings the change log names (an incremental patch).
 */
import type { DB } from '../db/connection.ts'
import { andNotDocs } from './bitmap.ts'
import { DocColumns, type NumberColumn } from './doc-columns.ts'
import { FACET_NAMES, MULTI_FACETS, type FacetName } from './facet-spec.ts'
import { tokenize } from './text-tokens.ts'
import { TECH_CLASS_SQL } from '../catalogue/tech-category.ts'

/** Word lists kept for relevance tiers: a query word found in the title ranks above one found in the description. */
export const TITLE_WORDS = 'title_words'
export const COMPANY_WORDS = 'company_words'

const SINGLE_SOURCES: Partial<Record<FacetName, string>> = {
  work_mode: 'j.work_mode', role: 'j.role', category: 'j.category', ai_archetype: 'j.ai_archetype',
  seniority: 'j.seniority', role_type: 'j.role_type', company_type: 'j.company_type', relocation: 'j.relocation',
  employment_type: 'j.employment_type', english_level: 'j.english_level', posting_language: 'j.posting_language',
  reality: 'j.reality_class', salary_currency: 'j.salary_currency', company_slug: 'c.slug', source: 'j.source',
  company_size: 'j.company_size', education_level: 'j.education_level', salary_period: 'j.salary_period',
  // Derived from category (src/catalogue/tech-category.ts), which the covering index already holds.
  is_tech: TECH_CLASS_SQL,
}

const list = (table: string, column: string, key = 'job_id = j.id') => `(SELECT group_concat(${column}, char(31)) FROM ${table} WHERE ${key})`
const MULTI_SOURCES: Partial<Record<FacetName, string>> = {
  collections: list('company_collections', 'collection', 'company_id = j.company_id'),
  regions: list('job_regions', 'region'),
  skills: list('job_skills', 'skill'),
  domains: list('job_domains', 'domain'),
  countries: list('job_countries', 'lower(country)'),
  cities: list('job_cities', 'city'),
}

export const SINGLE_FIELDS = FACET_NAMES.filter((name) => SINGLE_SOURCES[name])
export const MULTI_FIELDS = [...MULTI_FACETS, TITLE_WORDS, COMPANY_WORDS]

const NUMBER_SOURCES: [NumberColumn, string][] = [
  ['salaryMin', 'j.salary_min'], ['salaryMax', 'j.salary_max'], ['experienceYearsMin', 'j.experience_years_min'],
  // Dates to the millisecond, as they are served: ordering by them is exact, not by the second.
  ['postedAt', "unixepoch(j.posted_at, 'subsec')"], ['createdAt', "unixepoch(j.created_at, 'subsec')"], ['viewCount', 'j.view_count'],
]

// Fixed column positions of the raw rows below.
const HEAD = ['j.id', 'j.closed_at IS NULL', 'j.title', 'c.name', 'j.visa_sponsorship', 'j.requires_clearance']
const SELECT = `SELECT ${[
  ...HEAD,
  ...NUMBER_SOURCES.map(([, sql]) => sql),
  ...SINGLE_FIELDS.map((name) => SINGLE_SOURCES[name]!),
  ...MULTI_FACETS.map((name) => MULTI_SOURCES[name]!),
].join(', ')} FROM jobs j JOIN companies c ON c.id = j.company_id`

type Row = unknown[]

function writeRow(columns: DocColumns, doc: number, row: Row): void {
  let at = HEAD.length
  columns.visaSponsorship[doc] = row[4] === null ? -1 : Number(row[4])
  columns.requiresClearance[doc] = Number(row[5])
  for (const [column] of NUMBER_SOURCES) {
    const value = row[at++]
    columns.number(column)[doc] = value === null ? NaN : Number(value)
  }
  for (const field of SINGLE_FIELDS) {
    const value = row[at++]
    columns.single(field)[doc] = typeof value === 'string' && value ? columns.dictionary(field).intern(value) + 1 : 0
  }
  columns.live[doc >>> 5]! |= 1 << (doc & 31)
}

/** Titles and company names repeat across postings: their word codes are computed once per text. */
type WordMemo = Map<string, number[]>

/** Dictionary codes of the row's multi-valued fields, in MULTI_FIELDS order. */
function multiCodes(columns: DocColumns, row: Row, memo: WordMemo): number[][] {
  const at = HEAD.length + NUMBER_SOURCES.length + SINGLE_FIELDS.length
  const out: number[][] = []
  for (let i = 0; i < MULTI_FACETS.length; i++) {
    const joined = row[at + i]
    if (typeof joined !== 'string' || !joined) {
      out.push([])
      continue
    }
    // Child tables key (job, value), so a posting never lists a value twice.
    const dictionary = columns.dictionary(MULTI_FACETS[i]!)
    out.push(joined.split('\u001f').map((value) => dictionary.intern(value)))
  }
  const words = (field: string, text: string) => {
    const key = `${field}\u0000${text}`
    let codes = memo.get(key)
    if (!codes) {
      codes = [...new Set(tokenize(text))].map((word) => columns.dictionary(field).intern(word))
      memo.set(key, codes)
    }
    return codes
  }
  out.push(words(TITLE_WORDS, String(row[2] ?? '')), words(COMPANY_WORDS, String(row[3] ?? '')))
  return out
}

/** Every open posting, in job id order. */
export function loadAllOpen(db: DB): DocColumns {
  const { count } = db.prepare('SELECT count(*) AS count FROM jobs WHERE closed_at IS NULL').get() as { count: number }
  const columns = new DocColumns(SINGLE_FIELDS, MULTI_FIELDS, Math.max(16, count))
  const rows = db.prepare(`${SELECT} WHERE j.closed_at IS NULL ORDER BY j.id`).raw(true)
  const memo: WordMemo = new Map()
  const csrs = MULTI_FIELDS.map((field) => columns.multi(field))
  for (const row of rows.iterate() as IterableIterator<Row>) {
    const doc = columns.addDoc(Number(row[0]))
    writeRow(columns, doc, row)
    const codes = multiCodes(columns, row, memo)
    for (let i = 0; i < csrs.length; i++) csrs[i]!.append(doc, codes[i]!)
  }
  return columns
}

/**
 * Applies changes of the given jobs in place: new open postings get a document, changed ones are
 * overwritten, closed or deleted ones leave `live`. The CSR arrays are rebuilt in one pass.
 */
export function patchJobs(db: DB, columns: DocColumns, jobIds: readonly number[]): void {
  const rows = db.prepare(`${SELECT} WHERE j.id IN (SELECT value FROM json_each(?))`).raw(true).all(JSON.stringify(jobIds)) as Row[]
  const byId = new Map(rows.map((row) => [Number(row[0]), row]))
  const oldDocCount = columns.docCount
  const changedMulti = new Map<number, number[][]>()
  const memo: WordMemo = new Map()
  const gone: number[] = []
  for (const jobId of jobIds) {
    const row = byId.get(jobId)
    const existing = columns.docOf(jobId)
    if (!row || row[1] !== 1) {
      if (existing !== undefined) gone.push(existing)
      continue
    }
    const doc = existing ?? columns.addDoc(jobId)
    writeRow(columns, doc, row)
    changedMulti.set(doc, multiCodes(columns, row, memo))
  }
  andNotDocs(columns.live, gone)
  MULTI_FIELDS.forEach((field, i) => {
    const changed = new Map([...changedMulti].map(([doc, codes]) => [doc, codes[i]!]))
    columns.multis.set(field, columns.multi(field).patched(oldDocCount, columns.docCount, changed))
  })
}
