/**
 * The passes of a facet count (facet-count.ts) as one job adding into one table: over the listed
 * documents, the packed rows (facet-rows.ts) and each remaining facet's code column; over the
 * matched bitmap, the facets counted value by value. The same code counts a job whole on one
 * thread, or in chunks (ranges of documents) that the main thread and the counting threads claim
 * in turn (count-threads.ts, count-worker.ts); then every array here is in shared memory.
 */
import { countAnd, countListed } from './bitmap.ts'
import { addRowCounts, type RowArrays } from './facet-rows.ts'
import { lowerBound } from './lower-bound.ts'

/** One facet counted from its own column, into the table's slots `at` .. (slot 0: no value; code + 1: that value). */
export type ColumnPass = { at: number; codes: Uint32Array } | { at: number; offsets: Uint32Array; values: Uint32Array }

/** One value counted over the matched bitmap into table[slot]: its bitmap (a dense value) or its postings. */
export type ValueCount = { slot: number; bitmap: Uint32Array } | { slot: number; postings: Uint32Array }

export interface CountJob {
  /** Documents 0 .. docCount - 1 are counted. */
  docCount: number
  /** The listed documents (ascending) the rows and column passes count. */
  docs: Uint32Array
  /** The packed rows, counted into the table's first slots (rowTableWords of them). */
  rows?: RowArrays
  passes: ColumnPass[]
  /** The matched set, for `values`. */
  matched?: Uint32Array
  values: ValueCount[]
  tableWords: number
}

/** A job cut into chunks for several threads (built by count-threads.ts). */
export interface SplitJob extends CountJob {
  /** Documents per chunk, a multiple of 32 (whole bitmap words). */
  chunkSize: number
  chunks: number
  /** A worker counts chunk c into tables[c * tableWords ...]. */
  tables: Uint32Array
  /**
   * [0]: bumped (and notified) whenever a worker has counted a chunk; [1 + c]: who claimed chunk c
   * (0 nobody, 1 the main thread, 2 + w worker w); [1 + chunks + c]: 1 once a worker's table of
   * chunk c is complete.
   */
  control: Int32Array
}

/**
 * Adds the job's counts over documents from .. to - 1 to `table`. Ranges of the lists are walked by
 * index, never cut as subarrays: a chunk touches hundreds of lists, and a view each measured a few
 * milliseconds per count.
 */
export function countRange(job: CountJob, from: number, to: number, table: Uint32Array): void {
  const whole = from === 0 && to >= job.docCount
  const first = whole ? 0 : lowerBound(job.docs, from)
  const last = whole ? job.docs.length : lowerBound(job.docs, to)
  if (job.rows) addRowCounts(job.rows, job.docs, first, last, table)
  for (const pass of job.passes) {
    if ('codes' in pass) countSingle(pass.codes, job.docs, first, last, table, pass.at)
    else countMulti(pass.offsets, pass.values, job.docs, first, last, table, pass.at)
  }
  const matched = job.matched!
  for (const value of job.values) {
    if ('bitmap' in value) table[value.slot]! += countAnd(matched, value.bitmap, from >>> 5, Math.ceil(to / 32))
    else {
      const { postings } = value
      table[value.slot]! += countListed(matched, postings, whole ? 0 : lowerBound(postings, from), whole ? postings.length : lowerBound(postings, to))
    }
  }
}

// The two loops are separate functions on purpose: in one function, alternating single and multi
// facets deoptimized it again and again until V8 stopped optimizing it (5x slower per count).
function countMulti(offsets: Uint32Array, values: Uint32Array, docs: Uint32Array, first: number, last: number, counts: Uint32Array, at: number): void {
  for (let i = first; i < last; i++) {
    const doc = docs[i]!
    const start = offsets[doc]!
    const end = offsets[doc + 1]!
    if (start === end) counts[at]!++
    for (let k = start; k < end; k++) counts[at + values[k]! + 1]!++
  }
}

function countSingle(codes: Uint32Array, docs: Uint32Array, first: number, last: number, counts: Uint32Array, at: number): void {
  for (let i = first; i < last; i++) counts[at + codes[docs[i]!]!]!++
}

/** Counts the whole job on this thread. */
export function countWhole(job: CountJob): Uint32Array {
  const table = new Uint32Array(job.tableWords)
  countRange(job, 0, job.docCount, table)
  return table
}

/** Counts one chunk of a split job. */
export const countChunk = (job: SplitJob, chunk: number, table: Uint32Array) => countRange(job, chunk * job.chunkSize, (chunk + 1) * job.chunkSize, table)

export const ownerSlot = (job: SplitJob, chunk: number) => 1 + chunk
export const doneSlot = (job: SplitJob, chunk: number) => 1 + job.chunks + chunk

/**
 * Claims unclaimed chunks one by one and counts each; `me` is 1 for the main thread (which counts
 * into `table`), 2 + w for worker w (which counts each chunk into its own table, then marks it
 * done). A claim is one compare-and-swap on the chunk's owner slot, so the main thread always knows
 * which chunks a worker took, even one that died right after taking them. Returns the chunks counted.
 * `afterClaim` (tests only) runs after each claim.
 */
export function claimChunks(job: SplitJob, me: number, table?: Uint32Array, afterClaim?: () => void): number {
  let counted = 0
  for (let chunk = 0; chunk < job.chunks; chunk++) {
    const slot = ownerSlot(job, chunk)
    if (Atomics.load(job.control, slot) !== 0 || Atomics.compareExchange(job.control, slot, 0, me) !== 0) continue
    afterClaim?.()
    if (table) {
      countChunk(job, chunk, table)
    } else {
      countChunk(job, chunk, job.tables.subarray(chunk * job.tableWords, (chunk + 1) * job.tableWords))
      Atomics.store(job.control, doneSlot(job, chunk), 1)
      Atomics.add(job.control, 0, 1)
      Atomics.notify(job.control, 0)
    }
    counted++
  }
  return counted
}
