import type { DB } from '../db/connection.ts'
import { tooManyRequests } from '../errors.ts'

/**
 * Per-account hourly budgets of costly operations (match-analysis runs, voice tokens, IMAP logins,
 * which must not make this server a password-guessing service against other people's mail servers): a rolling
 * hour of start times per account and bucket, in this process's memory like the other rate
 * buckets. Past the limit: 429 with Retry-After.
 */
const byDb = new WeakMap<DB, Map<string, number[]>>()

export function takeHourly(db: DB, bucket: string, userId: number, limit: number, now: Date, what: string): void {
  const starts = byDb.get(db) ?? new Map<string, number[]>()
  byDb.set(db, starts)
  const key = `${bucket}:${userId}`
  const at = now.getTime()
  const recent = (starts.get(key) ?? []).filter((start) => start > at - 3_600_000)
  if (recent.length >= limit) {
    const retry = Math.max(1, Math.ceil((recent[0]! + 3_600_000 - at) / 1000))
    throw tooManyRequests(`too many ${what} this hour (${limit} per hour); retry in ${retry} s`, { 'Retry-After': String(retry) })
  }
  recent.push(at)
  starts.set(key, recent)
}
