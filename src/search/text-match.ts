/**
 * The full-text clause: the term index (memory, with FTS5 for the rare tail) gives the set of
 * matching postings (every clause of q somewhere in title, company or description by one of its
 * terms: the word as typed, its aliases or its correction, the last word as a prefix; phrases are
 * checked by FTS5; excluded words removed); the in-memory title and company word lists then split
 * that set into relevance tiers without scoring every hit.
 */
import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import { andInPlace, andNot, andNotInPlace, emptyBitmap, orDocs, orInPlace, type Bitmap } from './bitmap.ts'
import { COMPANY_WORDS, TITLE_WORDS } from './index-load.ts'
import type { SearchIndex } from './search-index.ts'
import { MIN_MEMORY_DF, type TermIndex } from './term-index.ts'
import type { TextClause, TextQuery, TextTerm } from './text-tokens.ts'

/** Above this many tail terms under one prefix, FTS5 lists the whole prefix once instead. */
const MAX_TAIL_READS = 64

/** Rowids (= job ids) of the postings matching one FTS5 expression (a quoted word, or a prefix). */
function matchingRowids(db: DB, match: string): number[] {
  return prepared(db, 'SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?').pluck().all(match) as number[]
}

/** The live documents of those rowids. */
function rowidBitmap(index: SearchIndex, rowids: ArrayLike<number>, target = emptyBitmap(index.words)): Bitmap {
  for (let i = 0; i < rowids.length; i++) {
    const doc = index.columns.docOf(rowids[i]!)
    if (doc !== undefined) target[doc >>> 5]! |= 1 << (doc & 31)
  }
  return target
}

/**
 * Documents holding a word (or, with `prefix`, any word starting with it). From the term index
 * when there is one: memory postings of unchanged documents, the overlay for changed ones, FTS5
 * for the rare tail (current for every document). Without one (while it is read) or for a word
 * the dictionary does not know, FTS5 answers alone.
 */
function wordDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, word: string, prefix: boolean): Bitmap {
  // Tokens hold only letters, digits, '+' and '#': no '"' can end the quoted string early.
  const match = prefix ? `"${word}"*` : `"${word}"`
  if (!terms) return rowidBitmap(index, matchingRowids(db, match))
  let codes: Iterable<number>
  if (prefix) {
    const [from, to] = terms.prefixRange(word)
    let tail = 0
    for (let code = from; code < to; code++) if (terms.postings.df[code]! < MIN_MEMORY_DF) tail++
    if (tail > MAX_TAIL_READS) return rowidBitmap(index, matchingRowids(db, match))
    codes = range(from, to)
  } else {
    const code = terms.code(word)
    if (code === undefined) return rowidBitmap(index, matchingRowids(db, match))
    codes = [code]
  }
  const tail: string[] = []
  const out = terms.union(codes, index.words, tail)
  for (const term of tail) rowidBitmap(index, matchingRowids(db, `"${term}"`), out)
  terms.overlayDocs(word, prefix, out)
  return out
}

function* range(from: number, to: number): Iterable<number> {
  for (let code = from; code < to; code++) yield code
}

/** Documents holding a term: a word (or prefix), or a phrase (its words in a row, from FTS5). */
function termDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, term: TextTerm): Bitmap {
  if (term.tokens.length === 1) return wordDocs(db, index, terms, term.tokens[0]!, term.prefix)
  // Tokens hold only letters, digits, '+' and '#': the quoted phrase is never FTS syntax.
  return rowidBitmap(index, matchingRowids(db, `"${term.tokens.join(' ')}"`))
}

/** Documents matching a clause by any of its terms. */
function clauseDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, clause: TextClause): Bitmap {
  const out = termDocs(db, index, terms, clause.terms[0]!)
  for (const term of clause.terms.slice(1)) orInPlace(out, termDocs(db, index, terms, term))
  return out
}

/** Live documents matching every clause of the text and none of its exclusions. */
export function textMatches(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery): Bitmap {
  const matched = index.live.slice()
  for (const clause of text.clauses) andInPlace(matched, clauseDocs(db, index, terms, clause))
  for (const term of text.excluded) andNotInPlace(matched, termDocs(db, index, terms, term))
  return matched
}

/**
 * Documents whose word list (title or company) holds the word, or with `prefix` any word starting
 * with it; `completionsOnly`: only the longer words (the caller holds the word's own documents).
 * A common word's documents come as the index's kept bitmap (one word-wise OR), not set bit by bit.
 */
