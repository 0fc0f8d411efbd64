/**
 * The first index of a sorted list of document or term codes whose value is not below `value` (the
 * list's length when none). Numbers only: it runs in the hot loops of typo lookup and list sets,
 * where one element type keeps it as fast as the loop written out in place.
 */
export function lowerBound(list: Uint32Array, value: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The first index of [0, `count`) where `before(i)` turns false (it must be true on a prefix, then false). */
export function partitionPoint(count: number, before: (index: number) => boolean): number {
  let lo = 0
  let hi = count
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (before(mid)) lo = mid + 1
    else hi = mid
  }
  return lo
}
