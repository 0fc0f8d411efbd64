/** The first index of a sorted list whose value is not below `value` (the list's length when none). */
export function lowerBound<T extends number | string>(list: ArrayLike<T>, value: T): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list[mid]! < value) lo = mid + 1
    else hi = mid
  }
  return lo
}
