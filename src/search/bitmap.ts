/**
 * Dense bitmaps over document indices (one bit per posting in the in-memory index), as
 * Uint32Array words. All bitmaps of one index generation have the same length.
 */
export type Bitmap = Uint32Array

export const wordsFor = (docCount: number) => Math.ceil(docCount / 32)

export function emptyBitmap(words: number): Bitmap {
  return new Uint32Array(words)
}

/**
 * Bitmaps and document lists for work that ends inside one synchronous call (a filter's union
 * before it is ANDed in, a clause's title words while tiers are cut, a word's documents while a
 * text is matched): buffers handed out by `withScratch` and taken back when its outermost call
 * returns, instead of a new typed array each (a bitmap is 125 KB at a million postings). A typed
 * array's bytes live outside V8's heap, and every 64 MB of them allocated starts a full
 * mark-compact: at 1M those took 18% of the serving CPU of the bench:http mix. Nothing taken may
 * outlive the call (never cached, never returned from it).
 */
export interface Scratch {
  /** A zeroed bitmap of exactly `words` words. */
  bitmap(words: number): Bitmap
  /** A bitmap holding what `of` holds (written once, not zeroed first). */
  copy(of: Bitmap): Bitmap
  /** A list buffer of at least `length` (not zeroed): use a subarray of what is written. */
  list(length: number): Uint32Array
}

/** Buffers of each kind kept between calls: more than a request takes. */
const MAX_KEPT = 16
const bitmaps = { free: [] as Bitmap[], taken: [] as Bitmap[] }
const lists = { free: [] as Uint32Array[], taken: [] as Uint32Array[] }
let depth = 0

/** A kept bitmap of exactly `words` words (its old bits left in it), or a new zeroed one. */
function takeBitmap(words: number): { bitmap: Bitmap; kept: boolean } {
  let bitmap = bitmaps.free.pop()
  // Kept while the index keeps its size; a grown index makes longer ones.
  while (bitmap && bitmap.length !== words) bitmap = bitmaps.free.pop()
  const kept = bitmap !== undefined
  bitmap ??= new Uint32Array(words)
  bitmaps.taken.push(bitmap)
  return { bitmap, kept }
}

const scratch: Scratch = {
  bitmap(words) {
    const { bitmap, kept } = takeBitmap(words)
    if (kept) bitmap.fill(0)
    return bitmap
  },
  copy(of) {
    const { bitmap } = takeBitmap(of.length)
    bitmap.set(of)
    return bitmap
  },
  list(length) {
    const at = lists.free.findIndex((list) => list.length >= length)
    const list = at >= 0 ? lists.free.splice(at, 1)[0]! : new Uint32Array(Math.max(1024, 2 ** Math.ceil(Math.log2(length))))
    lists.taken.push(list)
    return list
  },
}

export function withScratch<T>(work: (scratch: Scratch) => T): T {
  depth++
  try {
    return work(scratch)
  } finally {
    if (--depth === 0) {
      for (const kind of [bitmaps, lists] as { free: Uint32Array[]; taken: Uint32Array[] }[]) {
        kind.free.push(...kind.taken)
        kind.taken.length = 0
        // The longest are kept: a short one is cheap to make again.
        if (kind.free.length > MAX_KEPT) kind.free = kind.free.sort((a, b) => b.length - a.length).slice(0, MAX_KEPT)
      }
    }
  }
}

export function hasDoc(bitmap: Bitmap, doc: number): boolean {
  return (bitmap[doc >>> 5]! & (1 << (doc & 31))) !== 0
}

export function addDoc(bitmap: Bitmap, doc: number): void {
  bitmap[doc >>> 5]! |= 1 << (doc & 31)
}

/** A bitmap holding exactly the given (sorted or not) documents. */
export function fromDocs(docs: ArrayLike<number>, words: number): Bitmap {
  const bitmap = new Uint32Array(words)
  for (let i = 0; i < docs.length; i++) bitmap[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31)
  return bitmap
}

/** target |= docs, in place. */
export function orDocs(target: Bitmap, docs: ArrayLike<number>): void {
  for (let i = 0; i < docs.length; i++) target[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31)
}

/** target &= ~docs, in place. */
export function andNotDocs(target: Bitmap, docs: ArrayLike<number>): void {
  for (let i = 0; i < docs.length; i++) target[docs[i]! >>> 5]! &= ~(1 << (docs[i]! & 31))
}

/** target |= other, in place. */
export function orInPlace(target: Bitmap, other: Bitmap): void {
  for (let i = 0; i < target.length; i++) target[i]! |= other[i]!
}

/** target &= other, in place. */
export function andInPlace(target: Bitmap, other: Bitmap): void {
  for (let i = 0; i < target.length; i++) target[i]! &= other[i]!
}

/** target &= ~other, in place. */
export function andNotInPlace(target: Bitmap, other: Bitmap): void {
  for (let i = 0; i < target.length; i++) target[i]! &= ~other[i]!
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

export function countDocs(bitmap: Bitmap): number {
  let total = 0
  for (let i = 0; i < bitmap.length; i++) if (bitmap[i] !== 0) total += popcount32(bitmap[i]!)
  return total
}

/** |a AND b| without building it (of words from .. to - 1). */
export function countAnd(a: Bitmap, b: Bitmap, from = 0, to = a.length): number {
  let total = 0
  const end = Math.min(to, a.length)
  for (let i = from; i < end; i++) {
    const word = a[i]! & b[i]!
    if (word !== 0) total += popcount32(word)
  }
  return total
}

/** |a AND NOT b| without building it. */
export function countAndNot(a: Bitmap, b: Bitmap): number {
  let total = 0
  for (let i = 0; i < a.length; i++) {
    const word = a[i]! & ~b[i]!
    if (word !== 0) total += popcount32(word)
  }
  return total
}

/** How many of the listed documents (of those at from .. to - 1) are in the bitmap. */
export function countListed(bitmap: Bitmap, docs: Uint32Array, from = 0, to = docs.length): number {
  let total = 0
  for (let i = from; i < to; i++) if ((bitmap[docs[i]! >>> 5]! & (1 << (docs[i]! & 31))) !== 0) total++
  return total
}

/** The set documents in ascending order. */
export function toDocs(bitmap: Bitmap, count = countDocs(bitmap)): Uint32Array {
  const docs = new Uint32Array(count)
  let k = 0
  for (let i = 0; i < bitmap.length; i++) {
    let word = bitmap[i]!
    while (word !== 0) {
      const low = word & -word
      docs[k++] = (i << 5) + 31 - Math.clz32(low)
      word ^= low
    }
  }
  return docs
}
