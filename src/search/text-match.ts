/**
 * The full-text clause: the term index (memory, with FTS5 for the rare tail) gives the set of
 * matching postings (every clause of q somewhere in title, company or description by one of its
 * terms: the word as typed, its aliases or its correction, the last word as a prefix; phrases are
 * checked by FTS5; excluded words removed); the in-memory title and company word lists then split
 * that set into relevance tiers without scoring every hit.
 */
import type { DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'
import { andInPlace, andNotDocs, andNotInPlace, emptyBitmap, orDocs, orInPlace, withScratch, type Bitmap, type Scratch } from './bitmap.ts'
import { compactCopy, DocList, filterList, fitsList, unionLists, type DocSet } from './doc-set.ts'
import { COMPANY_WORDS, TITLE_WORDS } from './index-load.ts'
import type { SearchIndex } from './search-index.ts'
import { MIN_MEMORY_DF, type TermIndex } from './term-index.ts'
import type { TextClause, TextQuery, TextTerm } from './text-tokens.ts'

/** A listed match set under one document in this many is split into tiers document by document (measured at 1M postings: 25k documents took 14 ms that way, the bitmap passes 3 ms). */
const LIST_TIERS_SHARE = 256

/** Above this many tail terms under one prefix, FTS5 lists the whole prefix once instead. */
const MAX_TAIL_READS = 64

/** Rowids (= job ids) of the postings matching one FTS5 expression (a quoted word, or a prefix). */
function matchingRowids(db: DB, match: string): number[] {
  return prepared(db, 'SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?').pluck().all(match) as number[]
}

/** The documents of those rowids (live or not: textMatches keeps the live ones). */
function rowidDocs(index: SearchIndex, rowids: ArrayLike<number>): number[] {
  const docs: number[] = []
  for (let i = 0; i < rowids.length; i++) {
    const doc = index.columns.docOf(rowids[i]!)
    if (doc !== undefined) docs.push(doc)
  }
  return docs
}

/** Documents of several lists as one set: a list when it is small, else a scratch bitmap. */
function setOfLists(index: SearchIndex, scratch: Scratch, lists: readonly ArrayLike<number>[]): DocSet {
  let total = 0
  for (const list of lists) total += list.length
  if (fitsList(total, index.columns.docCount)) return new DocList(unionLists(lists, scratch))
  const out = scratch.bitmap(index.words)
  for (const list of lists) orDocs(out, list)
  return out
}

/**
 * Documents holding a word (or, with `prefix`, any word starting with it). From the term index
 * when there is one: memory postings of unchanged documents, the overlay for changed ones, FTS5
 * for the rare tail (current for every document). Without one (while it is read) or for a word
 * the dictionary does not know, FTS5 answers alone. A word held by few documents comes as a list.
 */
function wordDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, scratch: Scratch, word: string, prefix: boolean): DocSet {
  // Tokens hold only letters, digits, '+' and '#': no '"' can end the quoted string early.
  const match = prefix ? `"${word}"*` : `"${word}"`
  if (!terms) return setOfLists(index, scratch, [rowidDocs(index, matchingRowids(db, match))])
  let from: number
  let to: number
  if (prefix) {
    ;[from, to] = terms.prefixRange(word)
    let tail = 0
    for (let code = from; code < to; code++) if (terms.postings.df[code]! < MIN_MEMORY_DF) tail++
    if (tail > MAX_TAIL_READS) return setOfLists(index, scratch, [rowidDocs(index, matchingRowids(db, match))])
  } else {
    const code = terms.code(word)
    if (code === undefined) return setOfLists(index, scratch, [rowidDocs(index, matchingRowids(db, match))])
    ;[from, to] = [code, code + 1]
  }
  let size = 0
  let dense = false
  for (let code = from; code < to; code++) {
    size += terms.postings.df[code]!
    dense ||= terms.isDense(code)
  }
  if (!dense && fitsList(size, index.columns.docCount)) {
    const lists: ArrayLike<number>[] = terms.overlayLists(word, prefix)
    for (let code = from; code < to; code++) lists.push(terms.listOf(code, scratch) ?? rowidDocs(index, matchingRowids(db, `"${terms.terms[code]}"`)))
    return setOfLists(index, scratch, lists)
  }
  const tail: string[] = []
  const out = terms.union(range(from, to), scratch.bitmap(index.words), tail)
  for (const term of tail) orDocs(out, rowidDocs(index, matchingRowids(db, `"${term}"`)))
  for (const docs of terms.overlayLists(word, prefix)) orDocs(out, docs)
  return out
}

