import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from './db/connection.ts'
import { currentCompanyStats } from './catalogue/company-stats.ts'
import { settleRollup } from './insights/rollup.ts'

/**
 * Worker-thread half of src/derived-prep.ts: builds the company stats and settles the insights
 * rollup over its own connection, saying which is ready as soon as it is. Both write in
 * transactions of their own; the rollup's backfill commits a batch of days at a time, so writers in
 * the serving process never wait long for the lock.
 */
const { dbPath, now, salaryMinSample, companyStats, insights } = workerData as { dbPath: string; now: string; salaryMinSample: number; companyStats: boolean; insights: boolean }
/**
 * A pause after each write transaction. Without it this thread takes the write lock again within
 * microseconds of releasing it, and the serving thread's writers (view counts, the scheduler lease,
 * deliveries), whose busy handler sleeps and retries, starve until their 5 s timeout: measured at
 * 1M postings, a job read took 9.9 s while the backfill ran.
 */
const YIELD_MS = 100
const pause = new Int32Array(new SharedArrayBuffer(4))
const between = () => void Atomics.wait(pause, 0, 0, YIELD_MS)
try {
  const db = openDatabase(dbPath)
  if (companyStats) {
    currentCompanyStats(db, { between })
    parentPort!.postMessage({ ready: 'company_stats' })
  }
  if (insights) {
    settleRollup(db, new Date(now), { salaryMinSample, between })
    parentPort!.postMessage({ ready: 'insights' })
  }
  db.close()
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
