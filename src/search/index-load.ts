/**
 * Reads postings from SQLite into DocColumns: all open postings at start (or after a large change),
 * or just the postings the change log names (an incremental patch). What it reads follows the
 * posting-attribute table: every string facet, every number with a filter or a sort, every flag.
 */
import type { DB } from '../db/connection.ts'
import { andNotDocs } from './bitmap.ts'
import { columnOf, POSTING_ATTRIBUTES, tableOf, type PostingAttribute } from '../catalogue/posting-attributes.ts'
import { DocColumns, FLAG_COLUMNS, grow, NUMBER_COLUMNS } from './doc-columns.ts'
import { FACET_NAMES, MULTI_FACETS } from './facet-spec.ts'
import { tokenize } from './text-tokens.ts'
import { loadCompanyList, loadJobList } from './index-load-lists.ts'
import { salarySortValue } from '../catalogue/salary-normalized.ts'

/** Word lists kept for relevance tiers: a query word found in the title ranks above one found in the description. */
export const TITLE_WORDS = 'title_words'
export const COMPANY_WORDS = 'company_words'

const ATTRIBUTES: readonly PostingAttribute[] = POSTING_ATTRIBUTES
const attribute = (name: string) => ATTRIBUTES.find((row) => row.name === name)!
const alias = (row: PostingAttribute) => (tableOf(row) === 'companies' ? 'c' : 'j')

/** SQL reading a single-valued attribute of the posting (j) or its company (c). */
const singleSource = (row: PostingAttribute) => (row.derive ? row.derive.sql(`${alias(row)}.${columnOf(row)}`) : `${alias(row)}.${columnOf(row)}`)

/** SQL reading a multi-valued attribute as one text, values separated by U+001F. */
function multiSource(row: PostingAttribute): string {
  const value = row.lowercase ? `lower(${columnOf(row)})` : columnOf(row)
  const key = row.byCompany ? 'company_id = j.company_id' : 'job_id = j.id'
  return `(SELECT group_concat(${value}, char(31)) FROM ${tableOf(row)} WHERE ${key})`
}

// Dates to the millisecond, as they are served: ordering by them is exact, not by the second.
const numberSource = (row: PostingAttribute) => (row.kind === 'date' ? `unixepoch(j.${columnOf(row)}, 'subsec')` : `j.${columnOf(row)}`)

/** Numbers read from SQL; the computed ones (salary_normalized) follow from them in writeRow. */
const LOADED_NUMBERS = NUMBER_COLUMNS.filter((name) => !attribute(name).computed)

export const SINGLE_FIELDS = FACET_NAMES.filter((name) => !MULTI_FACETS.includes(name))
export const MULTI_FIELDS = [...MULTI_FACETS, TITLE_WORDS, COMPANY_WORDS]

// Fixed column positions of the raw rows below.
const HEAD = ['j.id', 'j.closed_at IS NULL', 'j.title', 'c.name']
/** One value per posting: every column the full load reads from jobs (the covering index jobs_search_load names them all). */
const SCALARS = [
  ...HEAD,
  ...FLAG_COLUMNS.map((name) => `j.${columnOf(attribute(name))}`),
  ...LOADED_NUMBERS.map((name) => numberSource(attribute(name))),
  ...SINGLE_FIELDS.map((name) => singleSource(attribute(name))),
]
const FROM = 'FROM jobs j JOIN companies c ON c.id = j.company_id'
/** A patch reads a few postings with their lists (and role cluster, last) inline; the full load reads them table by table. */
const SELECT = `SELECT ${[...SCALARS, ...MULTI_FACETS.map((name) => multiSource(attribute(name))), 'j.cluster_id'].join(', ')} ${FROM}`
/** Role clusters of the open postings, from the covering index jobs_cluster_posted (never the rows). */
const SELECT_CLUSTERS = "SELECT group_concat(id || ',' || cluster_id, ',') FROM jobs INDEXED BY jobs_cluster_posted WHERE cluster_id IS NOT NULL AND closed_at IS NULL"
/** Positions in SCALARS of the company's values (its name, its facets): the full load reads them once per company, not per posting. */
const COMPANY_VALUES = [HEAD.indexOf('c.name'), ...SINGLE_FIELDS.flatMap((name, i) => (tableOf(attribute(name)) === 'companies' ? [HEAD.length + FLAG_COLUMNS.length + LOADED_NUMBERS.length + i] : []))]
const SELECT_COMPANIES = `SELECT c.id, ${COMPANY_VALUES.map((at) => SCALARS[at]).join(', ')} FROM companies c`
const SELECT_OPEN_RANGE = `SELECT ${[...SCALARS.map((sql, at) => (COMPANY_VALUES.includes(at) ? 'NULL' : sql)), 'j.company_id'].join(', ')} FROM jobs j WHERE j.closed_at IS NULL AND j.id >= ? AND j.id < ? ORDER BY j.id`

type Row = unknown[]

function writeRow(columns: DocColumns, doc: number, row: Row): void {
  let at = HEAD.length
  for (const column of FLAG_COLUMNS) {
    const value = row[at++]
    columns.flag(column)[doc] = value === null ? -1 : Number(value)
  }
  for (const column of LOADED_NUMBERS) {
    const value = row[at++]
    columns.number(column)[doc] = value === null ? NaN : Number(value)
  }
  for (const field of SINGLE_FIELDS) {
    const value = row[at++]
    columns.single(field)[doc] = typeof value === 'string' && value ? columns.dictionary(field).intern(value) + 1 : 0
  }
  const salary = columns.number('salary_normalized')
  salary[doc] = salarySortValue(columns.number('salary_min')[doc]!, columns.number('salary_max')[doc]!, nameOf(columns, 'salary_currency', doc), nameOf(columns, 'salary_period', doc))
  columns.live[doc >>> 5]! |= 1 << (doc & 31)
}

