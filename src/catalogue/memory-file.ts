/**
 * What CatalogueMemory builds from the catalogue before a start listens (the company index, the
 * typeahead vocabulary, the stats snapshot: ~2 s of every serving process's start at a million
 * postings), saved beside the database file and read back by a start whose catalogue has not
 * changed since. Valid only for the file it was made from (a token kept in catalogue_meta, as the
 * search snapshot does) and for the change signal it was built at; anything else is ignored and
 * built again. The file is per process while written, then renamed: serving processes may save
 * at once, and a token naming the other one's file only costs the next start a build.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { rename, writeFile } from 'node:fs/promises'
import { getMeta, setMeta, withoutWaiting, type DB } from '../db/connection.ts'
import { CompanyIndex, type CompanyColumns } from './company-index.ts'
import type { Snapshot } from './stats-facets.ts'
import { vocabularyOf, type Term, type Vocabulary } from './suggest-vocabulary.ts'

const FORMAT = 3
const TOKEN_KEY = 'catalogue_memory'

export const memoryFilePath = (dbPath: string) => `${dbPath}.catalogue-memory`

export interface SavedMemory {
  companies: CompanyIndex
  vocabulary: Vocabulary
  snapshot: Snapshot
}

type PackedTerm = [kind: Term['kind'], slug: string | null, text: string, words: string[], jobs: number]

interface Saved {
  format: number
  token: string
  signal: string
  companies: CompanyColumns
  terms: PackedTerm[]
  snapshot: Omit<Snapshot, 'trimmed'>
}

export function readMemoryFile(db: DB, path: string, signal: string): SavedMemory | undefined {
  let saved: Saved
  try {
    saved = JSON.parse(readFileSync(path, 'utf8')) as Saved
  } catch {
    return undefined
  }
  if (saved.format !== FORMAT || saved.signal !== signal || saved.token !== getMeta(db, TOKEN_KEY)) return undefined
  const terms = saved.terms.map(([kind, slug, text, words, jobs]): Term => (slug === null ? { kind, text, words, jobs } : { kind, slug, text, words, jobs }))
  return { companies: new CompanyIndex(saved.companies), vocabulary: vocabularyOf(terms), snapshot: { ...saved.snapshot, trimmed: new Map() } }
}

/** Writes the memory built at `signal`, then names it in the database (skipped while another connection writes: the next start builds). */
export async function writeMemoryFile(db: DB, path: string, signal: string, memory: SavedMemory): Promise<void> {
  const { size, catalog, all } = memory.snapshot
  const saved: Saved = {
    format: FORMAT, token: randomUUID(), signal, companies: memory.companies.columns,
    terms: memory.vocabulary.terms.map((term) => [term.kind, term.slug ?? null, term.text, term.words, term.jobs]),
    snapshot: { size, catalog, all },
  }
  const temp = `${path}.${process.pid}.tmp`
  await writeFile(temp, JSON.stringify(saved))
  await rename(temp, path)
  withoutWaiting(db, () => setMeta(db, TOKEN_KEY, saved.token))
}
