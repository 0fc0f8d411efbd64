/**
 * A set of documents in the smaller of two forms. A dense bitmap costs a pass over every word of
 * the catalogue per operation (31k words at 1M postings) whatever the set holds; most text matches
 * hold a few thousand documents, and as a sorted list they are filtered, collapsed into cards,
 * split into tiers, paged and counted in time proportional to their size. A set of under one
 * document in LIST_SHARE of the catalogue is a list, a larger one a bitmap (the share at which
 * both take the same memory).
 */
import { andInPlace, countDocs, fromDocs, hasDoc, toDocs, withScratch, type Bitmap, type Scratch } from './bitmap.ts'
import { lowerBound } from './lower-bound.ts'

export const LIST_SHARE = 32

/** Sorted, distinct documents. */
export class DocList {
  constructor(readonly docs: Uint32Array) {}
}

export type DocSet = Bitmap | DocList

/** Whether a set of `size` documents out of `docCount` is kept as a list. */
export const fitsList = (size: number, docCount: number) => size * LIST_SHARE < docCount

/**
 * Sizes of bitmaps that never change again (the engine's cached sets): a bitmap's size is a pass
 * over every word, and a cached set is sized again by every request that reuses it (its total,
 * each tier a page passes over). -1: kept, not counted yet.
 */
const keptSizes = new WeakMap<Bitmap, number>()

/** Marks a set as never changed again, so its size is counted once. */
export function keep(set: DocSet): void {
  if (!(set instanceof DocList) && !keptSizes.has(set)) keptSizes.set(set, -1)
}

export function sizeOf(set: DocSet): number {
  if (set instanceof DocList) return set.docs.length
  const kept = keptSizes.get(set)
  if (kept === undefined) return countDocs(set)
  if (kept >= 0) return kept
  const size = countDocs(set)
  keptSizes.set(set, size)
  return size
}

export function toBitmap(set: DocSet, words: number): Bitmap {
  return set instanceof DocList ? fromDocs(set.docs, words) : set
}

/** A bitmap as the smaller form (one pass to count it, one more to list a small one). */
export function compact(bitmap: Bitmap, docCount: number): DocSet {
  const size = countDocs(bitmap)
  return fitsList(size, docCount) ? new DocList(toDocs(bitmap, size)) : bitmap
}

/** `compact` of a scratch bitmap (bitmap.ts withScratch): the answer is a copy of its own either way. */
export function compactCopy(scratch: Bitmap, docCount: number): DocSet {
  const set = compact(scratch, docCount)
  return set === scratch ? scratch.slice() : set
}

/** The documents in both sets: a list when either is one. */
export function intersect(a: DocSet, b: DocSet, docCount: number): DocSet {
  if (a instanceof DocList) return filterList(a.docs, b)
  if (b instanceof DocList) return filterList(b.docs, a)
  return withScratch((scratch) => {
    const both = scratch.copy(a)
    andInPlace(both, b)
    return compactCopy(both, docCount)
  })
}

/** Whether the set holds the document (a list is searched by bisection). */
export function holds(set: DocSet, doc: number): boolean {
  return set instanceof DocList ? listHas(set.docs, doc) : hasDoc(set, doc)
}

export function listHas(docs: Uint32Array, doc: number): boolean {
  const at = lowerBound(docs, doc)
  return at < docs.length && docs[at] === doc
}

/** The listed documents that `keep` holds (`keep` false: that it does not hold), as a list. */
export function filterList(docs: Uint32Array, other: DocSet, keep = true): DocList {
  return withScratch((scratch) => new DocList(filtered(docs, other, keep, scratch.list(docs.length)).slice()))
}

/** filterList into `out` (room for every listed document), as a view of it. */
function filtered(docs: Uint32Array, other: DocSet, keep: boolean, out: Uint32Array): Uint32Array {
  let n = 0
  if (other instanceof DocList) {
    // Both sorted: one merge walk.
    const theirs = other.docs
    let j = 0
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!
      while (j < theirs.length && theirs[j]! < doc) j++
      if ((j < theirs.length && theirs[j] === doc) === keep) out[n++] = doc
    }
  } else {
    for (let i = 0; i < docs.length; i++) if (hasDoc(other, docs[i]!) === keep) out[n++] = docs[i]!
  }
  return out.subarray(0, n)
}

/**
 * Sorted, distinct documents of several lists together (each list sorted here if it is not); with
 * `scratch`, a union of several lists is written into one of its buffers (it ends with the call).
 */
export function unionLists(lists: readonly ArrayLike<number>[], scratch?: Scratch): Uint32Array {
  const sorted = lists.filter((list) => list.length > 0).map(ascending)
  if (sorted.length === 0) return new Uint32Array(0)
  // Shortest first: the long term list is walked once, at the last merge.
  sorted.sort((a, b) => a.length - b.length)
  if (sorted.length === 1) return sorted[0]!
  // Two buffers, each merge reading the last one's output from one and writing the other.
  const merged = (scratch: Scratch) => {
    const room = sorted.reduce((sum, list) => sum + list.length, 0)
    const buffers = [scratch.list(room), scratch.list(room)]
    return sorted.reduce((out, list, i) => merge(out, list, buffers[i % 2]!))
  }
  return scratch ? merged(scratch) : withScratch((own) => merged(own).slice())
}

/** The list as a sorted Uint32Array without repeats (the same array when it already is one). */
function ascending(list: ArrayLike<number>): Uint32Array {
  let ordered = true
  for (let i = 1; i < list.length && ordered; i++) ordered = list[i - 1]! < list[i]!
  if (ordered) return list instanceof Uint32Array ? list : Uint32Array.from(list)
  const copy = Uint32Array.from(list).sort()
  let n = 0
  for (let i = 0; i < copy.length; i++) if (i === 0 || copy[i] !== copy[i - 1]) copy[n++] = copy[i]!
  return copy.subarray(0, n)
}

/** a ∪ b into `out` (room for both), as a view of it. */
function merge(a: Uint32Array, b: Uint32Array, out: Uint32Array): Uint32Array {
  let i = 0
  let j = 0
  let n = 0
  while (i < a.length && j < b.length) {
    const x = a[i]!
    const y = b[j]!
    if (x <= y) i++
    if (y <= x) j++
    out[n++] = x <= y ? x : y
  }
  while (i < a.length) out[n++] = a[i++]!
  while (j < b.length) out[n++] = b[j++]!
  return out.subarray(0, n)
}
