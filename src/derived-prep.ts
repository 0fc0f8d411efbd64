import type { Worker } from 'node:worker_threads'
import type { DB } from './db/connection.ts'
import type { Logger } from './log.ts'
import { rollupIsCurrent, settleRollup } from './insights/rollup.ts'
import { buildingCompanyStatsOnThread, companyStatsToBuild, currentCompanyStats } from './catalogue/company-stats.ts'
import { startModuleWorker } from './worker-thread.ts'

declare const __OPENROLES_PREP_WORKER__: string | undefined

/** Derived data a first start (or an upgrade) may have to build over the whole catalogue. */
export type PreparedData = 'company_stats' | 'insights'

/**
 * Open postings up to which a start builds missing derived data before it listens, as it always
 * did: seconds at most (the seeded catalogue of `npm start` included), so no caller of a small
 * service ever meets a 503 "being prepared".
 */
const INLINE_MAX_POSTINGS = 100_000

/** What the database lacks of its derived data. */
function missingData(db: DB, now: Date): PreparedData[] {
  const missing: PreparedData[] = []
  if (companyStatsToBuild(db)) missing.push('company_stats')
  if (!rollupIsCurrent(db, now)) missing.push('insights')
  return missing
}

/**
 * Builds the named derived data in place, naming each as soon as it is ready; `between` runs after
 * every write transaction (the worker thread's pause, see derived-prep-worker.ts).
 */
export function buildDerivedData(db: DB, data: readonly PreparedData[], options: { now: Date; salaryMinSample: number; between?: () => void; ready?: (data: PreparedData) => void }): void {
  if (data.includes('company_stats')) {
    currentCompanyStats(db, { between: options.between })
    options.ready?.('company_stats')
  }
  if (data.includes('insights')) {
    settleRollup(db, options.now, { salaryMinSample: options.salaryMinSample, between: options.between })
    options.ready?.('insights')
  }
}

/** Builds what a small catalogue lacks now, before serving; a large one is left to DerivedPreparation. */
export function prepareSmallCatalogue(db: DB, options: { now: Date; salaryMinSample: number; log: Logger }): void {
  const open = db.prepare('SELECT count(*) FROM (SELECT 1 FROM jobs WHERE closed_at IS NULL LIMIT ?)').pluck().get(INLINE_MAX_POSTINGS + 1) as number
  if (open > INLINE_MAX_POSTINGS) return
  const started = Date.now()
  const missing = missingData(db, options.now)
  buildDerivedData(db, missing, options)
  if (missing.length) options.log.info('derived data built before serving', { postings: open, data: missing, ms: Date.now() - started })
}

/**
 * Derived data built beside serving, on a worker thread over its own connection, when a start finds
 * it missing: company stats never computed (every company at once: ~90 s at a million postings) and
 * the insights rollup's pending history (a backfill of every day). Meanwhile `pending` names what
 * is not ready; readers of it answer 503 "being prepared" rather than compute it inline (which
 * would stop the event loop for minutes) or answer from half-built tables. Cheap updates (a few
 * companies or days after an import) stay with the readers, as before.
 */
export class DerivedPreparation {
  readonly pending = new Set<PreparedData>()
  /** Resolves once nothing is pending (at once when nothing was). */
  done: Promise<void> = Promise.resolve()
  private worker: Worker | undefined

  /** Starts building what the database lacks; the serving process calls it once it listens. */
  start(db: DB, options: { now: Date; salaryMinSample: number; log: Logger }): void {
    if (db.memory || this.pending.size) return
    const missing = missingData(db, options.now)
    if (!missing.length) return
    for (const data of missing) this.pending.add(data)
    if (this.pending.has('company_stats')) buildingCompanyStatsOnThread(db.name, true)
    const started = Date.now()
    options.log.info('preparing derived data beside serving', { data: [...this.pending] })
    let worker: Worker
    try {
      const bundled = typeof __OPENROLES_PREP_WORKER__ === 'string' ? __OPENROLES_PREP_WORKER__ : undefined
      worker = startModuleWorker(bundled, new URL('./derived-prep-worker.ts', import.meta.url), { dbPath: db.name, now: options.now.toISOString(), salaryMinSample: options.salaryMinSample, data: missing }, [])
    } catch (error) {
      // Without a worker, readers build what they need inline, as they always could.
      options.log.error('derived data: worker failed to start', { error: String(error) })
      buildingCompanyStatsOnThread(db.name, false)
      this.pending.clear()
      return
    }
    this.done = new Promise<void>((resolve) => {
      const finish = () => {
        this.worker = undefined
        buildingCompanyStatsOnThread(db.name, false)
        this.pending.clear()
        resolve()
      }
      worker.on('message', (message: { ready?: PreparedData; error?: string }) => {
        if (message.error) options.log.error('derived data: preparing failed', { error: message.error })
        if (message.ready) {
          this.pending.delete(message.ready)
          if (message.ready === 'company_stats') buildingCompanyStatsOnThread(db.name, false)
          options.log.info('derived data ready', { data: message.ready, ms: Date.now() - started })
        }
        if (!this.pending.size || message.error) finish()
      })
      worker.on('error', (error) => {
        options.log.error('derived data: worker failed', { error: String(error) })
        finish()
      })
      worker.on('exit', finish)
    })
    this.worker = worker
  }

  /** Stops the worker (the context's close): what it committed stays, the next start resumes the rest. */
  async stop(): Promise<void> {
    const worker = this.worker
    this.worker = undefined
    await worker?.terminate()
  }
}
