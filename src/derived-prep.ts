import type { Worker } from 'node:worker_threads'
import type { DB } from './db/connection.ts'
import type { DerivedPreparation as Preparation, PreparedData } from './context.ts'
import { dropLease, holderName, tryLease } from './db/lease.ts'
import type { Logger } from './log.ts'
import { rollupIsCurrent, settleRollup } from './insights/rollup.ts'
import { buildingCompanyStatsOnThread, companyStatsToBuild, currentCompanyStats } from './catalogue/company-stats.ts'
import { reenrichmentPending, reenrichPostings, staleEnrichments } from './ingest/reenrich.ts'
import { startModuleWorker } from './worker-thread.ts'

declare const __OPENROLES_PREP_WORKER__: string | undefined

/** What a start's preparation needs: the clock of the start, the insights setting, the log. */
export interface PrepareOptions {
  now: Date
  salaryMinSample: number
  log: Logger
}


/**
 * Open postings up to which a start builds missing derived data before it listens, as it always
 * did: seconds at most (the seeded catalogue of `npm start` included), so no caller of a small
 * service ever meets a 503 "being prepared".
 */
const INLINE_MAX_POSTINGS = 100_000
/**
 * Postings re-enriched before listening after an upgrade: ~1.4 ms each, so seconds. More (a 90k
 * catalogue took 2 to 4 minutes) leave every derived datum to DerivedPreparation, beside serving.
 */
const INLINE_MAX_REENRICHED = 5_000

/** What the database lacks of its derived data. */
function missingData(db: DB, now: Date): PreparedData[] {
  const missing: PreparedData[] = []
  if (reenrichmentPending(db)) missing.push('enrichment')
  if (companyStatsToBuild(db)) missing.push('company_stats')
  if (!rollupIsCurrent(db, now)) missing.push('insights')
  return missing
}

/**
 * Builds the named derived data in place, naming each as soon as it is ready; `between` runs after
 * every write transaction (the worker thread's pause, see derived-prep-worker.ts).
 */
export function buildDerivedData(db: DB, data: readonly PreparedData[], options: { now: Date; salaryMinSample: number; between?: () => void; ready?: (data: PreparedData) => void }): void {
  // First: the facts it rewrites feed the company stats and the rollup.
  if (data.includes('enrichment')) {
    reenrichPostings(db, options.now, { between: options.between })
    options.ready?.('enrichment')
  }
  if (data.includes('company_stats')) {
    currentCompanyStats(db, { between: options.between })
    options.ready?.('company_stats')
  }
  if (data.includes('insights')) {
    settleRollup(db, options.now, { salaryMinSample: options.salaryMinSample, between: options.between })
    options.ready?.('insights')
  }
}

/** Builds what a small catalogue lacks now, before serving; a large one (or a large re-enrichment) is left to DerivedPreparation. */
export function prepareSmallCatalogue(db: DB, options: PrepareOptions & { reenrichAtMost?: number }): void {
  const open = db.prepare('SELECT count(*) FROM (SELECT 1 FROM jobs WHERE closed_at IS NULL LIMIT ?)').pluck().get(INLINE_MAX_POSTINGS + 1) as number
  if (open > INLINE_MAX_POSTINGS) return
  const reenrichAtMost = options.reenrichAtMost ?? INLINE_MAX_REENRICHED
  if (staleEnrichments(db, reenrichAtMost) > reenrichAtMost) return
  const started = Date.now()
  const missing = missingData(db, options.now)
  buildDerivedData(db, missing, options)
  if (missing.length) options.log.info('derived data built before serving', { postings: open, data: missing, ms: Date.now() - started })
}

/** The lease naming the one process that builds derived data (src/db/lease.ts). */
const LEASE = 'derived-data'
/** How long a builder's lease lasts unrenewed: a builder killed outright is replaced after this. */
const LEASE_MS = 30_000
/** How often a process renews its lease, or (not building) looks whether the builder is done or gone. */
const TICK_MS = 1_000

/**
 * Derived data built beside serving, on a worker thread over its own connection, when a start finds
 * it missing: company stats never computed (every company at once: ~90 s at a million postings) and
 * the insights rollup's pending history (a backfill of every day). Meanwhile `pending` names what
 * is not ready; readers of it answer 503 "being prepared" rather than compute it inline (which
 * would stop the event loop for minutes) or answer from half-built tables. Cheap updates (a few
 * companies or days after an import) stay with the readers, as before.
 *
 * Several serving processes on one file (src/cluster/) start this each: one of them, the holder of
 * a lease in the database, builds; the others look every second whether the data is ready (and
 * take the lease over if its holder died). Two builders at once would do the work twice and keep
 * the write lock so busy that the other writers time out.
 */
