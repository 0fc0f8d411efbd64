/**
 * Reads postings from SQLite into DocColumns: all open postings at start (or after a large change),
 * or just the postings the change log names (an incremental patch). What it reads follows the
 * posting-attribute table: every string facet, every number with a filter or a sort, every flag.
 */
import type { DB } from '../db/connection.ts'
import { andNotDocs } from './bitmap.ts'
import { columnOf, POSTING_ATTRIBUTES, tableOf, type PostingAttribute } from '../catalogue/posting-attributes.ts'
import { DocColumns, FLAG_COLUMNS, NUMBER_COLUMNS } from './doc-columns.ts'
import { FACET_NAMES, MULTI_FACETS } from './facet-spec.ts'
import { tokenize } from './text-tokens.ts'

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

export const SINGLE_FIELDS = FACET_NAMES.filter((name) => !MULTI_FACETS.includes(name))
export const MULTI_FIELDS = [...MULTI_FACETS, TITLE_WORDS, COMPANY_WORDS]

// Fixed column positions of the raw rows below.
const HEAD = ['j.id', 'j.closed_at IS NULL', 'j.title', 'c.name']
/** Every column the loader reads from jobs (the covering index jobs_search_load must name them all). */
export const LOADED_SQL = [
  ...HEAD,
  ...FLAG_COLUMNS.map((name) => `j.${columnOf(attribute(name))}`),
  ...NUMBER_COLUMNS.map((name) => numberSource(attribute(name))),
  ...SINGLE_FIELDS.map((name) => singleSource(attribute(name))),
  ...MULTI_FACETS.map((name) => multiSource(attribute(name))),
]
const SELECT = `SELECT ${LOADED_SQL.join(', ')} FROM jobs j JOIN companies c ON c.id = j.company_id`

type Row = unknown[]

function writeRow(columns: DocColumns, doc: number, row: Row): void {
  let at = HEAD.length
  for (const column of FLAG_COLUMNS) {
    const value = row[at++]
    columns.flag(column)[doc] = value === null ? -1 : Number(value)
  }
  for (const column of NUMBER_COLUMNS) {
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
  const at = HEAD.length + FLAG_COLUMNS.length + NUMBER_COLUMNS.length + SINGLE_FIELDS.length
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
