/**
 * Reads the term dictionary and posting lists of a TermIndex from FTS5: the vocabulary with
 * document frequencies (fts5vocab), then the rowids of every term common enough to keep in memory,
 * turned into documents of the in-memory index. On a database file this runs on the worker threads
 * (`buildTermIndexOnWorkers`), off the request path; an in-memory database is read in place.
 * Also tokenizes changed postings for the overlay.
 */
import type { DB } from '../db/connection.ts'
import { emptyBitmap } from './bitmap.ts'
import type { FtsWorkers } from './fts-workers.ts'
import { MIN_MEMORY_DF, TermIndex, type TermPostings } from './term-index.ts'
import { tokenize } from './text-tokens.ts'

export const VOCABULARY_SQL = "CREATE VIRTUAL TABLE IF NOT EXISTS temp.search_vocabulary USING fts5vocab(main, 'jobs_fts', 'row')"
export const VOCABULARY_READ = 'SELECT term, doc FROM temp.search_vocabulary'
export const TERM_ROWIDS = 'SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ?'

/** Terms per worker message: few round trips, but results arrive while the rest is still read. */
const BATCH_POSTINGS = 2_000_000

/** Turns listed rowids into documents and keeps each term's postings in the smaller form. */
class PostingsBuilder {
  private readonly sparse: (Uint32Array | undefined)[]
  private readonly dense: [number, Uint32Array][] = []
  readonly df: Uint32Array

  constructor(readonly terms: string[], private readonly docOfJob: Uint32Array, private readonly docCount: number, private readonly words: number) {
    this.sparse = new Array(terms.length)
    this.df = new Uint32Array(terms.length)
  }

  add(code: number, rowids: ArrayLike<number>): void {
    const docs = new Uint32Array(rowids.length)
    let n = 0
    for (let i = 0; i < rowids.length; i++) {
      const rowid = rowids[i]!
      const slot = rowid < this.docOfJob.length ? this.docOfJob[rowid]! : 0
      if (slot !== 0) docs[n++] = slot - 1
    }
    this.df[code] = n
    if (n * 32 >= this.docCount) {
      const bitmap = emptyBitmap(this.words)
      for (let i = 0; i < n; i++) bitmap[docs[i]! >>> 5]! |= 1 << (docs[i]! & 31)
      this.dense.push([code, bitmap])
    } else {
      // Rowids come ascending and documents follow job id order, except for postings patched in later.
      const list = docs.subarray(0, n)
      for (let i = 1; i < n; i++) {
        if (list[i]! < list[i - 1]!) {
          list.sort()
          break
        }
      }
      this.sparse[code] = list
    }
  }

  finish(): TermPostings {
    const offsets = new Uint32Array(this.terms.length + 1)
    for (let code = 0; code < this.terms.length; code++) offsets[code + 1] = offsets[code]! + (this.sparse[code]?.length ?? 0)
    const docs = new Uint32Array(offsets[this.terms.length]!)
    for (let code = 0; code < this.terms.length; code++) if (this.sparse[code]) docs.set(this.sparse[code]!, offsets[code]!)
    this.dense.sort((a, b) => a[0] - b[0])
    const bitmaps = new Uint32Array(this.dense.length * this.words)
    this.dense.forEach(([, bitmap], i) => bitmaps.set(bitmap, i * this.words))
    return { terms: this.terms, df: this.df, offsets, docs, denseTerms: Uint32Array.from(this.dense.map(([code]) => code)), bitmaps }
  }
}

export interface IndexShape {
  docOfJob: Uint32Array
  docCount: number
  words: number
}

/** Sorted vocabulary, frequencies (from fts5vocab until listed) and the codes worth listing. */
function plan(vocabulary: [string, number][]): { terms: string[]; vocabularyDf: Uint32Array; listed: number[] } {
  vocabulary.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const terms = vocabulary.map(([term]) => term)
  const vocabularyDf = Uint32Array.from(vocabulary.map(([, df]) => df))
  const listed: number[] = []
  for (let code = 0; code < terms.length; code++) if (vocabularyDf[code]! >= MIN_MEMORY_DF) listed.push(code)
  return { terms, vocabularyDf, listed }
}

function finishIndex(builder: PostingsBuilder, vocabularyDf: Uint32Array, listed: Set<number>, shape: IndexShape): TermIndex {
  // Tail terms keep their FTS5 frequency: below MIN_MEMORY_DF, they are read from FTS5 when queried.
  for (let code = 0; code < vocabularyDf.length; code++) if (!listed.has(code)) builder.df[code] = Math.min(vocabularyDf[code]!, MIN_MEMORY_DF - 1)
  return new TermIndex(builder.finish(), shape.words)
}

/** Reads everything in the calling thread (an in-memory database, or no workers). */
export function buildTermIndex(db: DB, shape: IndexShape): TermIndex {
  db.exec(VOCABULARY_SQL)
  const { terms, vocabularyDf, listed } = plan(db.prepare(VOCABULARY_READ).raw().all() as [string, number][])
  const builder = new PostingsBuilder(terms, shape.docOfJob, shape.docCount, shape.words)
  const rowids = db.prepare(TERM_ROWIDS).pluck()
  for (const code of listed) builder.add(code, rowids.all(`"${terms[code]}"`) as number[])
  return finishIndex(builder, vocabularyDf, new Set(listed), shape)
}

/** The same on the worker threads: each lists a share of the terms over its own connection. */
export async function buildTermIndexOnWorkers(workers: FtsWorkers, shape: IndexShape): Promise<TermIndex> {
  const { terms, vocabularyDf, listed } = plan(await workers.vocabulary())
  const builder = new PostingsBuilder(terms, shape.docOfJob, shape.docCount, shape.words)
  const batches: number[][] = [[]]
  let size = 0
  for (const code of listed) {
    if (size >= BATCH_POSTINGS) {
      batches.push([])
      size = 0
    }
    batches[batches.length - 1]!.push(code)
    size += vocabularyDf[code]!
  }
  await Promise.all(
    batches.map(async (codes) => {
      const { rowids, lengths } = await workers.termRowids(codes.map((code) => `"${terms[code]}"`))
      let at = 0
      codes.forEach((code, i) => {
        builder.add(code, rowids.subarray(at, at + lengths[i]!))
        at += lengths[i]!
      })
    }),
  )
  return finishIndex(builder, vocabularyDf, new Set(listed), shape)
}

/** Current words (title, company name, description) of changed postings, as jobs_fts tokenizes them. */
export function currentTerms(db: DB, jobIds: readonly number[]): Map<number, string[]> {
  const out = new Map<number, string[]>()
  if (jobIds.length === 0) return out
  const rows = db
    .prepare('SELECT j.id, j.title, c.name, j.description_text FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.closed_at IS NULL AND j.id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(jobIds)) as [number, string, string, string][]
  for (const [id, title, company, description] of rows) out.set(id, tokenize(`${title} ${company} ${description}`))
  return out
}
