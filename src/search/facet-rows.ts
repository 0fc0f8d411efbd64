/**
 * Facet codes packed by document for counting. Counted one by one, every facet is a pass over the
 * matched documents reading its own column (a 4-byte code, or a CSR offset pair and value list):
 * for a set scattered over a million postings that is a cache miss per document and facet, and
 * with ~24 facets the misses, not the counting, are the cost. Packed, a document's codes are one
 * short run of bytes: its single-valued facets at fixed positions, then, per multi-valued facet,
 * the number of its values and their codes. Counting every facet then reads about one cache line
 * per matched document. Only facets whose codes fit in a byte are packed (the others are counted
 * from their columns). The rows live in shared memory: the counting threads read them (count-threads.ts).
 */
import type { DocColumns } from './doc-columns.ts'

/** Codes 0..255: for a single-valued facet 0 = no value, else dictionary code + 1 (as its column). */
const BYTE_CODES = 256

export interface FacetRows {
  /** Single-valued facet -> its byte position in a row. */
  singles: Map<string, number>
  /** Multi-valued facet -> its position among the lists that follow the single bytes. */
  lists: Map<string, number>
  /** Start of each document's row in `bytes` (docCount + 1 entries). */
  offsets: Uint32Array
  bytes: Uint8Array
}

/** Packs the facets that fit: dictionaries under 256 values, and (lists) at most 255 values a document. */
export function packFacetRows(columns: DocColumns, singleFields: readonly string[], multiFields: readonly string[]): FacetRows {
  const { docCount } = columns
  const singles = singleFields.filter((field) => columns.dictionary(field).names.length < BYTE_CODES)
  const lists = multiFields.filter((field) => {
    if (columns.dictionary(field).names.length >= BYTE_CODES) return false
    const { offsets } = columns.multi(field)
    for (let doc = 0; doc < docCount; doc++) if (offsets[doc + 1]! - offsets[doc]! >= BYTE_CODES) return false
    return true
  })
  const csrs = lists.map((field) => columns.multi(field))
  const offsets = new Uint32Array(new SharedArrayBuffer(4 * (docCount + 1)))
  for (let doc = 0; doc < docCount; doc++) {
    let length = singles.length + lists.length
    for (const csr of csrs) length += csr.offsets[doc + 1]! - csr.offsets[doc]!
    offsets[doc + 1] = offsets[doc]! + length
  }
  const bytes = new Uint8Array(new SharedArrayBuffer(offsets[docCount]!))
  const codes = singles.map((field) => columns.single(field))
  for (let doc = 0; doc < docCount; doc++) {
    let at = offsets[doc]!
    for (const column of codes) bytes[at++] = column[doc]!
    for (const { offsets: starts, values } of csrs) {
      const start = starts[doc]!
      const end = starts[doc + 1]!
      bytes[at++] = end - start
      for (let k = start; k < end; k++) bytes[at++] = values[k]!
    }
  }
  return { singles: new Map(singles.map((field, i) => [field, i])), lists: new Map(lists.map((field, i) => [field, i])), offsets, bytes }
}

export function isPacked(rows: FacetRows, field: string): boolean {
  return rows.singles.has(field) || rows.lists.has(field)
}

/** A table per packed facet, laid out as a row is: BYTE_CODES slots each. */
export const rowTableWords = (rows: FacetRows) => (rows.singles.size + rows.lists.size) * BYTE_CODES

/** The given packed facets' tables within the rows' tables: slot 0 = documents without a value, code + 1 = that value. */
export function rowTables(rows: FacetRows, counts: Uint32Array, fields: readonly string[], sizes: readonly number[]): Map<string, Uint32Array> {
  return new Map(fields.map((field, i) => {
    const slot = rows.singles.get(field) ?? rows.singles.size + rows.lists.get(field)!
    return [field, counts.subarray(slot * BYTE_CODES, slot * BYTE_CODES + sizes[i]! + 1)]
  }))
}

/** The packed rows as a counting thread gets them: arrays in shared memory and the row layout. */
export interface RowArrays {
  offsets: Uint32Array
  bytes: Uint8Array
  singles: number
  lists: number
}

export const rowArrays = (rows: FacetRows): RowArrays => ({ offsets: rows.offsets, bytes: rows.bytes, singles: rows.singles.size, lists: rows.lists.size })

/**
 * Adds every packed facet of the documents at first .. last - 1 to `counts` (rowTableWords of them,
 * in row layout), in one pass. Every packed facet is counted: a row is read whole anyway, and a
 * loop with no per-facet lookups measured a quarter faster than skipping the ones not asked.
 */
export function addRowCounts({ offsets, bytes, singles, lists }: RowArrays, docs: Uint32Array, first: number, last: number, counts: Uint32Array): void {
  for (let i = first; i < last; i++) {
    const row = offsets[docs[i]!]!
    for (let j = 0; j < singles; j++) counts[(j << 8) | bytes[row + j]!]!++
    let at = row + singles
    for (let list = 0; list < lists; list++) {
      const n = bytes[at++]!
      const table = (singles + list) << 8
      if (n === 0) counts[table]!++
      for (let k = 0; k < n; k++) counts[table | (bytes[at + k]! + 1)]!++
      at += n
    }
  }
}

/** Counts the given packed facets over the documents in one pass: one count table per facet (see rowTables). */
export function countRows(rows: FacetRows, docs: Uint32Array, fields: readonly string[], sizes: readonly number[]): Map<string, Uint32Array> {
  const counts = new Uint32Array(rowTableWords(rows))
  addRowCounts(rowArrays(rows), docs, 0, docs.length, counts)
  return rowTables(rows, counts, fields, sizes)
}
