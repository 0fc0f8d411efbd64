import { parentPort, workerData } from 'node:worker_threads'
import { claimChunks, type SplitJob } from './facet-split.ts'

/**
 * Worker-thread half of count-threads.ts: for each job posted, claims chunks (ranges of documents)
 * in turn with the main thread and the other workers, counts each into the chunk's table in shared
 * memory and says so (the chunk's done slot, then a bump of control[0] with a notify: the main
 * thread waits on it with Atomics.wait). It reads nothing but the shared arrays of the job.
 */
const { slot, status, failAfterChunks } = workerData as { slot: number; status: Int32Array; failAfterChunks?: number }
let claimed = 0
// Tests: a worker that dies mid-way, after taking chunks it never counts.
const afterClaim = failAfterChunks === undefined ? undefined : () => {
  if (++claimed > failAfterChunks) process.exit(1)
}

parentPort!.on('message', (job: SplitJob) => claimChunks(job, 2 + slot, undefined, afterClaim))
Atomics.store(status, slot, 1)
parentPort!.postMessage('ready')
