import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads'
import type { JobRecord } from '../catalogue/job-record.ts'
import { batchesOf, generateJobRecords } from './seed-records.ts'
import { startModuleWorker } from '../worker-thread.ts'

declare const __OPENROLES_SEED_WORKER__: string | undefined

/** The seed worker (build.mjs bundles it beside the service). */
function startWorker(workerData: object, transferList: MessagePort[]): Worker {
  const bundled = typeof __OPENROLES_SEED_WORKER__ === 'string' ? __OPENROLES_SEED_WORKER__ : undefined
  return startModuleWorker(bundled, new URL('./seed-worker.ts', import.meta.url), workerData, transferList)
}

/**
 * Batches of seeded records, generated and enriched on a worker thread so that work (about half of
 * seeding) overlaps with the database writes the caller does on this thread. The hand-off is
 * synchronous (receiveMessageOnPort + Atomics.wait), so seeding stays one synchronous function.
 * Where a worker cannot start, the records are generated here instead: same records, same order.
 */
export function* seededBatches(count: number, seed: number, now: Date, batchSize: number): Generator<JobRecord[]> {
  const channel = new MessageChannel()
  const counters = new Int32Array(new SharedArrayBuffer(12))
  let worker: Worker | undefined
  try {
    worker = startWorker(
      { count, seed, now: now.toISOString(), batchSize, port: channel.port2, counters: counters.buffer },
      [channel.port2],
    )
    // Failures are noticed through the hand-off below (and the fallback then takes over); the event only must not crash the process.
    worker.on('error', () => {})
  } catch {
    worker = undefined
  }
  // The worker's 'error' event cannot fire while this thread blocks, so a worker that never starts
  // (its modules fail to load) is noticed by its start flag staying unset.
  if (!worker || !waitForStart(counters)) {
    void worker?.terminate()
    channel.port1.close()
    yield* batchesOf(generateJobRecords(count, seed, now), batchSize)
    return
  }
  try {
    for (let received = 0, idle = 0; ; ) {
      const message = receiveMessageOnPort(channel.port1)?.message as { batch?: JobRecord[]; done?: true; error?: string } | undefined
      if (!message) {
        if (Atomics.wait(counters, 0, received, 1000) === 'timed-out' && ++idle >= STALL_SECONDS) {
          throw new Error('seed generator: the worker thread stopped answering')
        }
        continue
      }
      received += 1
      idle = 0
      if (message.error) throw new Error(`seed generator: ${message.error}`)
      if (message.done) return
      Atomics.add(counters, 1, 1)
      Atomics.notify(counters, 1)
      yield message.batch!
    }
  } finally {
    channel.port1.close()
    void worker.terminate()
  }
}

const START_SECONDS = 15
const STALL_SECONDS = 120

function waitForStart(counters: Int32Array): boolean {
  for (let second = 0; second < START_SECONDS && Atomics.load(counters, 2) === 0; second++) Atomics.wait(counters, 0, 0, 1000)
  return Atomics.load(counters, 2) === 1
}
