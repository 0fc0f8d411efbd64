/**
 * Typo tolerance on the term dictionary: a query word the catalogue does not know at all (no
 * posting holds it, or for the last word, no word starts with it) is replaced by the most
 * frequent dictionary term one edit away (5 to 8 letters) or two (9 or more); an adjacent
 * transposition counts as one edit. Only words of letters are corrected, and only into words of
 * letters: technology names with digits or symbols (c++, c#, k8s, es2015) are never "corrected".
 * A known word is never changed, so exact matches always win. Candidates come from a bigram index
 * of the dictionary (typo-index.ts), not a scan of every term.
 */
import type { TermIndex } from './term-index.ts'
import { clauseOf, finish, type TextClause, type TextQuery, type TextTerm } from './text-tokens.ts'
import { typoIndexOf } from './typo-index.ts'

const LETTERS = /^\p{L}+$/u

function allowedEdits(word: string): number {
  if (word.length >= 9) return 2
  return word.length >= 5 ? 1 : 0
}

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions), or max + 1 once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1)
    current[0] = i
    let best = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current[j] = value
      if (value < best) best = value
    }
    if (best > max) return max + 1
    before = previous
    previous = current
  }
  return previous[b.length]!
}

/** Whether the catalogue holds the term (a prefix: any word starting with it; a phrase: each of its words). */
function known(terms: TermIndex, term: TextTerm): boolean {
  return term.tokens.every((token, i) => {
    if (!(term.prefix && i === term.tokens.length - 1)) return terms.code(token) !== undefined || terms.overlay.has(token)
    const [from, to] = terms.prefixRange(token)
    return from < to || [...terms.overlay.keys()].some((word) => word.startsWith(token))
  })
}

/** The most frequent dictionary term within the allowed edits of an unknown word, if any. */
export function correction(terms: TermIndex, word: string): string | undefined {
  const max = allowedEdits(word)
  if (max === 0 || !LETTERS.test(word)) return undefined
  let best: string | undefined
  let bestDistance = max + 1
  let bestFrequency = 0
  for (const term of typoIndexOf(terms).candidates(word, max)) {
    const distance = editDistance(word, term, Math.min(max, bestDistance))
    const frequency = terms.frequency(term)
    if (distance < bestDistance || (distance === bestDistance && distance <= max && frequency > bestFrequency)) {
      best = term
      bestDistance = distance
      bestFrequency = frequency
    }
  }
  return bestDistance <= max ? best : undefined
}

/**
 * The text with every unknown word corrected: a clause none of whose terms (typed word or aliases)
 * the catalogue holds, typed as one plain word. `expand` adds the correction's own aliases.
 */
export function correctText(terms: TermIndex | undefined, text: TextQuery, expand: (clause: TextClause) => TextClause): { text: TextQuery; corrected: boolean } {
  if (!terms) return { text, corrected: false }
  let corrected = false
  const clauses = text.clauses.map((clause) => {
    const typed = clause.terms[0]!
    if (clause.quoted || typed.tokens.length !== 1 || clause.terms.some((term) => known(terms, term))) return clause
    const replacement = correction(terms, typed.tokens[0]!)
    if (!replacement) return clause
    corrected = true
    // The correction stands in for the typed word: it ranks as typed, above its prefixes and aliases.
    const fixed = expand(clauseOf(replacement, [replacement], false))
    fixed.terms[0]!.prefix = typed.prefix
    return fixed
  })
  if (!corrected) return { text, corrected }
  return { text: finish({ ...text, clauses })!, corrected }
}