// Module-level, not closures per row: the full load calls these a million times.
function nameOf(columns: DocColumns, field: string, doc: number): string | null {
  const code = columns.single(field)[doc]!
  return code ? columns.dictionary(field).names[code - 1]! : null
}

/** Titles and company names repeat across postings: their word codes are computed once per text (title memo, company memo). */
type WordMemo = [Map<string, number[]>, Map<string, number[]>]
const wordMemo = (): WordMemo => [new Map(), new Map()]

function textCodes(columns: DocColumns, field: string, memo: Map<string, number[]>, text: string): number[] {
  let codes = memo.get(text)
  if (!codes) {
    codes = [...new Set(tokenize(text))].map((word) => columns.dictionary(field).intern(word))
    memo.set(text, codes)
  }
  return codes
}

/** Word codes of the row's title and company name. */
function wordCodes(columns: DocColumns, row: Row, memo: WordMemo): [number[], number[]] {
  return [textCodes(columns, TITLE_WORDS, memo[0], String(row[2] ?? '')), textCodes(columns, COMPANY_WORDS, memo[1], String(row[3] ?? ''))]
}

/** Dictionary codes of the row's multi-valued fields, in MULTI_FIELDS order. */
function multiCodes(columns: DocColumns, row: Row, memo: WordMemo): number[][] {
  const at = SCALARS.length
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
  out.push(...wordCodes(columns, row, memo))
  return out
}

/** Job ids from `from` up to (not including) `to`: the whole catalogue, or one share of a load on threads (index-load-threads.ts). */
export interface IdRange {
  from: number
  to: number
}
const EVERY_ID: IdRange = { from: 0, to: Number.MAX_SAFE_INTEGER }

/** Every open posting, in job id order, with its role cluster. */
export function loadAllOpen(db: DB): DocColumns {
  const columns = loadOpenRange(db, EVERY_ID)
  fillClusters(db, columns)
  return columns
}

/**
 * The open postings of one id range, in job id order, without their role clusters: one scan of the
 * covering index for the one-value columns, then one ordered scan per list table (keyed by job, or
 * by company), instead of a lookup per posting and list.
 */
export function loadOpenRange(db: DB, range: IdRange): DocColumns {
  const { count } = db.prepare('SELECT count(*) AS count FROM jobs WHERE closed_at IS NULL AND id >= ? AND id < ?').get(range.from, range.to) as { count: number }
  const columns = new DocColumns(SINGLE_FIELDS, MULTI_FIELDS, Math.max(16, count))
  const memo = wordMemo()
  const titles = columns.multi(TITLE_WORDS)
  const companies = columns.multi(COMPANY_WORDS)
  let companyOf = new Uint32Array(Math.max(16, count))
  const companyValues = new Map((db.prepare(SELECT_COMPANIES).raw(true).all() as Row[]).map(([id, ...values]) => [Number(id), values]))
  for (const row of db.prepare(SELECT_OPEN_RANGE).raw(true).iterate(range.from, range.to) as IterableIterator<Row>) {
    const values = companyValues.get(Number(row[SCALARS.length]))
    if (values) for (let i = 0; i < COMPANY_VALUES.length; i++) row[COMPANY_VALUES[i]!] = values[i]
    const doc = columns.addDoc(Number(row[0]))
    writeRow(columns, doc, row)
    const [title, company] = wordCodes(columns, row, memo)
    titles.append(doc, title)
    companies.append(doc, company)
    if (doc >= companyOf.length) companyOf = grow(companyOf, doc + 1)
    companyOf[doc] = Number(row[SCALARS.length])
  }
  for (const name of MULTI_FACETS) {
    const row = attribute(name)
    columns.multis.set(name, row.byCompany ? loadCompanyList(db, columns, row, companyOf) : loadJobList(db, columns, row, range))
  }
  return columns
}

/**
 * The role clusters of the loaded postings, from one scan of an index (one per catalogue, not per
 * range: the index is not by id), read as one text of "id,cluster" pairs: three times cheaper than
 * a row each.
 */
export function fillClusters(db: DB, columns: DocColumns): void {
  const text = (db.prepare(SELECT_CLUSTERS).pluck().get() as string | null) ?? ''
  for (let at = 0; at < text.length; at++) {
    let id = 0
    let cluster = 0
    for (let c = text.charCodeAt(at); c !== 44; c = text.charCodeAt(++at)) id = id * 10 + c - 48
    for (let c = text.charCodeAt(++at); c === c && c !== 44; c = text.charCodeAt(++at)) cluster = cluster * 10 + c - 48
    const doc = columns.docOf(id)
    if (doc !== undefined) columns.clusters[doc] = cluster
  }
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
  const memo = wordMemo()
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
    columns.clusters[doc] = Number(row[row.length - 1] ?? 0)
    changedMulti.set(doc, multiCodes(columns, row, memo))
  }
  andNotDocs(columns.live, gone)
  MULTI_FIELDS.forEach((field, i) => {
    const changed = new Map([...changedMulti].map(([doc, codes]) => [doc, codes[i]!]))
    columns.multis.set(field, columns.multi(field).patched(oldDocCount, columns.docCount, changed))
  })
}
