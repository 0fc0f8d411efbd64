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
try {
  const db = openDatabase(dbPath)
  if (companyStats) {
    currentCompanyStats(db)
    parentPort!.postMessage({ ready: 'company_stats' })
  }
  if (insights) {
    settleRollup(db, new Date(now), { salaryMinSample })
    parentPort!.postMessage({ ready: 'insights' })
  }
  db.close()
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
