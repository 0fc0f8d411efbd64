import Database from 'better-sqlite3'
import { workerData, type MessagePort } from 'node:worker_threads'
import { columnsMessage } from './column-parts.ts'
import { loadClaimedRanges, type LoadShare } from './index-load-threads.ts'

/**
 * Worker-thread half of index-load-threads.ts: claims id ranges of the full load in turn, loads
 * each over its own read-only connection and posts it as transferable arrays. Its state slot is 1
 * while it runs and 2 once it is done (the loading thread waits on them synchronously).
 */
const { slot, port, ...share } = workerData as LoadShare & { slot: number; port: MessagePort }
const state = new Int32Array(share.state)
const signal = (index: number, value: number) => {
  Atomics.store(state, index, value)
  Atomics.notify(state, 1)
}
signal(slot, 1)
try {
  const db = new Database(share.dbPath, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  loadClaimedRanges(db, share, (index, part) => {
    const { message, transfer } = columnsMessage(part)
    port.postMessage({ index, part: message }, transfer)
    Atomics.add(state, 1, 1)
    Atomics.notify(state, 1)
  })
  db.close()
} finally {
  // A range claimed but not delivered (an error above) is loaded by the waiting thread.
  port.close()
  signal(slot, 2)
}
