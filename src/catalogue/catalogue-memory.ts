import { existsSync, renameSync } from 'node:fs'
import type { DB } from '../db/connection.ts'
import { serviceUnavailable } from '../errors.ts'
import { createSearchEngine, type SearchEngine } from '../search/engine.ts'
import { saveIndexSnapshot } from '../search/index-keeper.ts'
import { snapshotPath } from '../search/index-snapshot.ts'
import { buildCompanyIndex, type CompanyIndex } from './company-index.ts'
import { companyStatsToBuild, currentCompanyStats } from './company-stats.ts'
import { derivedGeneration } from './derived-generation.ts'
import { memoryFilePath, readMemoryFile, writeMemoryFile } from './memory-file.ts'
import { catalogueTotals, takeSnapshot, type CatalogueStats, type Snapshot } from './stats-facets.ts'
import { buildVocabulary, type Vocabulary } from './suggest-vocabulary.ts'

/**
 * What the process keeps in memory derived from the catalogue, besides the search index itself
 * (which follows its own change log): the company index, the typeahead vocabulary and the
 * catalogue stats snapshot. Each is built on first use and rebuilt after the one change signal
 * moves: the derived-data generation (bumped by every refresh, from any process: imports, crawls,
 * approved submissions), the company-stats generation (bumped when pending company stats are
 * recomputed) and the number of open postings in the search index (a posting closed or opened
 * without a refresh). What was built is saved beside the database file, and a start whose
 * catalogue has not changed since reads it back instead of building (memory-file.ts). One instance
 * per context (src/services.ts).
 *
 * Not here: the similar-jobs index of src/catalogue/similar.ts, a write-side cache of one
 * connection's refreshes (imports and the CLI have no context), rebuilt when another writer moved
 * the catalogue.
 */
export class CatalogueMemory {
  private signalSeen: string | undefined
  private companyIndex: CompanyIndex | undefined
  private vocabularyBuilt: Vocabulary | undefined
  private snapshotTaken: Snapshot | undefined
  /** The saved memory, until first read (a restart's); none for an in-memory or a replica's read-only file. */
  private savedFile: string | undefined
  private saving: Promise<void> | undefined

  /** `preparing`: company stats being built beside serving after a first start (src/derived-prep.ts). */
  constructor(private readonly db: DB, private readonly search: SearchEngine, private readonly preparing?: { pending: ReadonlySet<string> }) {
    this.savedFile = db.memory || db.readonly ? undefined : memoryFilePath(db.name)
  }

  /** Whether company stats are still being built beside serving: what needs them answers 503 meanwhile. */
  preparingCompanies(): boolean {
    return this.preparing?.pending.has('company_stats') ?? false
  }

  /**
   * Builds the company index, the typeahead vocabulary and the stats snapshot before a start
   * listens, so /status, typeahead and company pages answer from memory from the first request.
   * Left alone while company stats are missing: they are built beside serving (src/derived-prep.ts).
   */
  warm(): void {
    if (companyStatsToBuild(this.db)) return
    this.snapshot()
    this.vocabulary()
  }

  /** Resolves once a save under way is written (tests, and a start that wants it on disk). */
  async saved(): Promise<void> {
    while (this.saving) await this.saving
  }

  /** Drops everything built when the catalogue changed since the last look. */
  private fresh(): void {
    // Built inline here they would stop every request for minutes; half-built they would be wrong.
    if (this.preparingCompanies()) throw serviceUnavailable('company figures are being prepared after the first start; try again in a minute')
    const signal = this.signal()
    if (signal === this.signalSeen) return
    this.signalSeen = signal
    this.companyIndex = this.vocabularyBuilt = this.snapshotTaken = undefined
  }

  private signal(): string {
    return `${currentCompanyStats(this.db)}:${derivedGeneration(this.db)}:${this.search.size()}`
  }

