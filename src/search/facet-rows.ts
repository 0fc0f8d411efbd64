/**
 * Facet codes packed by document for counting. Counted one by one, every facet is a pass over the
 * matched documents reading its own column (a 4-byte code, or a CSR offset pair and value list):
 * for a set scattered over a million postings that is a cache miss per document and facet, and
 * with ~24 facets the misses, not the counting, are the cost. Packed, a document's codes are one
 * short run of bytes: its single-valued facets, several small ones sharing a byte (their codes as
 * the digits of one number), then, per multi-valued facet, the number of its values and their
 * codes. Counting every facet then reads about one cache line per matched document and makes one
 * count per byte; a shared byte's counts are split into its facets' counts at the end (256 cells,
 * not one per document). Only facets whose codes fit in a byte are packed (the others are counted
 * from their columns). The rows live in shared memory: the counting threads read them (count-threads.ts).
 */
import type { DocColumns } from './doc-columns.ts'

/** Codes 0..255: for a single-valued facet 0 = no value, else dictionary code + 1 (as its column). */
const BYTE_CODES = 256

/** Where a single-valued facet's code sits: in byte `byte`, as the digit of weight `stride` in base `radix`. */
export interface Digit {
  byte: number
  stride: number
  radix: number
}

export interface FacetRows {
  /** Single-valued facet -> its digit in the shared bytes. */
  singles: Map<string, Digit>
  /** Number of bytes the single-valued facets share, at the start of every row. */
  singleBytes: number
  /** Multi-valued facet -> its position among the lists that follow the single bytes. */
  lists: Map<string, number>
  /** Start of each document's row in `bytes` (docCount + 1 entries). */
  offsets: Uint32Array
  bytes: Uint8Array
}

/** Returns what a touching-ahead loop read (unused: returned so the compiler keeps the reads). */
type RowCounter = (offsets: Uint32Array, bytes: Uint8Array, docs: Uint32Array, first: number, last: number, counts: Uint32Array) => unknown
/** Counting loops by row layout and facets asked: a handful per thread, kept out of FacetRows so the rows stay plain data. */
const counters = new Map<string, RowCounter>()

/**
 * The counting loop for one row layout and the bytes and lists asked (bit j of a mask: byte or list
 * j), written out: one statement per asked single byte at its constant position, then the lists in
 * order, a list not asked only stepped over (and none read after the last one asked); it adds the
 * rows of docs[first .. last - 1] to `counts`. The general loop (a loop over the facets inside the
 * loop over documents) measured 1.5-1.8x slower per document at 1M postings: the per-facet loop and
 * its position arithmetic cost more than the counting. Generated from integers, never from input.
 *
 * `ahead`: the documents are taken in blocks, each block's rows first touched in a short loop of
 * independent reads and then counted. In a sparse set every row is a cache miss (two: its offset,
 * then its bytes), which the counting loop takes one after the other; the touching loop has many in
 * flight at once. It measured 25-30% faster per document for sets of under a tenth of the
 * catalogue at 1M, and 15-35% slower for denser ones, whose rows the processor fetches ahead itself.
 */
function rowCounter(singleBytes: number, lists: number, singleMask: number, listMask: number, ahead: boolean): RowCounter {
  const key = `${singleBytes},${lists},${singleMask},${listMask},${ahead}`
  let counter = counters.get(key)
  if (counter) return counter
  const count = ['  let n = 0']
  for (let j = 0; j < singleBytes; j++) if (singleMask & (1 << j)) count.push(`  counts[${j << 8} | bytes[row + ${j}]]++`)
  const lastList = 31 - Math.clz32(listMask)
  if (lastList >= 0) count.push(`  let at = row + ${singleBytes}`)
  for (let list = 0; list <= lastList; list++) {
    const table = (singleBytes + list) << 8
    if (listMask & (1 << list)) count.push('  n = bytes[at++]', `  if (n === 0) counts[${table}]++`, `  for (let k = 0; k < n; k++) counts[${table + 1} + bytes[at + k]]++`, '  at += n')
    else count.push('  at += bytes[at] + 1')
  }
  const body = ahead
    ? [
        `const rows = new Uint32Array(${AHEAD_BLOCK})`,
        'let touched = 0',
        `for (let block = first; block < last; block += ${AHEAD_BLOCK}) {`,
        `  const end = Math.min(block + ${AHEAD_BLOCK}, last)`,
        '  for (let i = block; i < end; i++) { const row = offsets[docs[i]]; rows[i - block] = row; touched |= bytes[row] }',
        '  for (let i = block; i < end; i++) {',
        '  const row = rows[i - block]',
        ...count,
        '}',
        '}',
        'return touched',
      ]
    : ['for (let i = first; i < last; i++) {', '  const row = offsets[docs[i]]', ...count, '}']
  counter = new Function('offsets', 'bytes', 'docs', 'first', 'last', 'counts', body.join('\n')) as RowCounter
  counters.set(key, counter)
  return counter
}

/** Rows touched ahead per block, and the share of the catalogue under which a set is counted so. */
const AHEAD_BLOCK = 32
const AHEAD_DENSITY = 0.12

