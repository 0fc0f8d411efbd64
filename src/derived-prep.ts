import type { Worker } from 'node:worker_threads'
import type { DB } from './db/connection.ts'
import type { Logger } from './log.ts'
import { rollupIsCurrent } from './insights/rollup.ts'
import { buildingCompanyStatsOnThread, companyStatsToBuild } from './catalogue/company-stats.ts'
import { startModuleWorker } from './worker-thread.ts'

declare const __OPENROLES_PREP_WORKER__: string | undefined

/** Derived data a first start (or an upgrade) may have to build over the whole catalogue. */
export type PreparedData = 'company_stats' | 'insights'

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
    const companyStats = companyStatsToBuild(db)
    const insights = !rollupIsCurrent(db, options.now)
    if (!companyStats && !insights) return
    if (companyStats) {
      this.pending.add('company_stats')
      buildingCompanyStatsOnThread(db.name, true)
    }
    if (insights) this.pending.add('insights')
    const started = Date.now()
    options.log.info('preparing derived data beside serving', { data: [...this.pending] })
    let worker: Worker
    try {
      const bundled = typeof __OPENROLES_PREP_WORKER__ === 'string' ? __OPENROLES_PREP_WORKER__ : undefined
      worker = startModuleWorker(bundled, new URL('./derived-prep-worker.ts', import.meta.url), { dbPath: db.name, now: options.now.toISOString(), salaryMinSample: options.salaryMinSample, companyStats, insights }, [])
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
