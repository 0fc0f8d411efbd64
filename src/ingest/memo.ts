/**
 * Remembers the results of a pure function of a string. Locations and titles repeat across
 * postings (a seed writes a million of them), so each distinct one is resolved once; the cache is
 * emptied when it grows past `limit` to keep memory bounded.
 */
export function memoize<T>(fn: (key: string) => T, limit = 20_000): (key: string) => T {
  const cache = new Map<string, T>()
  return (key: string) => {
    const hit = cache.get(key)
    if (hit !== undefined || cache.has(key)) return hit as T
    if (cache.size >= limit) cache.clear()
    const value = fn(key)
    cache.set(key, value)
    return value
  }
}
