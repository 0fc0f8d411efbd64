/**
 * Facet counting over a large set on several cores, while the engine's API stays synchronous:
 * fork-join over worker threads that read the index's facet arrays (the packed rows, the code
 * columns; all in shared memory) and the set's documents (copied into a shared buffer) without a
 * copy. This thread posts the job, claims chunks (ranges of documents) alongside the workers, and
 * waits with Atomics.wait for the workers' count tables (shared memory too) and sums them.
 *
 * Never a wrong count, never a hang: chunks are claimed one by one in shared memory, so a worker
 * that is slow to wake takes none (this thread counts them); each chunk a worker counts goes into
 * a table of its own, so a chunk a worker took and has not finished when this thread is done with
 * the rest (the worker died, or the shared machine starved it) is counted here instead, after a
 * grace of two chunks' time, and the worker's table of it is ignored.
 *
 * A fork-join pays only when a core is free. Small sets stay on the calling thread, and so do large
 * ones while splitting does not pay: the recent time per document visit is kept for counts split
 * and for counts made here alone, and a large count is split while the split one is at least
 * MIN_GAIN times faster (not when every core is busy: other requests, other processes). One large
 * count in EXPLORE goes the other way, so both times follow the machine's load.
 */
import type { Worker } from 'node:worker_threads'
import { startModuleWorker } from '../worker-thread.ts'
import { isShared } from './doc-columns.ts'
import { claimChunks, countChunk, countWhole, doneSlot, ownerSlot, type CountJob, type SplitJob } from './facet-split.ts'

declare const __OPENROLES_COUNT_WORKER__: string | undefined

/** Chunks per thread: a thread that gets less of the (shared) machine, or wakes late, takes fewer. */
const CHUNKS_PER_THREAD = 8
/** With `here: false` (tests), how long this thread waits for the workers before counting what they left. */
const WAIT_MS = 1000
/** A chunk a worker has not finished this many of this thread's chunk times after this thread ran out of chunks is counted here. */
const GRACE_CHUNKS = 2
/** How much faster (time alone / time split) splitting must recently have been to go on. */
const MIN_GAIN = 1.15
/** Every EXPLORE-th large count goes the way not chosen, so both recent times follow the load. */
const EXPLORE = 16
/** Restarts of dead workers, at most: a worker that cannot run is not started again and again. */
const MAX_RESTARTS = 16

export interface CountThreadOptions {
  /** Worker threads (0: everything is counted on the calling thread). */
  threads: number
  /** Sets of fewer documents (listed for counting) are counted on the calling thread alone. */
  minDocs: number
  waitMs?: number
  /** false (tests): the calling thread counts only what the workers left, to prove their share. */
  here?: boolean
  /** Tests: each worker dies right after claiming this many chunks, before counting the next. */
  failAfterChunks?: number
}

/** A posted job, to join. */
interface Fork {
  job: SplitJob
  forkedAt: number
}

export class CountThreads {
  private readonly workers: (Worker | undefined)[]
  private readonly readiness: Promise<void>[] = []
  private started = 0
  private readonly docs = new SharedBuffer()
  private readonly matched = new SharedBuffer()
  private closed = false
  /** Chunks the workers counted (their tables were used), and chunks they took that this thread counted instead, since start. */
  workerChunks = 0
  takenOver = 0
  /** Recent time per document visit of counts made here alone and of split ones (0: none yet), and the large counts so far. */
  private aloneRate = 0
  private splitRate = 0
  private largeCounts = 0
  /** status[w] = 1 once worker w runs: in shared memory, as a synchronous caller may never let this thread's event loop deliver a message. */
  private readonly status: Int32Array

  constructor(private readonly options: CountThreadOptions) {
    this.workers = Array.from({ length: Math.max(0, options.threads) }, () => undefined)
    this.status = new Int32Array(new SharedArrayBuffer(4 * this.workers.length))
  }

  /** Whether a count of this much work (document visits) may be split: its arrays should then be in shared memory. */
  wants(work: number): boolean {
    return !this.closed && this.workers.length > 0 && work >= this.options.minDocs
  }

  /** Counts the job, on the threads when it is large and splitting pays, else here; `work` in document visits. */
  count(job: CountJob, work: number): Uint32Array {
    if (this.splits(work)) {
      // A start runs the workers (warm); one that died is replaced here and joins the later counts.
      this.start()
      const fork = this.fork(job)
      if (fork) return this.join(fork, work)
    }
    const started = performance.now()
    const table = countWhole(job)
    // Only large counts: smaller sets are sparser and cost more per visit, which would flatter splitting.
    if (this.wants(work)) this.aloneRate = recent(this.aloneRate, (performance.now() - started) / work)
    return table
  }

  /** Whether this count is split: a large one, while splitting pays (or to measure the way not taken). */
  private splits(work: number): boolean {
    if (!this.wants(work)) return false
    if (this.options.here === false) return true
    const pays = this.splitRate === 0 || (this.aloneRate > 0 && this.aloneRate >= MIN_GAIN * this.splitRate)
    return ++this.largeCounts % EXPLORE === 0 ? !pays : pays
  }

  /** Whether large counts may be split (there are threads): their arrays then go to shared memory up front. */
  threaded(): boolean {
    return !this.closed && this.workers.length > 0
  }

  /** Starts the workers and resolves once they run, so the first large count does not start them. */
  async warm(): Promise<void> {
    if (!this.threaded()) return
    this.start()
    await this.ready()
  }

