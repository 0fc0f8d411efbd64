/**
 * The per-document passes of a facet count (facet-count.ts), as one job over a list of documents:
 * the packed rows (facet-rows.ts) and each remaining facet's code column, all adding into one table.
 * The same code counts a job whole on one thread, or in chunks that the main thread and the counting
 * threads claim in turn (count-threads.ts, count-worker.ts); then every array here is in shared memory.
 */
import { addRowCounts, type RowArrays } from './facet-rows.ts'

/** One facet counted from its own column, into the table's slots `at` .. (slot 0: no value; code + 1: that value). */
export type ColumnPass = { at: number; codes: Uint32Array } | { at: number; offsets: Uint32Array; values: Uint32Array }

export interface CountJob {
  docs: Uint32Array
  /** The packed rows, counted into the table's first slots (rowTableWords of them). */
  rows?: RowArrays
  passes: ColumnPass[]
  tableWords: number
}

/** A job cut into chunks for several threads (built by count-threads.ts). */
export interface SplitJob extends CountJob {
  chunkSize: number
  chunks: number
  /** Worker slots: worker w adds into tables[w * tableWords ...]. */
  workers: number
  tables: Uint32Array
  /**
   * [0]: bumped (and notified) whenever a worker finishes; [1 + w]: 1 once worker w's table is
   * complete; [1 + workers + c]: who claimed chunk c (0 nobody, 1 the main thread, 2 + w worker w).
   */
  control: Int32Array
}

/** Adds the job's counts over `docs` (all or a chunk of the job's documents) to `table`. */
export function countDocs(job: CountJob, docs: Uint32Array, table: Uint32Array): void {
  if (job.rows) addRowCounts(job.rows, docs, table)
  for (const pass of job.passes) {
    const counts = table.subarray(pass.at)
    if ('codes' in pass) countSingle(pass.codes, docs, counts)
    else countMulti(pass.offsets, pass.values, docs, counts)
  }
}

// The two loops are separate functions on purpose: in one function, alternating single and multi
// facets deoptimized it again and again until V8 stopped optimizing it (5x slower per count).
function countMulti(offsets: Uint32Array, values: Uint32Array, docs: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!
    const start = offsets[doc]!
    const end = offsets[doc + 1]!
    if (start === end) counts[0]!++
    for (let k = start; k < end; k++) counts[values[k]! + 1]!++
  }
}

function countSingle(codes: Uint32Array, docs: Uint32Array, counts: Uint32Array): void {
  for (let i = 0; i < docs.length; i++) counts[codes[docs[i]!]!]!++
}

export const chunkDocs = (job: SplitJob, chunk: number) => job.docs.subarray(chunk * job.chunkSize, Math.min(job.docs.length, (chunk + 1) * job.chunkSize))

export const ownerSlot = (job: SplitJob, chunk: number) => 1 + job.workers + chunk

/**
 * Claims unclaimed chunks one by one and counts each into `table`; `me` is 1 for the main thread,
 * 2 + w for worker w. A claim is one compare-and-swap on the chunk's owner slot, so the main thread
 * always knows which chunks a worker took, even one that died right after taking them.
 * `afterClaim` (tests only) runs after each claim.
 */
export function claimChunks(job: SplitJob, me: number, table: Uint32Array, afterClaim?: () => void): void {
  for (let chunk = 0; chunk < job.chunks; chunk++) {
    const slot = ownerSlot(job, chunk)
    if (Atomics.load(job.control, slot) !== 0 || Atomics.compareExchange(job.control, slot, 0, me) !== 0) continue
    afterClaim?.()
    countDocs(job, chunkDocs(job, chunk), table)
  }
}
