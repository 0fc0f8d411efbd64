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

// Attempts per user in the last hour; memory only, like the other per-user rate buckets.
const attemptsByDb = new WeakMap<DB, Map<string, number[]>>()

/**
 * Takes one attempt from a per-hour allowance; returns the seconds to wait when none is left.
 * Used where a caller makes this server log in somewhere else (an IMAP PUT), which must not become
 * a password-guessing service against other people's mail servers.
 */
export function takeHourlyAttempt(db: DB, key: string, perHour: number, nowMs: number): number {
  const all = attemptsByDb.get(db) ?? new Map<string, number[]>()
  attemptsByDb.set(db, all)
  const recent = (all.get(key) ?? []).filter((at) => at > nowMs - 3_600_000)
  if (recent.length >= perHour) return Math.max(1, Math.ceil((recent[0]! + 3_600_000 - nowMs) / 1000))
  recent.push(nowMs)
  all.set(key, recent)
  return 0
}
