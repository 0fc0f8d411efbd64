/**
 * One page of matched documents in the requested order. Ordering is bounded: small result sets
 * are sorted directly; large ones walk the precomputed permutation of the sort key and stop as
 * soon as the page is full, so no request sorts hundreds of thousands of rows.
 */
import { countDocs, hasDoc, toDocs, type Bitmap } from './bitmap.ts'
import type { SortKey, SortOrder } from './facet-spec.ts'
import type { SearchIndex } from './search-index.ts'

/** Below this many matches a direct sort is cheaper than walking a permutation of the whole catalogue. */
const DIRECT_SORT_LIMIT = 4096

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
    const docs = count <= DIRECT_SORT_LIMIT ? sortDirect(index, segment, count, request) : walkPermutation(index, segment, request, skip + wanted)
    page.push(...docs.slice(skip, skip + wanted))
    skip = 0
  }
  return page
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
