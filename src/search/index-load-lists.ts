/**
 * The list attributes (skills, regions, ...) of the full load (index-load.ts): one ordered read of
 * each list table per range of job ids, turned into CSR arrays of dictionary codes.
 */
import type { DB } from '../db/connection.ts'
import { columnOf, tableOf, type PostingAttribute } from '../catalogue/posting-attributes.ts'
import { Csr, grow, type DocColumns } from './doc-columns.ts'
import type { IdRange } from './index-load.ts'

/** Job ids per list query: one text of a few megabytes at most. */
const LIST_CHUNK_IDS = 50_000

/** Appends codes to a growing values array; `offsets` are filled by the caller. */
class Values {
  array: Uint32Array
  length = 0
  constructor(capacity: number) {
    this.array = new Uint32Array(Math.max(16, capacity))
  }
  push(code: number): void {
    if (this.length === this.array.length) this.array = grow(this.array, this.length + 1)
    this.array[this.length++] = code
  }
}

/**
 * One list keyed by job, in chunks of job ids, each chunk read as one text ("id RS value US id RS
 * value ...") rather than a row per value: SQLite builds the text in C, and a row handed to
 * JavaScript costs about three times what its few bytes of text do. The table's key order gives
 * ascending ids; a chunk found out of order is read again with the (twice as costly) ORDER BY.
 */
export function loadJobList(db: DB, columns: DocColumns, row: PostingAttribute, range: IdRange): Csr {
  const dictionary = columns.dictionary(row.name)
  const value = row.lowercase ? `lower(${columnOf(row)})` : columnOf(row)
  const chunkSql = (order: string) => `SELECT group_concat(job_id || char(30) || ${value}, char(31)${order}) FROM ${tableOf(row)} WHERE job_id >= ? AND job_id < ?`
  const [chunk, orderedChunk] = [db.prepare(chunkSql('')).pluck(), db.prepare(chunkSql(' ORDER BY job_id')).pluck()]
  const offsets = new Uint32Array(columns.docCount + 1)
  const values = new Values(columns.docCount * 2)
  const last = columns.docCount ? Math.min(range.to, columns.jobIds[columns.docCount - 1]! + 1) : range.from
  let doc = 0
  /** Appends the chunk's values; false (and nothing appended) when its ids do not ascend. */
  const read = (text: string | null): boolean => {
    const [startDoc, startLength] = [doc, values.length]
    for (let at = 0, previous = 0; text && at < text.length; ) {
      let id = 0
      while (text.charCodeAt(at) !== 30) id = id * 10 + text.charCodeAt(at++) - 48
      const end = text.indexOf('\u001f', ++at)
      const stop = end === -1 ? text.length : end
      if (id < previous) {
        ;[doc, values.length] = [startDoc, startLength]
        return false
      }
      previous = id
      // Job ids ascend with documents (loaded in id order); closed postings have no document.
      const posting = columns.docOf(id)
      if (posting !== undefined) {
        for (; doc < posting; doc++) offsets[doc + 1] = values.length
        values.push(dictionary.intern(text.slice(at, stop)))
      }
      at = stop + 1
    }
    return true
  }
  for (let from = columns.docCount ? columns.jobIds[0]! : last; from < last; from += LIST_CHUNK_IDS) {
    const to = Math.min(last, from + LIST_CHUNK_IDS)
    if (!read(chunk.get(from, to) as string | null)) read(orderedChunk.get(from, to) as string | null)
  }
  for (; doc < columns.docCount; doc++) offsets[doc + 1] = values.length
  return Csr.from(offsets, values.array.subarray(0, values.length))
}

/** One list keyed by company (a small table): every company's values, then each document's company's. */
export function loadCompanyList(db: DB, columns: DocColumns, row: PostingAttribute, companyOf: Uint32Array): Csr {
  const dictionary = columns.dictionary(row.name)
  const value = row.lowercase ? `lower(${columnOf(row)})` : columnOf(row)
  const byCompany = new Map<number, number[]>()
  for (const [id, text] of db.prepare(`SELECT company_id, ${value} FROM ${tableOf(row)} ORDER BY company_id`).raw(true).iterate() as IterableIterator<[number, string]>) {
    const code = dictionary.intern(text)
    const list = byCompany.get(id)
    if (list) list.push(code)
    else byCompany.set(id, [code])
  }
  const offsets = new Uint32Array(columns.docCount + 1)
  const values = new Values(columns.docCount)
  for (let doc = 0; doc < columns.docCount; doc++) {
    for (const code of byCompany.get(companyOf[doc]!) ?? []) values.push(code)
    offsets[doc + 1] = values.length
  }
  return Csr.from(offsets, values.array.subarray(0, values.length))
}