function* range(from: number, to: number): Iterable<number> {
  for (let code = from; code < to; code++) yield code
}

/** Documents holding a term: a word (or prefix), or a phrase (its words in a row, from FTS5). */
function termDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, scratch: Scratch, term: TextTerm): DocSet {
  if (term.tokens.length === 1) return wordDocs(db, index, terms, scratch, term.tokens[0]!, term.prefix)
  // Tokens hold only letters, digits, '+' and '#': the quoted phrase is never FTS syntax.
  const phrase = `"${term.tokens.join(' ')}"`
  const rowids = terms ? terms.phraseRowids(phrase, () => matchingRowids(db, phrase)) : matchingRowids(db, phrase)
  return setOfLists(index, scratch, [rowidDocs(index, rowids)])
}

/** Documents matching a clause by any of its terms. */
function clauseDocs(db: DB, index: SearchIndex, terms: TermIndex | undefined, scratch: Scratch, clause: TextClause): DocSet {
  const sets = clause.terms.map((term) => termDocs(db, index, terms, scratch, term))
  if (sets.length === 1) return sets[0]!
  if (sets.every((set) => set instanceof DocList)) return setOfLists(index, scratch, sets.map((set) => (set as DocList).docs))
  // A bitmap from termDocs is scratch of this call: the first one found takes the others in place.
  const out = sets.find((set): set is Bitmap => !(set instanceof DocList))!
  for (const set of sets) {
    if (set === out) continue
    if (set instanceof DocList) orDocs(out, set.docs)
    else orInPlace(out, set)
  }
  return out
}

/**
 * Live documents matching every clause of the text and none of its exclusions. When a clause is
 * held by few documents, the others are only asked about those; a set that ends up small is
 * handed on as a list.
 */
export function textMatches(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery): DocSet {
  return withScratch((scratch) => {
    const sets = text.clauses.map((clause) => clauseDocs(db, index, terms, scratch, clause))
    let smallest: DocList | undefined
    for (const set of sets) if (set instanceof DocList && (!smallest || set.docs.length < smallest.docs.length)) smallest = set
    if (smallest) {
      let matched = filterList(smallest.docs, index.live)
      for (const set of sets) if (set !== smallest) matched = filterList(matched.docs, set)
      for (const term of text.excluded) matched = filterList(matched.docs, termDocs(db, index, terms, scratch, term), false)
      return matched
    }
    // The clauses' sets are scratch: the answer is a set of its own.
    const matched = scratch.copy(index.live)
    for (const set of sets) andInPlace(matched, set as Bitmap)
    for (const term of text.excluded) {
      const excluded = termDocs(db, index, terms, scratch, term)
      if (excluded instanceof DocList) andNotDocs(matched, excluded.docs)
      else andNotInPlace(matched, excluded)
    }
    return compactCopy(matched, index.columns.docCount)
  })
}

/**
 * Documents whose word list (title or company) holds the word, or with `prefix` any word starting
 * with it; `completionsOnly`: only the longer words (the caller holds the word's own documents).
 * A common word's documents come as the index's kept bitmap (one word-wise OR), not set bit by bit.
 */
