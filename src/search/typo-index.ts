/**
 * Candidate terms for a typo'd word without scanning the dictionary: the dictionary's words of
 * letters, ordered by length, with an inverted index of their letter pairs ("^p", "py", …, "n$",
 * the word padded at both ends). One edit removes at most three of a word's distinct pairs (an
 * adjacent transposition touches three), so a term within k edits shares at least pairs - 3k of
 * the query's pairs: only terms of a length within k that reach that count are compared by edit
 * distance. Built once per term dictionary, on the first correction.
 */
import type { TermIndex } from './term-index.ts'
import { lowerBound } from './lower-bound.ts'

const LETTERS = /^\p{L}+$/u

const START = 0x5e // '^': never in a word of letters
const END = 0x24 // '$'

/** Distinct padded letter pairs of a word, each as one number (two UTF-16 code units). */
function pairsOf(word: string): Set<number> {
  const out = new Set<number>()
  let previous = START
  for (let i = 0; i <= word.length; i++) {
    const code = i < word.length ? word.charCodeAt(i) : END
    out.add(previous * 65536 + code)
    previous = code
  }
  return out
}

export class TypoIndex {
  /** Words of letters, shortest first. */
  private readonly words: string[]
  /** lengthStart[n]: index of the first word of length n or more. */
  private readonly lengthStart: Uint32Array
  private readonly pairs = new Map<number, Uint32Array>()
  private readonly counts: Uint16Array

  constructor(terms: readonly string[]) {
    this.words = terms.filter((term) => LETTERS.test(term)).sort((a, b) => a.length - b.length)
    const longest = this.words.length ? this.words[this.words.length - 1]!.length : 0
    this.lengthStart = new Uint32Array(longest + 2)
    let at = 0
    for (let n = 0; n <= longest + 1; n++) {
      while (at < this.words.length && this.words[at]!.length < n) at++
      this.lengthStart[n] = at
    }
    const lists = new Map<number, number[]>()
    this.words.forEach((word, i) => {
      for (const pair of pairsOf(word)) {
        const list = lists.get(pair)
        if (list) list.push(i)
        else lists.set(pair, [i])
      }
    })
    for (const [pair, list] of lists) this.pairs.set(pair, Uint32Array.from(list))
    this.counts = new Uint16Array(this.words.length)
  }

  /** Terms that may be within `max` edits of `word` (a superset: the caller measures the distance). */
  *candidates(word: string, max: number): Iterable<string> {
    const lo = this.lengthStart[Math.max(0, Math.min(word.length - max, this.lengthStart.length - 1))]!
    const hi = this.lengthStart[Math.min(word.length + max + 1, this.lengthStart.length - 1)]!
    const pairs = pairsOf(word)
    const needed = pairs.size - 3 * max
    if (needed <= 0) {
      for (let i = lo; i < hi; i++) yield this.words[i]!
      return
    }
    const touched: number[] = []
    for (const pair of pairs) {
      const list = this.pairs.get(pair)
      if (!list) continue
      for (let k = lowerBound(list, lo); k < list.length && list[k]! < hi; k++) {
        const i = list[k]!
        if (this.counts[i]++ === 0) touched.push(i)
      }
    }
    const found: string[] = []
    for (const i of touched) {
      if (this.counts[i]! >= needed) found.push(this.words[i]!)
      this.counts[i] = 0
    }
    yield* found
  }
}


const built = new WeakMap<TermIndex, TypoIndex>()

/** Whether the typo index of this dictionary is built (a start builds it before it is ready). */
export function hasTypoIndex(terms: TermIndex): boolean {
  return built.has(terms)
}

/** The typo index of a term dictionary (its terms never change; a re-read dictionary is a new TermIndex). */
export function typoIndexOf(terms: TermIndex): TypoIndex {
  let index = built.get(terms)
  if (!index) {
    index = new TypoIndex(terms.terms)
    built.set(terms, index)
  }
  return index
}
