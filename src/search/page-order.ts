/**
 * One page of matched documents in the requested order. Ordering is bounded: small result sets
 * are sorted directly; large ones walk the precomputed permutation of the sort key and stop as
 * soon as the page is full, so no request sorts hundreds of thousands of rows.
 */
import { hasDoc, toDocs, type Bitmap } from './bitmap.ts'
import { DocList, sizeOf, type DocSet } from './doc-set.ts'
import type { SortKey, SortOrder } from './facet-spec.ts'
import type { SearchIndex } from './search-index.ts'

/** Above this many matches a walk of the precomputed permutation is always chosen. */
const DIRECT_SORT_LIMIT = 4096
/** One comparison of a direct sort costs about this many steps of a permutation walk (measured at 100k). */
const SORT_STEP_COST = 10

export interface PageRequest {
  key: SortKey
  order: SortOrder
  offset: number
  limit: number
}

/**
 * Serves `segments` (disjoint sets, e.g. relevance tiers) one after the other, each ordered by
 * the key; unknown keys come last in either order, ties go by document (= catalogue id) order.
 */
export function pageOf(index: SearchIndex, segments: DocSet[], request: PageRequest): number[] {
  const page: number[] = []
  let skip = request.offset
  for (const segment of segments) {
    if (page.length >= request.limit) break
    const count = sizeOf(segment)
    if (skip >= count) {
      skip -= count
      continue
    }
    const wanted = request.limit - page.length
    let docs: number[]
    if (segment instanceof DocList) docs = firstInOrder(index, segment.docs, request, skip + wanted)
    else docs = sortIsCheaper(index, count, skip + wanted) ? sortDirect(index, toDocs(segment, count), request) : walkPermutation(index, segment, request, skip + wanted)
    page.push(...docs.slice(skip, skip + wanted))
    skip = 0
  }
  return page
}

/**
 * Whether sorting the segment beats walking the permutation: the walk visits about needed × live /
 * count documents before the page is full, the sort makes count × log2(count) comparisons. A
 * large tier with a short page (a common word's title matches) is walked, a small one sorted.
 */
function sortIsCheaper(index: SearchIndex, count: number, needed: number): boolean {
  return count <= DIRECT_SORT_LIMIT && count * Math.log2(count + 1) * SORT_STEP_COST < (needed * index.liveCount) / count
}

/** The order of a page: by key (unknown last in either order), ties by document. Negative: `a` first. */
function comparer(index: SearchIndex, request: PageRequest): (a: number, b: number) => number {
  const column = index.columns.number(request.key)
  const sign = request.order === 'asc' ? 1 : -1
  return (a, b) => {
    const x = column[a]!
    const y = column[b]!
    const xUnknown = Number.isNaN(x)
    const yUnknown = Number.isNaN(y)
    if (xUnknown !== yUnknown) return xUnknown ? 1 : -1
    if (!xUnknown && x !== y) return sign * (x - y)
    return sign * (a - b)
  }
}

function sortDirect(index: SearchIndex, docs: Uint32Array, request: PageRequest): number[] {
  return [...docs].sort(comparer(index, request))
}

/**
 * The first `needed` documents of a list in page order, by one pass keeping the best in a heap
 * (worst kept at its root): time proportional to the list, wherever its documents fall in the
 * order. (A walk of the permutation assumes them spread evenly and can read all of it.)
 */
function firstInOrder(index: SearchIndex, docs: Uint32Array, request: PageRequest, needed: number): number[] {
  const compare = comparer(index, request)
  if (needed * 2 >= docs.length) return [...docs].sort(compare).slice(0, needed)
  const heap: number[] = []
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!])
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!
    if (heap.length < needed) {
      heap.push(doc)
      for (let at = heap.length - 1; at > 0 && worse(at, (at - 1) >> 1); at = (at - 1) >> 1) swap(at, (at - 1) >> 1)
    } else if (compare(doc, heap[0]!) < 0) {
      heap[0] = doc
      for (let at = 0; ; ) {
        const left = 2 * at + 1
        const right = left + 1
        let top = at
        if (left < heap.length && worse(left, top)) top = left
        if (right < heap.length && worse(right, top)) top = right
        if (top === at) break
        swap(at, top)
        at = top
      }
    }
  }
  return heap.sort(compare)
}

function walkPermutation(index: SearchIndex, segment: Bitmap, request: PageRequest, needed: number): number[] {
  const { known, unknown } = index.sortPermutation(request.key)
  const out: number[] = []
  const visit = (list: Uint32Array) => {
    if (request.order === 'asc') {
      for (let i = 0; i < list.length && out.length < needed; i++) if (hasDoc(segment, list[i]!)) out.push(list[i]!)
    } else {
      for (let i = list.length - 1; i >= 0 && out.length < needed; i--) if (hasDoc(segment, list[i]!)) out.push(list[i]!)
    }
  }
  visit(known)
  visit(unknown)
  return out
}
