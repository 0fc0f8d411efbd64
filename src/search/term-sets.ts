/**
 * Match sets of single full-text terms (`"go"`, `"engineer"*`) as bitmaps. A query's text clause
 * is the AND of its terms' sets. Sets of common terms (a word in a large share of the catalogue,
 * which FTS5 needs hundreds of milliseconds to list at a million postings) are kept like facet
 * posting lists, for the life of the index generation; rarer ones go to the engine's LRU cache.
 */
import { countDocs, type Bitmap } from './bitmap.ts'
import type { SearchIndex } from './search-index.ts'

/** A term is common from this share of the live postings on (and at least MIN_COMMON postings). */
const COMMON_SHARE = 0.02
const MIN_COMMON = 5000
/** Kept common terms at most (each one bit per posting: 125 KB at a million). */
const MAX_KEPT = 64

export class TermSets {
  private kept = new Map<string, Bitmap>()
  private generation: SearchIndex | undefined

  /** The kept set of a common term, if this index generation has it. */
  get(index: SearchIndex, term: string): Bitmap | undefined {
    if (this.generation !== index) return undefined
    const set = this.kept.get(term)
    if (set) {
      // Most recently used last, so eviction drops the least used.
      this.kept.delete(term)
      this.kept.set(term, set)
    }
    return set
  }

  /** Keeps the set when the term is common; returns whether it did. */
  offer(index: SearchIndex, term: string, set: Bitmap): boolean {
    if (countDocs(set) < Math.max(MIN_COMMON, index.liveCount * COMMON_SHARE)) return false
    if (this.generation !== index) {
      this.kept = new Map()
      this.generation = index
    }
    this.kept.set(term, set)
    if (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!)
    return true
  }

  clear(): void {
    this.kept = new Map()
    this.generation = undefined
  }
}
