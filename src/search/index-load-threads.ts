import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads'
import { startModuleWorker } from '../worker-thread.ts'
import type { DB } from '../db/connection.ts'
import { columnsMessage, joinParts, type ColumnsMessage } from './column-parts.ts'
import type { DocColumns } from './doc-columns.ts'
import { loadAllOpen, MULTI_FIELDS, SINGLE_FIELDS, type IdRange } from './index-load.ts'

declare const __OPENROLES_LOAD_WORKER__: string | undefined

/** A worker whose script has not started after this long (its modules failed to load), or not answered after the second, is replaced by this thread. */
const START_SECONDS = 30
const STALL_SECONDS = 600
/** Below this many open postings per thread, starting a worker costs more than it saves. */
const MIN_PER_THREAD = 20_000

/**
 * The full load of a database file on several threads: the open postings split into id ranges of
 * equal size, one per worker thread and one for this thread, each read over its own connection
 * (WAL lets readers run side by side), then joined (column-parts.ts). The caller stays synchronous:
 * this thread loads its share, then waits for the others. Every range is read after the caller
 * noted the change-log position, so the joined columns are at least that fresh, as one scan's are.
 * A worker that cannot start or fails has its range loaded here instead.
 */
export function loadAllOpenOnThreads(db: DB, workers: number, minPerThread = MIN_PER_THREAD): DocColumns {
  const ranges = splitOpenIds(db, workers + 1, minPerThread)
  if (ranges.length === 1) return loadAllOpen(db, ranges[0])
  const started = ranges.slice(1).map((range) => startLoad(db.name, range))
  const parts: ColumnsMessage[] = [columnsMessage(loadAllOpen(db, ranges[0])).message]
  started.forEach((load, i) => parts.push(load.result() ?? columnsMessage(loadAllOpen(db, ranges[i + 1])).message))
  return joinParts(parts, SINGLE_FIELDS, MULTI_FIELDS)
}

/** Up to `count` id ranges holding about as many open postings each, in ascending order. */
function splitOpenIds(db: DB, count: number, minPerThread: number): IdRange[] {
  const open = db.prepare('SELECT count(*) FROM jobs WHERE closed_at IS NULL').pluck().get() as number
  const nth = db.prepare('SELECT id FROM jobs WHERE closed_at IS NULL ORDER BY id LIMIT 1 OFFSET ?').pluck()
  const bounds = [0]
  for (let i = 1; i < count && open >= count * minPerThread; i++) bounds.push(nth.get(Math.floor((open * i) / count)) as number)
  bounds.push(Number.MAX_SAFE_INTEGER)
  return bounds.slice(1).map((to, i) => ({ from: bounds[i]!, to }))
}

/** A range loading on a worker thread; `result()` waits for it (undefined: load it here instead). */
function startLoad(dbPath: string, range: IdRange): { result(): ColumnsMessage | undefined } {
  const channel = new MessageChannel()
  const state = new Int32Array(new SharedArrayBuffer(4))
  let worker: Worker | undefined
  try {
    worker = startWorker({ dbPath, range, port: channel.port2, state: state.buffer }, [channel.port2])
    // Failures show as an error answer or a worker that never starts; the event only must not crash the process.
    worker.on('error', () => {})
  } catch {
    worker = undefined
  }
  const startedAt = Date.now()
  return {
    result() {
      try {
        while (worker) {
          const answer = receiveMessageOnPort(channel.port1)?.message as { part?: ColumnsMessage; error?: string } | undefined
          if (answer) return answer.part
          const now = Atomics.load(state, 0)
          const waited = (Date.now() - startedAt) / 1000
          if ((now === 0 && waited > START_SECONDS) || waited > STALL_SECONDS) return undefined
          Atomics.wait(state, 0, now, 1000)
        }
        return undefined
      } finally {
        channel.port1.close()
        void worker?.terminate()
      }
    },
  }
}

/** The seed worker (build.mjs bundles it beside the service). */
function startWorker(workerData: object, transferList: MessagePort[]): Worker {
  const bundled = typeof __OPENROLES_LOAD_WORKER__ === 'string' ? __OPENROLES_LOAD_WORKER__ : undefined
  return startModuleWorker(bundled, new URL('./load-worker.ts', import.meta.url), workerData, transferList)
}
