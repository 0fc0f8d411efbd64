import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { JobRecord } from '../catalogue/job-record.ts'
import { batchesOf, generateJobRecords } from './seed-records.ts'

declare const __OPENROLES_SEED_WORKER__: string | undefined

/**
 * The worker: the script beside the bundle once built (build.mjs names it); from the sources, a
 * small bootstrap that registers tsx in the worker (flags like --import do not reach workers) and
 * then loads the TypeScript module.
 */
function startWorker(workerData: object, transferList: MessagePort[]): Worker {
  if (typeof __OPENROLES_SEED_WORKER__ === 'string') {
    return new Worker(new URL(__OPENROLES_SEED_WORKER__, import.meta.url), { execArgv: [], workerData, transferList })
  }
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'))
  const source = JSON.stringify(new URL('./seed-worker.ts', import.meta.url).href)
  const bootstrap = `import(${tsx}).then((tsx) => { tsx.register(); return import(${source}) })`
  return new Worker(bootstrap, { eval: true, execArgv: [], workerData, transferList })
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
