/**
 * The full-text term dictionary with its posting lists in memory: which documents hold each term.
 * A query term is then a bitmap operation, not FTS5 listing hundreds of thousands of rowids.
 *
 * - Every term of the FTS5 vocabulary is in the dictionary (sorted, so a prefix is a range),
 *   with its document frequency; the typo and prefix expansion of a query word reads it.
 * - Terms in at least MIN_MEMORY_DF postings keep their postings here, each in the smaller form:
 *   a bitmap (one bit per document) when the term is in one document in 32 or more, else the
 *   sorted list of its documents (all lists in one array). Rarer terms (the long tail) are read
 *   from FTS5 when queried: a few dozen rowids, cheaper than holding them.
 * - Postings follow the catalogue as it was when they were read. Documents changed since
 *   (`dirty`) are masked out of them and answered from `overlay`, their current words tokenized as
 *   jobs_fts tokenizes them. A rebuild of the index reads everything again.
 */
import { LRUCache } from 'lru-cache'
import { emptyBitmap, orDocs, type Bitmap, type Scratch } from './bitmap.ts'
import { partitionPoint } from './lower-bound.ts'

/** Terms in fewer postings stay in FTS5 only. */
export const MIN_MEMORY_DF = 32

/** Rowids of phrases kept at most (8 bytes each): the aliases' phrases ("full stack") recur in many queries. */
const PHRASE_ROWIDS = 2_000_000

export interface TermPostings {
  /** Every term, sorted (UTF-16 order, so the terms with one prefix form a range). */
  terms: string[]
  /** Document frequency of each term when read (live postings), in `terms` order. */
  df: Uint32Array
  /** Sorted documents of each sparse term: docs[offsets[t] .. offsets[t + 1]); empty for others. */
  offsets: Uint32Array
  docs: Uint32Array
  /** Dense terms and their bitmaps, one `words`-long slice of `bitmaps` each. */
  denseTerms: Uint32Array
  bitmaps: Uint32Array
}

export class TermIndex {
  private readonly codes = new Map<string, number>()
  private readonly dense = new Map<number, Bitmap>()
  /** Documents changed since the postings were read; their words live in `overlay`. */
  dirty: Bitmap
  readonly overlay = new Map<string, number[]>()
  /** Calls of applyChanges so far: what the two views below were derived at. */
  private changes = 0
  /** The overlay's terms, sorted (a prefix is then a range); derived on use. */
  private overlaySorted?: { changes: number; size: number; terms: string[] }
  /** The dirty mask's non-zero words and its lowest document; derived on use. */
  private dirtySummary?: { changes: number; of: Bitmap; words: Uint32Array; lowest: number }
  /** Rowids matching a phrase, as FTS5 listed them (word positions are not in memory); dropped when postings change. */
  private readonly phrases = new LRUCache<string, Float64Array>({ max: 1024, maxSize: PHRASE_ROWIDS, sizeCalculation: (rowids) => Math.max(1, rowids.length) })

  constructor(readonly postings: TermPostings, readonly words: number) {
    postings.terms.forEach((term, code) => this.codes.set(term, code))
    for (let i = 0; i < postings.denseTerms.length; i++) this.dense.set(postings.denseTerms[i]!, postings.bitmaps.subarray(i * words, (i + 1) * words))
    this.dirty = emptyBitmap(words)
  }

  get terms(): readonly string[] {
    return this.postings.terms
  }

  /** Document frequency of a term when the postings were read; 0 when unknown. */
  frequency(term: string): number {
    const code = this.codes.get(term)
    return code === undefined ? 0 : this.postings.df[code]!
  }

  /** Codes of the terms starting with `prefix` (a range of the sorted dictionary). */
  prefixRange(prefix: string): [number, number] {
    const terms = this.postings.terms
    // U+FFFF sorts after every character a tokenized term holds.
    return [partitionPoint(terms.length, (i) => terms[i]! < prefix), partitionPoint(terms.length, (i) => terms[i]! < prefix + '\uffff')]
  }

  /**
   * The unchanged documents holding any of the terms, as far as memory holds them, into `out` (all
   * zero): terms of the FTS5-only tail are pushed to `tail` for the caller to read there.
   */
  union(codes: Iterable<number>, out: Bitmap, tail: string[]): Bitmap {
    const words = out.length
    const { offsets, docs, df, terms } = this.postings
    let empty = true
    for (const code of codes) {
      const bitmap = this.dense.get(code)
      if (bitmap) {
        // Documents appended after the read are all dirty: the shorter bitmap covers every other one.
        const n = Math.min(words, bitmap.length)
        if (empty) out.set(bitmap.subarray(0, n))
        else for (let i = 0; i < n; i++) out[i]! |= bitmap[i]!
        empty = false
      } else if (df[code]! >= MIN_MEMORY_DF) {
        orDocs(out, docs.subarray(offsets[code]!, offsets[code + 1]!))
        empty = false
      } else tail.push(terms[code]!)
    }
    if (this.dirty.length !== words) this.dirty = resized(this.dirty, words)
    const dirty = this.dirty
    for (const i of this.dirtyView().words) out[i]! &= ~dirty[i]!
    return out
  }

