import { parentPort, workerData } from 'node:worker_threads'
import { claimChunks, type SplitJob } from './facet-split.ts'

/**
 * Worker-thread half of count-threads.ts: for each job posted, claims chunks of the documents in
 * turn with the main thread and the other workers, adds their counts into its own table in shared
 * memory, then says it is done (its done slot, then a bump of control[0] with a notify: the main
 * thread waits on it with Atomics.wait). It reads nothing but the shared arrays of the job.
 */
const { slot, failAfterChunks } = workerData as { slot: number; failAfterChunks?: number }
let claimed = 0
// Tests: a worker that dies mid-way, after taking chunks it never counts.
const afterClaim = failAfterChunks === undefined ? undefined : () => {
  if (++claimed > failAfterChunks) process.exit(1)
}

parentPort!.on('message', (job: SplitJob) => {
  const table = job.tables.subarray(slot * job.tableWords, (slot + 1) * job.tableWords)
  claimChunks(job, 2 + slot, table, afterClaim)
  Atomics.store(job.control, 1 + slot, 1)
  Atomics.add(job.control, 0, 1)
  Atomics.notify(job.control, 0)
})
parentPort!.postMessage('ready')
