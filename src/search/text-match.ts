/**
 * The full-text clause: FTS5 gives the set of matching postings (every query word somewhere in
 * title, company or description, the last word as a prefix); the in-memory title and company word
 * lists then split that set into relevance tiers without scoring every hit.
 */
import type { DB } from '../db/connection.ts'
import { andInPlace, andNot, emptyBitmap, orDocs, type Bitmap } from './bitmap.ts'
import { COMPANY_WORDS, TITLE_WORDS } from './index-load.ts'
import type { SearchIndex } from './search-index.ts'
import type { TextQuery } from './text-tokens.ts'

/** Rowids (= job ids) of the postings matching one term in SQLite's full-text index (the first `limit` of them). */
export function matchingRowids(db: DB, term: string, limit = -1): number[] {
  return db.prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? LIMIT ?').pluck().all(term, limit) as number[]
}

/** The live documents of those rowids. */
export function rowidBitmap(index: SearchIndex, rowids: ArrayLike<number>): Bitmap {
  const matched = emptyBitmap(index.words)
  for (let i = 0; i < rowids.length; i++) {
    const doc = index.columns.docOf(rowids[i]!)
    if (doc !== undefined) matched[doc >>> 5]! |= 1 << (doc & 31)
  }
  andInPlace(matched, index.live)
  return matched
}

/** Documents whose word list (title or company) holds the word, or any word starting with it. */
function docsWithWord(index: SearchIndex, field: string, word: string, prefix: boolean): Bitmap {
  const out = emptyBitmap(index.words)
  const postings = index.allPostings(field)
  if (!prefix) {
    const code = index.columns.dictionary(field).code(word)
    if (code !== undefined) orDocs(out, postings[code]!)
    return out
  }
  const names = index.columns.dictionary(field).names
  for (let code = 0; code < names.length; code++) if (names[code]!.startsWith(word)) orDocs(out, postings[code]!)
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
