import type { DB } from '../db/connection.ts'

/**
 * One sync per mailbox at a time in this process: the scheduler and a user's "sync now" must not
 * read the same mailbox twice over. (Across processes the scheduler runs in one process only; a
 * rare overlap with a user's request costs a second read, not a second copy: the inbox dedupes and
 * checkpoints only move forward.) Keyed per database, so two test apps never share a guard.
 */
const running = new WeakMap<DB, Set<string>>()

/** Runs `work` unless a run under the same key is under way; then null at once. */
export async function runExclusive<T>(db: DB, key: string, work: () => Promise<T>): Promise<T | null> {
  let keys = running.get(db)
  if (!keys) running.set(db, (keys = new Set()))
  if (keys.has(key)) return null
  keys.add(key)
  try {
    return await work()
  } finally {
    keys.delete(key)
  }
}

