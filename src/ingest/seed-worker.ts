import { workerData, type MessagePort } from 'node:worker_threads'
import { batchesOf, generateJobRecords } from './seed-records.ts'

/**
 * Worker-thread half of src/ingest/seed-thread.ts: generates and enriches the seeded records and
 * hands them over in batches. counters[0] = messages posted, counters[1] = batches taken,
 * counters[2] = 1 once this script runs; the worker stays at most AHEAD batches in front so memory
 * stays bounded.
 */
const AHEAD = 4
const { count, seed, now, batchSize, port, counters: buffer } = workerData as {
  count: number
  seed: number
  now: string
  batchSize: number
  port: MessagePort
  counters: SharedArrayBuffer
}
const counters = new Int32Array(buffer)
Atomics.store(counters, 2, 1)
Atomics.notify(counters, 0)

try {
  for (const batch of batchesOf(generateJobRecords(count, seed, new Date(now)), batchSize)) {
    for (let taken = Atomics.load(counters, 1); Atomics.load(counters, 0) - taken >= AHEAD; taken = Atomics.load(counters, 1)) {
      Atomics.wait(counters, 1, taken, 1000)
    }
    post({ batch })
  }
  post({ done: true })
} catch (error) {
  post({ error: error instanceof Error ? error.message : String(error) })
}
port.close()

function post(message: object): void {
  port.postMessage(message)
  Atomics.add(counters, 0, 1)
  Atomics.notify(counters, 0)
}
