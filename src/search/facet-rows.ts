/**
 * Single-valued facets packed by document for counting. Counted one by one, every facet is a pass
 * over the matched documents reading its own 4-byte code column: for a set scattered over the
 * catalogue that is one cache miss per document and facet, and with ~18 such facets the misses,
 * not the counting, are the cost. Packed, a document's codes are adjacent bytes (one per facet
 * whose codes fit in a byte), so counting all of them costs about one miss per document.
 */
import type { DocColumns } from './doc-columns.ts'

/** Codes 0..255: 0 = no value, else dictionary code + 1 (as in the code columns). */
const BYTE_CODES = 256

export interface FacetRows {
  /** Byte position of each packed facet in a document's row. */
  slot: Map<string, number>
  /** Bytes per row. */
  width: number
  /** docCount rows of `width` bytes. */
  rows: Uint8Array
}

/** Packs the single-valued fields whose dictionaries fit in a byte (the others are counted alone). */
export function packFacetRows(columns: DocColumns, fields: readonly string[]): FacetRows {
  const packed = fields.filter((field) => columns.dictionary(field).names.length < BYTE_CODES)
  const width = packed.length
  const rows = new Uint8Array(columns.docCount * width)
  packed.forEach((field, slot) => {
    const codes = columns.single(field)
    for (let doc = 0, at = slot; doc < columns.docCount; doc++, at += width) rows[at] = codes[doc]!
  })
  return { slot: new Map(packed.map((field, slot) => [field, slot])), width, rows }
}

/**
 * Counts the given packed facets over the documents in one pass. Returns one count table per
 * facet, indexed by code as the code columns store it (0: no value, code + 1: that value).
 */
export function countRows(packed: FacetRows, docs: Uint32Array, fields: readonly string[], sizes: readonly number[]): Map<string, Uint32Array> {
  const { rows, width } = packed
  const slots = Uint8Array.from(fields.map((field) => packed.slot.get(field)!))
  const counts = new Uint32Array(slots.length * BYTE_CODES)
  for (let i = 0; i < docs.length; i++) {
    const at = docs[i]! * width
    for (let j = 0; j < slots.length; j++) counts[(j << 8) | rows[at + slots[j]!]!]!++
  }
  return new Map(fields.map((field, j) => [field, counts.slice(j * BYTE_CODES, j * BYTE_CODES + sizes[j]! + 1)]))
}
