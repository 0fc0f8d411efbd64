/**
 * One page of matched documents in the requested order. Ordering is bounded: small result sets
 * are sorted directly; large ones walk the precomputed permutation of the sort key and stop as
 * soon as the page is full, so no request sorts hundreds of thousands of rows.
 */
import { countDocs, hasDoc, toDocs, type Bitmap } from './bitmap.ts'
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
 * Serves `segments` (disjoint bitmaps, e.g. relevance tiers) one after the other, each ordered by
 * the key; unknown keys come last in either order, ties go by document (= catalogue id) order.
 */
export function pageOf(index: SearchIndex, segments: Bitmap[], request: PageRequest): number[] {
  const page: number[] = []
  let skip = request.offset
  for (const segment of segments) {
    if (page.length >= request.limit) break
    const count = countDocs(segment)
    if (skip >= count) {
      skip -= count
      continue
    }
    const wanted = request.limit - page.length
    const docs = sortIsCheaper(index, count, skip + wanted) ? sortDirect(index, segment, count, request) : walkPermutation(index, segment, request, skip + wanted)
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

function sortDirect(index: SearchIndex, segment: Bitmap, count: number, request: PageRequest): number[] {
  const column = index.columns.number(request.key)
  const sign = request.order === 'asc' ? 1 : -1
  return [...toDocs(segment, count)].sort((a, b) => {
    const x = column[a]!
    const y = column[b]!
    const xUnknown = Number.isNaN(x)
    const yUnknown = Number.isNaN(y)
    if (xUnknown !== yUnknown) return xUnknown ? 1 : -1
    if (!xUnknown && x !== y) return sign * (x - y)
    return sign * (a - b)
  })
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
