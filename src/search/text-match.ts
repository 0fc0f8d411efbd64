/**
 * The full-text clause: the term index (memory, with FTS5 for the rare tail) gives the set of
 * matching postings (every query word somewhere in title, company or description, the last word as
 * a prefix); the in-memory title and company word lists then split that set into relevance tiers
 * without scoring every hit.
 */
import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import { andInPlace, andNot, emptyBitmap, orDocs, orInPlace, type Bitmap } from './bitmap.ts'
import { COMPANY_WORDS, TITLE_WORDS } from './index-load.ts'
import type { SearchIndex } from './search-index.ts'
import { MIN_MEMORY_DF, type TermIndex } from './term-index.ts'
import type { TextQuery } from './text-tokens.ts'

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

/** Live documents matching every word of the text (the last one as a prefix). */
export function textMatches(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery): Bitmap {
  const matched = index.live.slice()
  for (const word of text.words) andInPlace(matched, wordDocs(db, index, terms, word, false))
  andInPlace(matched, wordDocs(db, index, terms, text.prefix, true))
  return matched
}

/**
 * Documents whose word list (title or company) holds the word, or any word starting with it. A
 * common word's documents come as the index's kept bitmap (one word-wise OR), not set bit by bit.
 */
function docsWithWord(index: SearchIndex, field: string, word: string, prefix: boolean): Bitmap {
  const out = emptyBitmap(index.words)
  const postings = index.allPostings(field)
  const names = index.columns.dictionary(field).names
  const add = (code: number) => {
    const dense = index.denseBitmap(field, names[code]!)
    if (dense) orInPlace(out, dense)
    else orDocs(out, postings[code]!)
  }
  if (!prefix) {
    const code = index.columns.dictionary(field).code(word)
    if (code !== undefined) add(code)
    return out
  }
  for (let code = 0; code < names.length; code++) if (names[code]!.startsWith(word)) add(code)
  return out
}

/**
 * Relevance tiers, best first, partitioning `matched`: every word in the title; every word in the
 * title or the company name; the rest (words found in the description).
 */
export function relevanceTiers(index: SearchIndex, text: TextQuery, matched: Bitmap): Bitmap[] {
  const inTitle = matched.slice()
  const inTitleOrCompany = matched.slice()
  const terms: [string, boolean][] = [...text.words.map((word): [string, boolean] => [word, false]), [text.prefix, true]]
  for (const [word, prefix] of terms) {
    const title = docsWithWord(index, TITLE_WORDS, word, prefix)
    andInPlace(inTitle, title)
    const company = docsWithWord(index, COMPANY_WORDS, word, prefix)
    for (let i = 0; i < company.length; i++) company[i]! |= title[i]!
    andInPlace(inTitleOrCompany, company)
  }
  const second = andNot(inTitleOrCompany, inTitle)
  const rest = andNot(matched, inTitleOrCompany)
  return [inTitle, second, rest]
}