function docsWithWord(index: SearchIndex, field: string, word: string, prefix: boolean, completionsOnly = false): Bitmap {
  const out = emptyBitmap(index.words)
  const postings = index.allPostings(field)
  const dictionary = index.columns.dictionary(field)
  const names = dictionary.names
  const add = (code: number) => {
    const dense = index.denseBitmap(field, names[code]!)
    if (dense) orInPlace(out, dense)
    else orDocs(out, postings[code]!)
  }
  if (!prefix) {
    const code = dictionary.code(word)
    if (code !== undefined) add(code)
    return out
  }
  for (let code = 0; code < names.length; code++) {
    const name = names[code]!
    if (name.startsWith(word) && !(completionsOnly && name.length === word.length)) add(code)
  }
  return out
}

/** Documents whose title (or company name) holds the term; a phrase counts when all its words are there. */
function fieldDocs(index: SearchIndex, field: string, term: TextTerm, completionsOnly = false): Bitmap {
  const last = term.tokens.length - 1
  const out = docsWithWord(index, field, term.tokens[last]!, term.prefix, completionsOnly)
  for (let i = 0; i < last; i++) andInPlace(out, docsWithWord(index, field, term.tokens[i]!, false))
  return out
}

const sameTokens = (a: TextTerm, b: TextTerm) => a.tokens.length === b.tokens.length && a.tokens.every((token, i) => token === b.tokens[i])

/**
 * Documents whose title holds a clause and whose title or company name does: by its exact form
 * (the word as typed, whole) and by any of its terms. The exact form's documents are read once:
 * the typed word's own prefix adds only its completions.
 */
function clauseFields(index: SearchIndex, clause: TextClause): { exactTitle: Bitmap; exactTitleOrCompany: Bitmap; title: Bitmap; titleOrCompany: Bitmap } {
  const exactTitle = fieldDocs(index, TITLE_WORDS, clause.exact)
  const exactTitleOrCompany = fieldDocs(index, COMPANY_WORDS, clause.exact)
  orInPlace(exactTitleOrCompany, exactTitle)
  const title = exactTitle.slice()
  const titleOrCompany = exactTitleOrCompany.slice()
  for (const term of clause.terms) {
    const same = sameTokens(term, clause.exact)
    if (same && !term.prefix) continue
    const inTitle = fieldDocs(index, TITLE_WORDS, term, same)
    orInPlace(title, inTitle)
    orInPlace(titleOrCompany, inTitle)
    orInPlace(titleOrCompany, fieldDocs(index, COMPANY_WORDS, term, same))
  }
  return { exactTitle, exactTitleOrCompany, title, titleOrCompany }
}

/**
 * Relevance tiers, best first, partitioning `matched`: every clause in the title; in the title or
 * the company name; anywhere (the description). With `exactFirst`, each splits in two: every clause
 * matched by the word as typed (whole word; for an unknown word, its correction) before matches
 * that needed a prefix completion or an alias.
 */
export function relevanceTiers(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery, matched: Bitmap, exactFirst: boolean): Bitmap[] {
  const inTitle = matched.slice()
  const inTitleOrCompany = matched.slice()
  const exactTitle = matched.slice()
  const exactTitleOrCompany = matched.slice()
  const exactAnywhere = matched.slice()
  for (const clause of text.clauses) {
    const fields = clauseFields(index, clause)
    andInPlace(inTitle, fields.title)
    andInPlace(inTitleOrCompany, fields.titleOrCompany)
    if (!exactFirst) continue
    andInPlace(exactTitle, fields.exactTitle)
    andInPlace(exactTitleOrCompany, fields.exactTitleOrCompany)
    andInPlace(exactAnywhere, termDocs(db, index, terms, clause.exact))
  }
  if (!exactFirst) return [inTitle, andNot(inTitleOrCompany, inTitle), andNot(matched, inTitleOrCompany)]
  const tiers = [exactTitle, andNot(inTitle, exactTitle), andNot(exactTitleOrCompany, inTitle)]
  tiers.push(andNot(andNot(inTitleOrCompany, inTitle), exactTitleOrCompany))
  tiers.push(andNot(exactAnywhere, inTitleOrCompany))
  tiers.push(andNot(andNot(matched, inTitleOrCompany), exactAnywhere))
  return tiers
}