function docsWithWord(index: SearchIndex, scratch: Scratch, field: string, word: string, prefix: boolean, completionsOnly = false): Bitmap {
  const out = scratch.bitmap(index.words)
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
function fieldDocs(index: SearchIndex, scratch: Scratch, field: string, term: TextTerm, completionsOnly = false): Bitmap {
  const last = term.tokens.length - 1
  const out = docsWithWord(index, scratch, field, term.tokens[last]!, term.prefix, completionsOnly)
  for (let i = 0; i < last; i++) andInPlace(out, docsWithWord(index, scratch, field, term.tokens[i]!, false))
  return out
}

const sameTokens = (a: TextTerm, b: TextTerm) => a.tokens.length === b.tokens.length && a.tokens.every((token, i) => token === b.tokens[i])

/**
 * Documents whose title holds a clause and whose title or company name does: by its exact form
 * (the word as typed, whole) and by any of its terms. The exact form's documents are read once:
 * the typed word's own prefix adds only its completions.
 */
function clauseFields(index: SearchIndex, scratch: Scratch, clause: TextClause): { exactTitle: Bitmap; exactTitleOrCompany: Bitmap; title: Bitmap; titleOrCompany: Bitmap } {
  const exactTitle = fieldDocs(index, scratch, TITLE_WORDS, clause.exact)
  const exactTitleOrCompany = fieldDocs(index, scratch, COMPANY_WORDS, clause.exact)
  orInPlace(exactTitleOrCompany, exactTitle)
  const title = scratch.copy(exactTitle)
  const titleOrCompany = scratch.copy(exactTitleOrCompany)
  for (const term of clause.terms) {
    const same = sameTokens(term, clause.exact)
    if (same && !term.prefix) continue
    const inTitle = fieldDocs(index, scratch, TITLE_WORDS, term, same)
    orInPlace(title, inTitle)
    orInPlace(titleOrCompany, inTitle)
    orInPlace(titleOrCompany, fieldDocs(index, scratch, COMPANY_WORDS, term, same))
  }
  return { exactTitle, exactTitleOrCompany, title, titleOrCompany }
}

/**
 * Relevance tiers, best first, partitioning `matched`: every clause in the title; in the title or
 * the company name; anywhere (the description). With `exactFirst`, each splits in two: every clause
 * matched by the word as typed (whole word; for an unknown word, its correction) before matches
 * that needed a prefix completion or an alias.
 */
export function relevanceTiers(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery, matched: DocSet, exactFirst: boolean): DocSet[] {
  // Reading word lists document by document beats the bitmap passes only for a few thousand documents.
  if (matched instanceof DocList && matched.docs.length * LIST_TIERS_SHARE < index.columns.docCount) return listTiers(db, index, terms, text, matched, exactFirst)
  return withScratch((scratch) => {
    const words = index.words
    const bitmapOf = (set: DocSet): Bitmap => {
      if (!(set instanceof DocList)) return set
      const bitmap = scratch.bitmap(words)
      orDocs(bitmap, set.docs)
      return bitmap
    }
    const all = bitmapOf(matched)
    const clauses = text.clauses.map((clause) => ({
      ...clauseFields(index, scratch, clause),
      anywhere: exactFirst ? bitmapOf(termDocs(db, index, terms, scratch, clause.exact)) : undefined,
    }))
    // One pass over the matched words computes every tier (each the matched set cut by word rules),
    // instead of a copy and an AND or AND-NOT pass over the whole bitmap per rule. A tier gets its
    // bitmap at its first document: a single word typed whole leaves half of them empty.
    const tiers: (Bitmap | undefined)[] = new Array(exactFirst ? 6 : 3)
    const put = (tier: number, i: number, bits: number) => {
      if (bits !== 0) (tiers[tier] ??= emptyBitmap(words))[i] = bits
    }
    for (let i = 0; i < all.length; i++) {
      const any = all[i]!
      if (any === 0) continue
      let exactTitle = any
      let inTitle = any
      let exactTitleOrCompany = any
      let inTitleOrCompany = any
      let exactAnywhere = any
      for (const clause of clauses) {
        exactTitle &= clause.exactTitle[i]!
        inTitle &= clause.title[i]!
        exactTitleOrCompany &= clause.exactTitleOrCompany[i]!
        inTitleOrCompany &= clause.titleOrCompany[i]!
        if (clause.anywhere) exactAnywhere &= clause.anywhere[i]!
      }
      if (!exactFirst) {
        put(0, i, inTitle)
        put(1, i, inTitleOrCompany & ~inTitle)
        put(2, i, any & ~inTitleOrCompany)
        continue
      }
      put(0, i, exactTitle)
      put(1, i, inTitle & ~exactTitle)
      put(2, i, exactTitleOrCompany & ~inTitle)
      put(3, i, inTitleOrCompany & ~inTitle & ~exactTitleOrCompany)
      put(4, i, exactAnywhere & ~inTitleOrCompany)
      put(5, i, any & ~inTitleOrCompany & ~exactAnywhere)
    }
    return Array.from(tiers, (tier) => tier ?? new DocList(new Uint32Array(0)))
  })
}

/**
 * Per token of a term, the codes of a field's dictionary it covers: the word's own code (-1 when
 * the field never holds it), or for a prefix a mark per code of every word starting with it.
 */
function fieldCodes(index: SearchIndex, field: string, term: TextTerm): (number | Uint8Array)[] {
  const dictionary = index.columns.dictionary(field)
  const last = term.tokens.length - 1
  return term.tokens.map((token, i) => {
    if (i !== last || !term.prefix) return dictionary.code(token) ?? -1
    const marks = new Uint8Array(dictionary.names.length)
    dictionary.names.forEach((name, code) => {
      if (name.startsWith(token)) marks[code] = 1
    })
    return marks
  })
}

/** Whether the document's word list (CSR) holds every token of a term. */
function listHolds(offsets: Uint32Array, values: Uint32Array, doc: number, tokens: (number | Uint8Array)[]): boolean {
  const start = offsets[doc]!
  const end = offsets[doc + 1]!
  for (const token of tokens) {
    let k = start
    if (typeof token === 'number') while (k < end && values[k] !== token) k++
    else while (k < end && token[values[k]!] !== 1) k++
    if (k === end) return false
  }
  return true
}

/**
 * The tiers of a small match set, document by document from its title and company word lists:
 * the same partition as the bitmap passes above, in time proportional to the set.
 */
function listTiers(db: DB, index: SearchIndex, terms: TermIndex | undefined, text: TextQuery, matched: DocList, exactFirst: boolean): DocList[] {
  const title = index.columns.multi(TITLE_WORDS)
  const company = index.columns.multi(COMPANY_WORDS)
  const clauses = text.clauses.map((clause) => {
    const others = clause.terms.filter((term) => !(sameTokens(term, clause.exact) && !term.prefix))
    return {
      exactTitle: fieldCodes(index, TITLE_WORDS, clause.exact),
      exactCompany: fieldCodes(index, COMPANY_WORDS, clause.exact),
      title: others.map((term) => fieldCodes(index, TITLE_WORDS, term)),
      company: others.map((term) => fieldCodes(index, COMPANY_WORDS, term)),
    }
  })
  const { docs } = matched
  // Whether each document holds every clause's exact form anywhere: one merge walk per clause, not a search per document.
  const anywhere = new Uint8Array(docs.length).fill(1)
  if (exactFirst) {
    for (const clause of text.clauses) {
      const held = withScratch((scratch) => filterList(docs, termDocs(db, index, terms, scratch, clause.exact)).docs)
      for (let i = 0, j = 0; i < docs.length; i++) {
        if (j < held.length && held[j] === docs[i]) j++
        else anywhere[i] = 0
      }
    }
  }
  const tiers: number[][] = Array.from({ length: exactFirst ? 6 : 3 }, () => [])
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!
    let exactTitle = true
    let inTitle = true
    let exactTitleOrCompany = true
    let inTitleOrCompany = true
    for (const clause of clauses) {
      const et = listHolds(title.offsets, title.values, doc, clause.exactTitle)
      const etc = et || listHolds(company.offsets, company.values, doc, clause.exactCompany)
      const t = et || clause.title.some((codes) => listHolds(title.offsets, title.values, doc, codes))
      exactTitle &&= et
      inTitle &&= t
      exactTitleOrCompany &&= etc
      inTitleOrCompany &&= etc || t || clause.company.some((codes) => listHolds(company.offsets, company.values, doc, codes))
    }
    const tier = !exactFirst
      ? inTitle ? 0 : inTitleOrCompany ? 1 : 2
      : exactTitle ? 0 : inTitle ? 1 : exactTitleOrCompany ? 2 : inTitleOrCompany ? 3 : anywhere[i] === 1 ? 4 : 5
    tiers[tier]!.push(doc)
  }
  return tiers.map((tier) => new DocList(Uint32Array.from(tier)))
}
