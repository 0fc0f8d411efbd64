import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from './db/connection.ts'
import type { PreparedData } from './context.ts'
import { buildDerivedData } from './derived-prep.ts'

/**
 * Worker-thread half of src/derived-prep.ts: re-enriches postings of older rules, builds the company
 * stats and settles the insights rollup over its own connection, saying which is ready as soon as it
 * is. Each writes in short transactions of its own (a batch of postings or companies, one day of the
 * rollup), with a pause after each.
 */
const { dbPath, now, salaryMinSample, data } = workerData as { dbPath: string; now: string; salaryMinSample: number; data: PreparedData[] }
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
  buildDerivedData(db, data, { now: new Date(now), salaryMinSample, between, ready: (ready) => parentPort!.postMessage({ ready }) })
  db.close()
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
