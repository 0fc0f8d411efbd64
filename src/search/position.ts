import { existsSync, readFileSync } from 'node:fs'
import type { DB } from '../db/connection.ts'
import { latestChange } from './change-log.ts'

/**
 * Where a database stands, as a position a writer is handed and a replica compares with its own:
 * LiteFS's transaction id (its `<db>-pos` file) when LiteFS replicates the file; otherwise the
 * change log's head, what a search index follows (replicas sharing the primary's file on one
 * machine read every commit at once; their indexes follow the log). `kind:number`, compared only
 * within one kind.
 */
export function filePosition(db: DB): string {
  const pos = `${db.name}-pos`
  if (!db.memory && existsSync(pos)) {
    const txid = /^([0-9a-f]{16})\//i.exec(readFileSync(pos, 'utf8'))
    if (txid) return `litefs:${BigInt(`0x${txid[1]}`)}`
  }
  return `log:${latestChange(db)}`
}

/** Whether position `have` is at or past `want`; a position of another kind (or garbage) never holds a read back. */
export function reached(have: string, want: string): boolean {
  const [haveKind, haveAt] = have.split(':')
  const match = /^(litefs|log):(\d{1,20})$/.exec(want)
  if (!match || match[1] !== haveKind) return true
  return BigInt(haveAt!) >= BigInt(match[2]!)
}
