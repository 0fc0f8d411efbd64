/**
 * Code-point order of text: UTF-8 byte order, which is SQLite's BINARY collation (what `ORDER BY`
 * and `GROUP BY` on text give). JavaScript's `<` compares UTF-16 units, which differs only when a
 * surrogate pair (a character past U+FFFF) meets a character from U+E000 up.
 */
export function codePointOrder(a: string, b: string): number {
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : a > b ? 1 : 0
  const [x, y] = [Array.from(a, (c) => c.codePointAt(0)!), Array.from(b, (c) => c.codePointAt(0)!)]
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return x.length - y.length
}

const SURROGATE = /[\uD800-\uDFFF]/