  /** Resolves once every worker started so far is running (tests wait for it). */
  async ready(): Promise<void> {
    await Promise.all(this.readiness)
  }

  /**
   * Posts the job to the running workers; undefined when an index array of it is not in shared
   * memory (the caller counts it alone). The set's documents and bitmap are copied into shared buffers.
   */
  private fork(job: CountJob): Fork | undefined {
    const forkedAt = performance.now()
    const arrays = [
      job.rows?.offsets, job.rows?.bytes,
      ...job.passes.flatMap((pass) => ('codes' in pass ? [pass.codes] : [pass.offsets, pass.values])),
      ...job.values.map((value) => ('bitmap' in value ? value.bitmap : value.postings)),
    ]
    if (!arrays.every((array) => array === undefined || isShared(array))) return undefined
    const workers = this.workers.length
    const chunks = (workers + 1) * CHUNKS_PER_THREAD
    const split: SplitJob = {
      ...job,
      // Copied into buffers kept from job to job: a fresh shared buffer of a megabyte costs more to
      // allocate (fresh pages) than the copy.
      docs: this.docs.copy(job.docs),
      matched: job.matched && this.matched.copy(job.matched),
      chunks,
      // Whole bitmap words per chunk.
      chunkSize: Math.ceil(job.docCount / chunks / 32) * 32,
      tables: new Uint32Array(new SharedArrayBuffer(4 * chunks * job.tableWords)),
      control: new Int32Array(new SharedArrayBuffer(4 * (1 + 2 * chunks))),
    }
    for (const worker of this.workers) worker?.postMessage(split)
    return { job: split, forkedAt }
  }

  /** Counts the chunks the workers did not take, waits for theirs, and returns the whole table. */
  private join({ job, forkedAt }: Fork, work: number): Uint32Array {
    const table = new Uint32Array(job.tableWords)
    const { control } = job
    const owner = (chunk: number) => Atomics.load(control, ownerSlot(job, chunk))
    const done = (chunk: number) => Atomics.load(control, doneSlot(job, chunk)) === 1
    const wait = (until: () => boolean, deadline: number) => {
      for (let seen = Atomics.load(control, 0); !until(); seen = Atomics.load(control, 0)) {
        const left = deadline - performance.now()
        if (left <= 0) return
        Atomics.wait(control, 0, seen, left)
      }
    }
    const started = performance.now()
    let grace = 0
    if (this.options.here === false) {
      const all = Array.from({ length: job.chunks }, (_, chunk) => chunk)
      wait(() => all.every((chunk) => owner(chunk) > 1 && done(chunk)), started + (this.options.waitMs ?? WAIT_MS))
      claimChunks(job, 1, table)
    } else {
      const mine = claimChunks(job, 1, table)
      grace = mine ? (GRACE_CHUNKS * (performance.now() - started)) / mine : this.options.waitMs ?? WAIT_MS
    }
    const deadline = performance.now() + grace
    for (let chunk = 0; chunk < job.chunks; chunk++) {
      if (owner(chunk) === 1) continue
      wait(() => done(chunk), deadline)
      if (!done(chunk)) {
        countChunk(job, chunk, table)
        this.takenOver++
        continue
      }
      const base = chunk * job.tableWords
      for (let i = 0; i < job.tableWords; i++) table[i]! += job.tables[base + i]!
      this.workerChunks++
    }
    // Until every worker runs (they start at the first large count), a split says nothing of its speed.
    if (this.workers.every((worker, w) => worker && Atomics.load(this.status, w) === 1)) this.splitRate = recent(this.splitRate, (performance.now() - forkedAt) / work)
    return table
  }

  async close(): Promise<void> {
    this.closed = true
    await Promise.all(this.workers.map((worker) => worker?.terminate()))
  }

  /** Starts the workers not running (a dead one is replaced, up to MAX_RESTARTS times in all). */
  start(): void {
    this.workers.forEach((worker, w) => {
      if (worker || this.started >= this.workers.length + MAX_RESTARTS) return
      this.started++
      const bundled = typeof __OPENROLES_COUNT_WORKER__ === 'string' ? __OPENROLES_COUNT_WORKER__ : undefined
      Atomics.store(this.status, w, 0)
      const started = startModuleWorker(bundled, new URL('./count-worker.ts', import.meta.url), { slot: w, status: this.status, failAfterChunks: this.options.failAfterChunks }, [])
      // Idle workers must not keep the process alive; a failure shows as chunks not counted.
      started.unref()
      started.on('error', () => {})
      started.on('exit', () => {
        if (this.workers[w] === started) this.workers[w] = undefined
      })
      this.readiness.push(new Promise((resolve) => {
        started.once('message', () => resolve())
        started.once('exit', () => resolve())
      }))
      this.workers[w] = started
    })
  }
}

/** A recent average: the last value weighs a quarter. */
const recent = (average: number, value: number) => (average === 0 ? value : 0.75 * average + 0.25 * value)

/**
 * A shared buffer reused by every job (grown when too small). A worker still reading it for a job
 * given up on only spoils that job's table, which nobody reads any more.
 */
class SharedBuffer {
  private buffer = new Uint32Array(new SharedArrayBuffer(0))

  copy(array: Uint32Array): Uint32Array {
    if (this.buffer.length < array.length) this.buffer = new Uint32Array(new SharedArrayBuffer(4 * Math.ceil(array.length * 1.25)))
    const copy = this.buffer.subarray(0, array.length)
    copy.set(array)
    return copy
  }
}