  code(term: string): number | undefined {
    return this.codes.get(term)
  }

  /** Whether memory holds the term's documents as a bitmap (a term in one document in 32 or more). */
  isDense(code: number): boolean {
    return this.dense.has(code)
  }

  /**
   * The unchanged documents of a term memory keeps as a list, sorted; undefined for a dense term
   * or one of the FTS5-only tail. A copy without changed documents is made in `scratch` (bitmap.ts).
   */
  listOf(code: number, scratch: Scratch): Uint32Array | undefined {
    if (this.dense.has(code) || this.postings.df[code]! < MIN_MEMORY_DF) return undefined
    const { offsets, docs } = this.postings
    const list = docs.subarray(offsets[code]!, offsets[code + 1]!)
    const dirty = this.dirty
    // Changed documents are mostly the newest (appended by imports): most lists end before them.
    const { lowest } = this.dirtyView()
    const from = list.length && list[list.length - 1]! < lowest ? list.length : partitionPoint(list.length, (i) => list[i]! < lowest)
    let kept: Uint32Array | undefined
    let n = 0
    for (let i = from; i < list.length; i++) {
      const doc = list[i]!
      const changed = (dirty[doc >>> 5]! & (1 << (doc & 31))) !== 0
      // Only once a listed document changed is a copy made.
      if (changed && !kept) {
        kept = scratch.list(list.length)
        kept.set(list.subarray(0, i))
        n = i
      }
      if (kept && !changed) kept[n++] = doc
    }
    return kept ? kept.subarray(0, n) : list
  }

  /**
   * Where the dirty mask is set: the positions of its non-zero words (masking a term's bitmap
   * touches only those, a few after an import) and its lowest document (2^32 when none changed).
   */
  private dirtyView(): { words: Uint32Array; lowest: number } {
    const dirty = this.dirty
    if (this.dirtySummary?.changes !== this.changes || this.dirtySummary.of !== dirty) {
      const words: number[] = []
      for (let i = 0; i < dirty.length; i++) if (dirty[i] !== 0) words.push(i)
      const first = words[0]
      const lowest = first === undefined ? 2 ** 32 : first * 32 + (31 - Math.clz32(dirty[first]! & -dirty[first]!))
      this.dirtySummary = { changes: this.changes, of: dirty, words: Uint32Array.from(words), lowest }
    }
    return this.dirtySummary
  }

  /** Adds the current words of changed documents (their old postings are masked from now on). */
  applyChanges(changed: readonly { doc: number; terms: readonly string[] }[], words: number): void {
    this.changes++
    this.phrases.clear()
    if (words > this.dirty.length) this.dirty = resized(this.dirty, words)
    const docs = new Set(changed.map((change) => change.doc))
    // A document changed twice keeps only its latest words.
    for (const [term, list] of this.overlay) {
      const kept = list.filter((doc) => !docs.has(doc))
      if (kept.length) this.overlay.set(term, kept)
      else this.overlay.delete(term)
    }
    for (const { doc, terms } of changed) {
      this.dirty[doc >>> 5]! |= 1 << (doc & 31)
      for (const term of new Set(terms)) {
        const list = this.overlay.get(term)
        if (list) list.push(doc)
        else this.overlay.set(term, [doc])
      }
    }
  }

  /** Rowids of the postings holding a phrase: `read` lists them from FTS5 once, until postings change. */
  phraseRowids(phrase: string, read: () => number[]): ArrayLike<number> {
    let rowids = this.phrases.get(phrase)
    if (!rowids) this.phrases.set(phrase, (rowids = Float64Array.from(read())))
    return rowids
  }

  /** Changed documents holding a term (exact), or a term starting with `prefix`: one list per term. */
  overlayLists(term: string, prefix: boolean): number[][] {
    if (!prefix) return this.overlay.has(term) ? [this.overlay.get(term)!] : []
    if (this.overlay.size === 0) return []
    const sorted = this.overlayTerms()
    const out: number[][] = []
    for (let i = partitionPoint(sorted.length, (k) => sorted[k]! < term); i < sorted.length && sorted[i]!.startsWith(term); i++) out.push(this.overlay.get(sorted[i]!)!)
    return out
  }

  private overlayTerms(): string[] {
    if (this.overlaySorted?.changes !== this.changes || this.overlaySorted.size !== this.overlay.size) {
      this.overlaySorted = { changes: this.changes, size: this.overlay.size, terms: [...this.overlay.keys()].sort() }
    }
    return this.overlaySorted.terms
  }

  /** Number of changed documents held in the overlay. */
  dirtyCount(): number {
    let count = 0
    for (let i = 0; i < this.dirty.length; i++) {
      let word = this.dirty[i]!
      while (word) {
        word &= word - 1
        count++
      }
    }
    return count
  }
}

function resized(bitmap: Bitmap, words: number): Bitmap {
  const out = emptyBitmap(words)
  out.set(bitmap.subarray(0, Math.min(words, bitmap.length)))
  return out
}
