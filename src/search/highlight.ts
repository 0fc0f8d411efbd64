/**
 * Highlighting (opt-in on job search): the words of q as a posting holds them, so a client can mark
 * them and a caller can see why a posting matched. A clause's every term counts (the word as typed,
 * its prefix completions, aliases, its correction), a phrase only as its words in a row; exclusions
 * never match. Read from the posting's title, company name and description, tokenized as the
 * full-text index tokenizes them.
 */
import type { DB } from '../db/connection.ts'
import { currentTerms } from './term-build.ts'
import type { TextQuery, TextTerm } from './text-tokens.ts'

/** At most this many terms per posting. */
const MAX_TERMS = 20

/** The length of the term's match at position i of the tokens, or 0. */
function matchAt(tokens: readonly string[], i: number, term: TextTerm): number {
  const last = term.tokens.length - 1
  if (i + last >= tokens.length) return 0
  for (let k = 0; k < last; k++) if (tokens[i + k] !== term.tokens[k]) return 0
  const token = tokens[i + last]!
  return (term.prefix ? token.startsWith(term.tokens[last]!) : token === term.tokens[last]) ? last + 1 : 0
}

/** The distinct matched words and phrases of q in the tokens, in order of first occurrence. */
export function matchedTerms(text: TextQuery, tokens: readonly string[]): string[] {
  const terms = text.clauses.flatMap((clause) => clause.terms)
  const found = new Set<string>()
  for (let i = 0; i < tokens.length && found.size < MAX_TERMS; i++) {
    for (const term of terms) {
      const length = matchAt(tokens, i, term)
      if (length) found.add(tokens.slice(i, i + length).join(' '))
    }
  }
  return [...found]
}

/** The matched terms of each open posting, by job id. */
export function highlightsOf(db: DB, text: TextQuery, jobIds: readonly number[]): Map<number, string[]> {
  const out = new Map<number, string[]>()
  for (const [id, tokens] of currentTerms(db, jobIds)) out.set(id, matchedTerms(text, tokens))
  return out
}