export class DerivedPreparation implements Preparation {
  readonly pending = new Set<PreparedData>()
  /** Resolves once nothing is pending (at once when nothing was). */
  done: Promise<void> = Promise.resolve()
  private worker: Worker | undefined
  private timer: NodeJS.Timeout | undefined
  private finished: (() => void) | undefined
  /** The database and settings of the start, while something is pending. */
  private run: { db: DB; options: PrepareOptions } | undefined
  private readonly holder = holderName()

  /** Starts building what the database lacks; the serving process calls it once it listens. */
  start(db: DB, options: PrepareOptions): void {
    if (db.memory || this.pending.size) return
    const missing = missingData(db, options.now)
    if (!missing.length) return
    for (const data of missing) this.pending.add(data)
    if (this.pending.has('company_stats')) buildingCompanyStatsOnThread(db.name, true)
    options.log.info('preparing derived data beside serving', { data: [...this.pending] })
    this.run = { db, options }
    this.done = new Promise<void>((resolve) => (this.finished = resolve))
    const tick = () => {
      try {
        this.tick()
      } catch (error) {
        options.log.error('derived data: could not look at its progress', { error: String(error) })
      }
    }
    // Keeps the process alive while waiting on another builder, as a worker thread does while building here.
    this.timer = setInterval(tick, TICK_MS)
    tick()
  }

  /** Renews the lease while building here; otherwise notes what another builder finished, or becomes the builder. */
  private tick(): void {
    const { db, options } = this.run!
    if (!db.open) return
    if (this.worker) return void tryLease(db, LEASE, this.holder, LEASE_MS)
    const missing = missingData(db, options.now)
    for (const data of this.pending) if (!missing.includes(data)) this.ready(data)
    if (!this.pending.size) return this.finish()
    if (tryLease(db, LEASE, this.holder, LEASE_MS)) this.build()
  }

  private build(): void {
    const { db, options } = this.run!
    const started = Date.now()
    try {
      const bundled = typeof __OPENROLES_PREP_WORKER__ === 'string' ? __OPENROLES_PREP_WORKER__ : undefined
      this.worker = startModuleWorker(bundled, new URL('./derived-prep-worker.ts', import.meta.url), { dbPath: db.name, now: options.now.toISOString(), salaryMinSample: options.salaryMinSample, data: [...this.pending] }, [])
    } catch (error) {
      // Without a worker, readers build what they need inline, as they always could.
      options.log.error('derived data: worker failed to start', { error: String(error) })
      return this.finish()
    }
    this.worker.on('message', (message: { ready?: PreparedData; error?: string }) => {
      if (message.error) options.log.error('derived data: preparing failed', { error: message.error })
      if (message.ready) {
        this.ready(message.ready)
        options.log.info('derived data ready', { data: message.ready, ms: Date.now() - started })
      }
      if (!this.pending.size || message.error) this.finish()
    })
    this.worker.on('error', (error) => {
      options.log.error('derived data: worker failed', { error: String(error) })
      this.finish()
    })
    this.worker.on('exit', () => this.finish())
  }

  private ready(data: PreparedData): void {
    this.pending.delete(data)
    if (data === 'company_stats' && this.run) buildingCompanyStatsOnThread(this.run.db.name, false)
  }

  /** Done (or given up: readers then compute inline). */
  private finish(): void {
    if (!this.run) return
    this.release()
    buildingCompanyStatsOnThread(this.run.db.name, false)
    this.pending.clear()
    this.run = undefined
    this.finished?.()
  }

  /** Stops the worker (the context's close): what it committed stays, the next start resumes the rest. */
  async stop(): Promise<void> {
    const worker = this.release()
    await worker?.terminate()
  }

  /** Stops looking and building here; the lease, if this process holds it, goes at once, so no one waits for it to run out. Returns the worker it had. */
  private release(): Worker | undefined {
    clearInterval(this.timer)
    const worker = this.worker
    this.worker = undefined
    if (this.run) dropLease(this.run.db, LEASE, this.holder)
    return worker
  }
}
