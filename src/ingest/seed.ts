import type { JobRecord } from '../catalogue/job-record.ts'
import { upsertJob } from '../catalogue/job-store.ts'
import { refreshDerivedData } from '../catalogue/refresh.ts'
import { setMeta, type DB } from '../db/connection.ts'
import { seedDay } from './seed-records.ts'
import { seededBatches } from './seed-thread.ts'

export { generateJobRecords } from './seed-records.ts'

export interface SeedOptions {
  jobs: number
  seed: number
  /** The moment the catalogue is generated "at"; defaults to the start of the current UTC day, so one seed gives one catalogue per day. */
  now?: Date
  /** Postings written per transaction. */
  batchSize?: number
  /** Called as postings are written (stage `postings`), then as their derived data is computed (`derived data`). */
  onProgress?: (done: number, total: number, stage: SeedStage) => void
}

export type SeedStage = 'postings' | 'derived data'

export interface SeedSummary {
  jobs: number
  companies: number
  ms: number
}

const DEFAULT_BATCH = 5000
const HANDOFF_BATCH = 1000

/**
 * Writes a generated catalogue into the database: batches of ~5,000 postings per transaction, then
 * derived data refreshed batch by batch over the complete catalogue, `built_at` recorded at the end.
 */
export function seedCatalogue(db: DB, options: SeedOptions): SeedSummary {
  const started = Date.now()
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
  // Small hand-offs keep the writes here busy while the worker generates the next records.
  for (const batch of seededBatches(options.jobs, options.seed, now, Math.min(batchSize, HANDOFF_BATCH))) {
    ids.push(...writeBatch(batch))
    options.onProgress?.(ids.length, options.jobs, 'postings')
  }
  // Derived data (similar jobs, company stats) is computed once the whole catalogue is there, so the
  // first postings find neighbours among the last ones too; in batches, to bound memory.
  for (let from = 0; from < ids.length; from += batchSize) {
    refreshDerivedData(db, ids.slice(from, from + batchSize))
    options.onProgress?.(Math.min(ids.length, from + batchSize), ids.length, 'derived data')
  }
  setMeta(db, 'built_at', new Date().toISOString())
  setMeta(db, 'seed', JSON.stringify({ jobs: options.jobs, seed: options.seed, generated_for: now.toISOString() }))
  const companies = (db.prepare('SELECT count(*) AS n FROM companies').get() as { n: number }).n
  return { jobs: ids.length, companies, ms: Date.now() - started }
}
