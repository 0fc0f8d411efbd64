import Database from 'better-sqlite3'
import { workerData, type MessagePort } from 'node:worker_threads'
import { columnsMessage } from './column-parts.ts'
import { loadAllOpen, type IdRange } from './index-load.ts'

/**
 * Worker-thread half of index-load-threads.ts: loads the open postings of one id range over its own
 * read-only connection and posts them as transferable arrays. state[0] = 1 once this script runs,
 * 2 once the answer is posted (the loading thread waits on it synchronously).
 */
const { dbPath, range, port, state: buffer } = workerData as { dbPath: string; range: IdRange; port: MessagePort; state: SharedArrayBuffer }
const state = new Int32Array(buffer)
Atomics.store(state, 0, 1)
Atomics.notify(state, 0)
try {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  const { message, transfer } = columnsMessage(loadAllOpen(db, range))
  db.close()
  port.postMessage({ part: message }, transfer)
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) })
}
Atomics.store(state, 0, 2)
Atomics.notify(state, 0)
port.close()
