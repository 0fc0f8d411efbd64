/**
 * Worker threads that read the full-text match set of a query in parallel, each over its own
 * read-only connection (WAL lets readers run beside the writer) and its own slice of the rowid
 * range. The main thread stays free to serve other requests meanwhile. Only for a database file:
 * an in-memory database cannot be shared, and then the engine reads in the main thread.
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

// Plain CommonJS so it runs unchanged from the TypeScript sources and from the esbuild bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.sqlitePath)
const db = new Database(workerData.dbPath, { readonly: true, fileMustExist: true })
db.pragma('busy_timeout = 5000')
const matches = db.prepare('SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH ? AND rowid >= ? AND rowid < ?').pluck()
parentPort.on('message', ({ id, match, from, to }) => {
  try {
    const rowids = Uint32Array.from(matches.all(match, from, to))
    parentPort.postMessage({ id, rowids }, [rowids.buffer])
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) })
  }
})
`

interface Pending {
  resolve: (rowids: Uint32Array) => void
  reject: (error: Error) => void
}

export class FtsWorkers {
  private readonly workers: Worker[]
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  constructor(dbPath: string, count: number) {
    const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3')
    this.workers = Array.from({ length: count }, () => {
      // execArgv: [] so flags of the parent process (--input-type=module, loaders) cannot change how this plain script runs.
      const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { dbPath, sqlitePath } })
      // Idle workers must not keep the process alive; busy ones must (see holdWhileBusy).
      worker.unref()
      worker.on('message', (message: { id: number; rowids?: Uint32Array; error?: string }) => {
        const pending = this.pending.get(message.id)
        this.pending.delete(message.id)
        this.holdWhileBusy()
        if (message.error !== undefined) pending?.reject(new Error(message.error))
        else pending?.resolve(message.rowids!)
      })
      worker.on('error', (error) => {
        for (const pending of this.pending.values()) pending.reject(error)
        this.pending.clear()
        this.holdWhileBusy()
      })
      return worker
    })
  }

  /** Rowids matching `match`, read as one slice of [0, rowidLimit) per worker, in ascending order. */
  async matchingRowids(match: string, rowidLimit: number): Promise<Uint32Array> {
    const slice = Math.ceil((rowidLimit + 1) / this.workers.length)
    const parts = await Promise.all(
      this.workers.map((worker, i) => {
        const id = this.nextId++
        return new Promise<Uint32Array>((resolve, reject) => {
          this.pending.set(id, { resolve, reject })
          this.holdWhileBusy()
          worker.postMessage({ id, match, from: i * slice, to: i === this.workers.length - 1 ? Number.MAX_SAFE_INTEGER : (i + 1) * slice })
        })
      }),
    )
    const out = new Uint32Array(parts.reduce((sum, part) => sum + part.length, 0))
    let at = 0
    for (const part of parts) {
      out.set(part, at)
      at += part.length
    }
    return out
  }

  private holdWhileBusy(): void {
    for (const worker of this.workers) {
      if (this.pending.size > 0) worker.ref()
      else worker.unref()
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }
}