/** Single-valued facets to bytes: largest first, each into the first byte its radix still fits (product of radices ≤ 256). */
function shareBytes(radices: readonly number[]): Digit[] {
  const order = radices.map((_, i) => i).sort((a, b) => radices[b]! - radices[a]!)
  const used: number[] = []
  const out: Digit[] = new Array(radices.length)
  for (const i of order) {
    const radix = radices[i]!
    let byte = used.findIndex((product) => product * radix <= BYTE_CODES)
    if (byte < 0) byte = used.push(1) - 1
    out[i] = { byte, stride: used[byte]!, radix }
    used[byte]! *= radix
  }
  return out
}

/** Bytes and lists a counting loop's masks can name. */
const MASK_BITS = 32

/** Packs the facets that fit: dictionaries under 256 values, and (lists) at most 255 values a document; MASK_BITS of each at most. */
export function packFacetRows(columns: DocColumns, singleFields: readonly string[], multiFields: readonly string[]): FacetRows {
  const { docCount } = columns
  const singles = singleFields.filter((field) => columns.dictionary(field).names.length < BYTE_CODES).slice(0, MASK_BITS)
  const lists = multiFields.filter((field) => {
    if (columns.dictionary(field).names.length >= BYTE_CODES) return false
    const { offsets } = columns.multi(field)
    for (let doc = 0; doc < docCount; doc++) if (offsets[doc + 1]! - offsets[doc]! >= BYTE_CODES) return false
    return true
  }).slice(0, MASK_BITS)
  const digits = shareBytes(singles.map((field) => columns.dictionary(field).names.length + 1))
  const singleBytes = digits.reduce((most, digit) => Math.max(most, digit.byte + 1), 0)
  const csrs = lists.map((field) => columns.multi(field))
  const offsets = new Uint32Array(new SharedArrayBuffer(4 * (docCount + 1)))
  for (let doc = 0; doc < docCount; doc++) {
    let length = singleBytes + lists.length
    for (const csr of csrs) length += csr.offsets[doc + 1]! - csr.offsets[doc]!
    offsets[doc + 1] = offsets[doc]! + length
  }
  const bytes = new Uint8Array(new SharedArrayBuffer(offsets[docCount]!))
  const codes = singles.map((field) => columns.single(field))
  for (let doc = 0; doc < docCount; doc++) {
    const row = offsets[doc]!
    codes.forEach((column, i) => (bytes[row + digits[i]!.byte]! += column[doc]! * digits[i]!.stride))
    let at = row + singleBytes
    for (const { offsets: starts, values } of csrs) {
      const start = starts[doc]!
      const end = starts[doc + 1]!
      bytes[at++] = end - start
      for (let k = start; k < end; k++) bytes[at++] = values[k]!
    }
  }
  return { singles: new Map(singles.map((field, i) => [field, digits[i]!])), singleBytes, lists: new Map(lists.map((field, i) => [field, i])), offsets, bytes }
}

export function isPacked(rows: FacetRows, field: string): boolean {
  return rows.singles.has(field) || rows.lists.has(field)
}

/** The count tables of the rows: one per single byte and per list, BYTE_CODES slots each. */
export const rowTableWords = (rows: FacetRows) => (rows.singleBytes + rows.lists.size) * BYTE_CODES

/**
 * The given packed facets' counts from the rows' tables, in the layout of counting by code: slot 0
 * = documents without a value, code + 1 = that value (a shared byte's counts split into its facets').
 */
export function rowTables(rows: FacetRows, counts: Uint32Array, fields: readonly string[], sizes: readonly number[]): Map<string, Uint32Array> {
  const { singleBytes } = rows
  return new Map(fields.map((field, i) => {
    const digit = rows.singles.get(field)
    if (!digit) {
      const slot = singleBytes + rows.lists.get(field)!
      return [field, counts.subarray(slot * BYTE_CODES, slot * BYTE_CODES + sizes[i]! + 1)]
    }
    const out = new Uint32Array(sizes[i]! + 1)
    const table = digit.byte * BYTE_CODES
    for (let code = 0; code < BYTE_CODES; code++) {
      const n = counts[table + code]!
      if (n !== 0) out[Math.floor(code / digit.stride) % digit.radix]! += n
    }
    return [field, out]
  }))
}

/** The packed rows as a counting thread gets them: arrays in shared memory, the row layout, and which bytes and lists to count. */
export interface RowArrays {
  offsets: Uint32Array
  bytes: Uint8Array
  singleBytes: number
  lists: number
  singleMask: number
  listMask: number
}

/** The rows for counting the given packed facets (the bytes holding them, their lists). */
export function rowArrays(rows: FacetRows, facets: readonly string[]): RowArrays {
  let singleMask = 0
  let listMask = 0
  for (const facet of facets) {
    const digit = rows.singles.get(facet)
    if (digit) singleMask |= 1 << digit.byte
    else listMask |= 1 << rows.lists.get(facet)!
  }
  return { offsets: rows.offsets, bytes: rows.bytes, singleBytes: rows.singleBytes, lists: rows.lists.size, singleMask, listMask }
}

/**
 * Adds the asked packed facets of the documents at first .. last - 1 to `counts` (rowTableWords of
 * them, in row layout), in one pass. A shared byte is counted whole, for any of its facets.
 */
export function addRowCounts({ offsets, bytes, singleBytes, lists, singleMask, listMask }: RowArrays, docs: Uint32Array, first: number, last: number, counts: Uint32Array): void {
  if (last <= first) return
  const density = (last - first) / (docs[last - 1]! - docs[first]! + 1)
  rowCounter(singleBytes, lists, singleMask, listMask, density < AHEAD_DENSITY)(offsets, bytes, docs, first, last, counts)
}