  /**
   * Whether company figures may still miss recent postings: a refresh another process left pending
   * or is running (an import, or a restart finishing an interrupted one, marks postings first and
   * computes their companies after; ~6.5 s at a million postings), or companies still queued.
   * Company search says so in its meta instead of answering as if complete.
   */
  companiesUnsettled(): boolean {
    return this.db.prepare('SELECT EXISTS (SELECT 1 FROM derived_refresh_pending) OR EXISTS (SELECT 1 FROM company_stats_pending)').pluck().get() === 1
  }

  companies(): CompanyIndex {
    this.fresh()
    if (!this.companyIndex) this.restore()
    return (this.companyIndex ??= buildCompanyIndex(this.db))
  }

  vocabulary(): Vocabulary {
    const companies = this.companies()
    if (!this.vocabularyBuilt) {
      this.vocabularyBuilt = buildVocabulary(this.db, this.search, companies)
      this.scheduleSave()
    }
    return this.vocabularyBuilt
  }

  /** Reads the saved memory once, at the first use: later ones follow changes, which the file predates. */
  private restore(): void {
    const path = this.savedFile
    if (!path) return
    this.savedFile = undefined
    const saved = readMemoryFile(this.db, path, this.signalSeen!)
    if (!saved) return
    this.companyIndex = saved.companies
    this.vocabularyBuilt = saved.vocabulary
    this.snapshotTaken = saved.snapshot
  }

  /** Saves what was built after the current request, unless the catalogue moved on meanwhile. */
  private scheduleSave(): void {
    if (this.saving || this.db.memory || this.db.readonly) return
    const signal = this.signalSeen!
    this.saving = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => {
        const companies = this.companyIndex
        const vocabulary = this.vocabularyBuilt
        if (this.signal() !== signal || signal !== this.signalSeen || !companies || !vocabulary) return
        const snapshot = (this.snapshotTaken ??= takeSnapshot(this.db, this.search, companies.size))
        return writeMemoryFile(this.db, memoryFilePath(this.db.name), signal, { companies, vocabulary, snapshot })
      })
      .catch(() => {
        // The file only speeds up restarts: without a writable place, build at each start.
      })
      .finally(() => (this.saving = undefined))
  }

  snapshot(): Snapshot {
    const hiring = this.companies().size
    return (this.snapshotTaken ??= takeSnapshot(this.db, this.search, hiring))
  }

  stats(): CatalogueStats {
    return this.snapshot().catalog
  }

  /**
   * The catalogue's size (health checks, /status, metrics): the index's open postings and SQL's
   * totals from indexes (~1 ms), the same figures the stats snapshot holds. Never the snapshot: a
   * readiness probe after a change would rebuild it with the company index and the typeahead,
   * seconds at a million postings, on every serving process.
   */
  counts(): { jobs_open: number; jobs_closed: number; companies: number; built_at: string | null } {
    const totals = catalogueTotals(this.db)
    return { jobs_open: this.search.size(), jobs_closed: totals.closed, companies: totals.companies, built_at: totals.built }
  }
}

/** The files saveStartFiles writes beside a database file. */
export const startFiles = (dbPath: string): string[] => [snapshotPath(dbPath), memoryFilePath(dbPath)]

/** Moves (or, with copyFileSync, copies) the start files of one database file to beside another, as the file itself moves. */
export function carryStartFiles(from: string, to: string, carry: (from: string, to: string) => void = renameSync): void {
  const targets = startFiles(to)
  startFiles(from).forEach((side, i) => {
    if (existsSync(side)) carry(side, targets[i]!)
  })
}

/**
 * Saves beside a database file just written (`openroles seed`, a first start's seed) what a serving
 * start would otherwise build: the index snapshot, then the catalogue memory made from it (~3 s of
 * each serving process's first start at a million postings).
 */
export async function saveStartFiles(db: DB, workerCount: number): Promise<void> {
  await saveIndexSnapshot(db, workerCount)
  if (db.memory) return
  const search = createSearchEngine(db, { cacheEntries: 0, cacheBytes: 0, countThreads: 0 })
  try {
    const memory = new CatalogueMemory(db, search)
    memory.warm()
    await memory.saved()
  } finally {
    await search.close()
  }
}
