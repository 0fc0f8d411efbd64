import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads'
import type { DB } from '../db/connection.ts'
import { startModuleWorker } from '../worker-thread.ts'
import { columnsMessage, joinParts, type ColumnsMessage } from './column-parts.ts'
import type { DocColumns } from './doc-columns.ts'
import { fillClusters, loadAllOpen, loadOpenRange, MULTI_FIELDS, SINGLE_FIELDS, type IdRange } from './index-load.ts'

declare const __OPENROLES_LOAD_WORKER__: string | undefined

/** A worker whose script has not started after this long (its modules failed to load), or not finished after the second, leaves its ranges to this thread. */
const START_SECONDS = 30
const STALL_SECONDS = 600
/** Below this many open postings per thread, starting a worker costs more than it saves. */
const MIN_PER_THREAD = 20_000
/** Ranges per thread: a thread that gets less of the machine (it is shared) or starts late takes fewer of them. */
const RANGES_PER_THREAD = 4

/** What the threads share: state[0] = ranges claimed, state[1] = parts posted, state[2 + w] = 1 once worker w runs, 2 once it is done. */
export interface LoadShare {
  dbPath: string
  ranges: IdRange[]
  state: SharedArrayBuffer
}

/** Claims ranges until none is left, handing each loaded part to `done` (used on every thread). */
export function loadClaimedRanges(db: DB, share: LoadShare, done: (index: number, part: DocColumns) => void): void {
  const state = new Int32Array(share.state)
  for (let index = Atomics.add(state, 0, 1); index < share.ranges.length; index = Atomics.add(state, 0, 1)) {
    done(index, loadOpenRange(db, share.ranges[index]!))
  }
}

export interface LoadOptions {
  /** Fewer open postings per thread than this load in this thread alone. */
  minPerThread?: number
  /** false: this thread only waits, and loads only what the workers did not deliver (a test proves the workers' share with it). */
  here?: boolean
}

/**
 * The full load of a database file on several threads: the id span of the open postings cut into
 * ranges that the worker threads and this one claim in turn, each read over its own connection
 * (WAL lets readers run side by side), then joined in id order (column-parts.ts). The caller stays
 * synchronous: this thread loads ranges too, then waits for the others. Every range is read after
 * the caller noted the change-log position, so the joined columns are at least that fresh, as one
 * scan's are. Ranges a worker claimed but never delivered (it could not start, or failed) are
 * loaded here.
 */
export function loadAllOpenOnThreads(db: DB, workers: number, options: LoadOptions = {}): DocColumns {
  const { minPerThread = MIN_PER_THREAD, here = true } = options
  const { open, low, high } = db.prepare('SELECT count(*) AS open, min(id) AS low, max(id) AS high FROM jobs WHERE closed_at IS NULL').get() as { open: number; low: number; high: number }
  const threads = Math.min(workers + 1, Math.floor(open / minPerThread))
  if (threads < 2) return loadAllOpen(db)
  const count = threads * RANGES_PER_THREAD
  const ranges = Array.from({ length: count }, (_, i): IdRange => ({ from: i ? low + Math.floor(((high + 1 - low) * i) / count) : 0, to: i < count - 1 ? low + Math.floor(((high + 1 - low) * (i + 1)) / count) : Number.MAX_SAFE_INTEGER }))
  const share: LoadShare = { dbPath: db.name, ranges, state: new SharedArrayBuffer(4 * (2 + threads - 1)) }
  const state = new Int32Array(share.state)
  const parts: (ColumnsMessage | undefined)[] = Array.from({ length: count }, () => undefined)
  const started = Array.from({ length: threads - 1 }, (_, w) => startLoad(share, w))
  if (here) loadClaimedRanges(db, share, (index, part) => (parts[index] = columnsMessage(part).message))
  const startedAt = Date.now()
  for (let seen = Atomics.load(state, 1); ; seen = Atomics.load(state, 1)) {
    for (const load of started) for (let m = load.next(); m; m = load.next()) parts[m.index] = m.part
    const waited = (Date.now() - startedAt) / 1000
    const pending = started.filter((_, w) => Atomics.load(state, 2 + w) === 1 || (Atomics.load(state, 2 + w) === 0 && waited < START_SECONDS))
    if (parts.every(Boolean) || pending.length === 0 || waited > STALL_SECONDS) break
    Atomics.wait(state, 1, seen, 1000)
  }
  for (const load of started) {
    // A worker posts its last part before it says it is done: take what arrived meanwhile.
    for (let m = load.next(); m; m = load.next()) parts[m.index] = m.part
    load.stop()
  }
  for (let i = 0; i < count; i++) parts[i] ??= columnsMessage(loadOpenRange(db, ranges[i]!)).message
  const columns = joinParts(parts as ColumnsMessage[], SINGLE_FIELDS, MULTI_FIELDS)
  fillClusters(db, columns)
  return columns
}

/** Worker `w` loading claimed ranges: `next()` takes one delivered part, if any. */
function startLoad(share: LoadShare, w: number): { next(): { index: number; part: ColumnsMessage } | undefined; stop(): void } {
  const channel = new MessageChannel()
  let worker: Worker | undefined
  try {
    worker = startWorker({ ...share, slot: 2 + w, port: channel.port2 }, [channel.port2])
    // Failures show as ranges never delivered; the event only must not crash the process.
    worker.on('error', () => {})
  } catch {
    worker = undefined
  }
  return {
    next: () => receiveMessageOnPort(channel.port1)?.message as { index: number; part: ColumnsMessage } | undefined,
    stop() {
      channel.port1.close()
      void worker?.terminate()
    },
  }
}

/** The load worker (build.mjs bundles it beside the service). */
function startWorker(workerData: object, transferList: MessagePort[]): Worker {
  const bundled = typeof __OPENROLES_LOAD_WORKER__ === 'string' ? __OPENROLES_LOAD_WORKER__ : undefined
  return startModuleWorker(bundled, new URL('./load-worker.ts', import.meta.url), workerData, transferList)
}
