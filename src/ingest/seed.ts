import type { JobRecord } from '../catalogue/job-record.ts'
import { upsertJob } from '../catalogue/job-store.ts'
import { refreshDerivedData } from '../catalogue/refresh.ts'
import { currentCompanyStats } from '../catalogue/company-stats.ts'
import { setMeta, type DB } from '../db/connection.ts'
import { seedDay } from './seed-records.ts'
import { seededBatches } from './seed-thread.ts'
import { schemaObjects, createFromSchema } from '../db/schema-objects.ts'

export { generateJobRecords } from './seed-records.ts'

export interface SeedOptions {
  jobs: number
  seed: number
  /** The moment the catalogue is generated "at"; defaults to the start of the current UTC day, so one seed gives one catalogue per day. */
  now?: Date
  /** Postings written per transaction. */
  batchSize?: number
  /** Called as postings are written (stage `postings`), then as their derived data is computed (`derived data`, `company stats`). */
  onProgress?: (done: number, total: number, stage: SeedStage) => void
}

export type SeedStage = 'postings' | 'derived data' | 'company stats'

export interface SeedSummary {
  jobs: number
  companies: number
  ms: number
}

const DEFAULT_BATCH = 5000
const HANDOFF_BATCH = 1000
/** Page cache while seeding (KiB; SQLite allocates it as pages are read, so a small seed uses little). */
const SEED_CACHE_KIB = 1024 * 1024

/**
 * Writes a generated catalogue into the database: batches of ~5,000 postings per transaction, then
 * derived data refreshed batch by batch over the complete catalogue and every company's figures,
 * `built_at` recorded at the end: a start finds nothing left to build.
 */
export function seedCatalogue(db: DB, options: SeedOptions): SeedSummary {
  const started = Date.now()
  // Seeding writes into every index of a growing file at random keys (slugs, role keys): with
  // SQLite's default 2 MiB page cache each write reads its B-tree pages back from the OS.
  const cacheSize = db.pragma('cache_size', { simple: true })
  db.pragma(`cache_size = -${SEED_CACHE_KIB}`)
  try {
    return writeCatalogue(db, options, started)
  } finally {
    db.pragma(`cache_size = ${cacheSize}`)
  }
}

function writeCatalogue(db: DB, options: SeedOptions, started: number): SeedSummary {
  const now = options.now ?? seedDay()
  const batchSize = options.batchSize ?? DEFAULT_BATCH
  const companiesWritten = new Set<string>()
  const writeBatch = db.transaction((records: JobRecord[]) => {
    const stamp = now.toISOString()
    return records.map((record) => {
      // A company is written in full once; its later postings only reference it (no collection rewrite).
      const known = companiesWritten.has(record.company.slug)
      companiesWritten.add(record.company.slug)
      const company = known ? { slug: record.company.slug, name: record.company.name } : record.company
      return upsertJob(db, { ...record, company }, stamp).id
    })
  })
  const ids: number[] = []
  const deferred = deferIndexes(db)
  // Small hand-offs keep the writes here busy while the worker generates the next records.
  for (const batch of seededBatches(options.jobs, options.seed, now, Math.min(batchSize, HANDOFF_BATCH))) {
    ids.push(...writeBatch(batch))
    options.onProgress?.(ids.length, options.jobs, 'postings')
  }
  createFromSchema(db, deferred)
  // Derived data (similar jobs) is computed once the whole catalogue is there, so the
  // first postings find neighbours among the last ones too; in batches, to bound memory.
  for (let from = 0; from < ids.length; from += batchSize) {
    refreshDerivedData(db, ids.slice(from, from + batchSize))
    options.onProgress?.(Math.min(ids.length, from + batchSize), ids.length, 'derived data')
  }
  // Company figures too: left to the first start, a large catalogue's would be built beside serving for minutes.
  const companies = db.prepare('SELECT count(*) FROM companies').pluck().get() as number
  currentCompanyStats(db, { between: (done) => options.onProgress?.(Math.min(done, companies), companies, 'company stats') })
  setMeta(db, 'built_at', new Date().toISOString())
  setMeta(db, 'seed', JSON.stringify({ jobs: options.jobs, seed: options.seed, generated_for: now.toISOString() }))
  return { jobs: ids.length, companies, ms: Date.now() - started }
}

/** Tables whose non-unique indexes a seed into an empty catalogue builds once, after the postings. */
const BULK_TABLES = new Set(['jobs', 'job_skills', 'companies'])

/**
 * Into an empty catalogue, drops the plain (non-unique) indexes of the posting tables and returns
 * their names: building an index once over sorted keys costs a fraction of updating it on every
 * insert. Unique indexes stay (upserts look postings up by them).
 */
function deferIndexes(db: DB): string[] {
  if (db.prepare('SELECT 1 FROM jobs LIMIT 1').get()) return []
  const names = schemaObjects().filter((o) => o.kind === 'index' && BULK_TABLES.has(o.table) && !/^CREATE\s+UNIQUE/i.test(o.sql)).map((o) => o.name)
  for (const name of names) db.exec(`DROP INDEX IF EXISTS ${name}`)
  return names
}
