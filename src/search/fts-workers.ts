/**
 * Worker threads that read the full-text index for the in-memory term index (term-build.ts): the
 * vocabulary, and the rowids of many terms, each worker over its own read-only connection (WAL
 * lets readers run beside the writer) and its own share of the terms. The main thread stays free
 * to serve requests meanwhile. Only for a database file: an in-memory database cannot be shared,
 * and then the engine reads in the main thread.
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { TERM_ROWIDS, VOCABULARY_READ, VOCABULARY_SQL } from './term-build.ts'

// Plain CommonJS so it runs unchanged from the TypeScript sources and from the esbuild bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqlitePath)
const db = new Database(workerData.dbPath, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
const matches = db.prepare(workerData.termRowids).pluck()
parentPort.on('message', ({ id, kind, terms }) => {
  try {
    if (kind === 'vocabulary') {
      db.exec(workerData.vocabularySql)
      parentPort.postMessage({ id, result: db.prepare(workerData.vocabularyRead).raw().all() })
      return
    }
    const lists = terms.map((term) => matches.all(term))
    const lengths = Uint32Array.from(lists.map((list) => list.length))
    const rowids = new Uint32Array(lengths.reduce((sum, n) => sum + n, 0))
    let at = 0
    for (const list of lists) {
      rowids.set(list, at)
      at += list.length
    }
    parentPort.postMessage({ id, result: { rowids, lengths } }, [rowids.buffer, lengths.buffer])
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) })
  }
})
`

interface Pending {
  resolve: (result: never) => void
  reject: (error: Error) => void
}

export class FtsWorkers {
  private readonly workers: Worker[]
  private readonly pending = new Map<number, Pending>()
  private readonly busy = new Map<Worker, number>()
  private nextId = 1
  private closed = false

  constructor(dbPath: string, count: number) {
    const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3')
    this.workers = Array.from({ length: count }, () => {
      // execArgv: [] so flags of the parent process (--input-type=module, loaders) cannot change how this plain script runs.
      const workerData = { dbPath, sqlitePath, termRowids: TERM_ROWIDS, vocabularySql: VOCABULARY_SQL, vocabularyRead: VOCABULARY_READ }
      const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData })
      // Idle workers must not keep the process alive; busy ones must (see holdWhileBusy).
      worker.unref()
      worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
        const pending = this.pending.get(message.id)
        this.pending.delete(message.id)
        this.holdWhileBusy()
        if (message.error !== undefined) pending?.reject(new Error(message.error))
        else pending?.resolve(message.result as never)
      })
      worker.on('error', (error) => {
        for (const pending of this.pending.values()) pending.reject(error)
        this.pending.clear()
        this.holdWhileBusy()
      })
      this.busy.set(worker, 0)
      return worker
    })
  }

  /** Every term of the full-text index with its document count (fts5vocab). */
  vocabulary(): Promise<[string, number][]> {
    return this.ask(this.workers[0]!, { kind: 'vocabulary' })
  }

  /** Rowids of each MATCH expression, concatenated in order (`lengths[i]` of them for the i-th); the least busy worker reads them. */
  termRowids(terms: string[]): Promise<{ rowids: Uint32Array; lengths: Uint32Array }> {
    const worker = this.workers.reduce((best, candidate) => (this.busy.get(candidate)! < this.busy.get(best)! ? candidate : best))
    return this.ask(worker, { kind: 'terms', terms })
  }

  private ask<T>(worker: Worker, message: Record<string, unknown>): Promise<T> {
    // A read that follows a closed one (the term read's next step) would wait on a stopped worker for ever.
    if (this.closed) return Promise.reject(new Error('search workers closed'))
    const id = this.nextId++
    this.busy.set(worker, this.busy.get(worker)! + 1)
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, {
        resolve: ((result: T) => {
          this.busy.set(worker, this.busy.get(worker)! - 1)
          resolve(result)
        }) as (result: never) => void,
        reject,
      })
      this.holdWhileBusy()
      worker.postMessage({ id, ...message })
    })
  }

  private holdWhileBusy(): void {
    for (const worker of this.workers) {
      if (this.pending.size > 0) worker.ref()
      else worker.unref()
    }
  }

  /**
   * Stops the workers; questions still open are rejected. Their exit is not awaited: a worker inside
   * a long FTS5 read stops only when the read returns, and awaiting terminate() then left a context's
   * close pending on an emptied event loop (2 runs in 10 of test/ingest/import-urls, none in 32
   * without the await). Each worker reads through a read-only connection of its own, so nothing
   * depends on it being gone.
   */
  async close(): Promise<void> {
    this.closed = true
    for (const pending of this.pending.values()) pending.reject(new Error('search workers closed'))
    this.pending.clear()
    for (const worker of this.workers) void worker.terminate()
  }
}
