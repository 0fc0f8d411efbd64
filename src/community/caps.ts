import type { DB } from '../db/connection.ts'
import { tooManyRequests } from '../errors.ts'

/**
 * Per-user caps on writes (community posts, prefills, mail recalls, photo uploads) over a rolling
 * window, kept as a ledger (community_actions) so deleting what one wrote never gives the allowance back. Over the cap: 429 with Retry-After = the
 * seconds until the oldest counted action leaves the window.
 */
export type ActionKind = 'feedback' | 'thread' | 'reply' | 'prefill' | 'submission' | 'referral_request' | 'mail_recall' | 'photo_upload'

export interface Cap {
  kind: ActionKind
  limit: number
  windowSeconds: number
  /** How the refusal names what was capped ("new reviews"). */
  what: string
}

export const HOUR = 3600
export const DAY = 24 * HOUR

/**
 * Counts one action of the cap's kind, or throws 429 when the user already used `cap.limit` of them
 * within the window; call in the write's transaction.
 */
export function spendCap(db: DB, userId: number, cap: Cap, now: Date): void {
  checkCap(db, userId, cap, now)
  recordAction(db, userId, cap.kind, now)
}

function checkCap(db: DB, userId: number, cap: Cap, now: Date): void {
  const since = new Date(now.getTime() - cap.windowSeconds * 1000).toISOString()
  const rows = db
    .prepare('SELECT created_at FROM community_actions WHERE user_id = ? AND kind = ? AND created_at > ? ORDER BY created_at')
    .pluck()
    .all(userId, cap.kind, since) as string[]
  if (rows.length < cap.limit) return
  const freesAt = Date.parse(rows[rows.length - cap.limit]!) + cap.windowSeconds * 1000
  const wait = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000))
  const window = cap.windowSeconds === DAY ? '24 hours' : cap.windowSeconds === HOUR ? 'hour' : `${cap.windowSeconds} s`
  throw tooManyRequests(`at most ${cap.limit} ${cap.what} per ${window}; retry in ${wait} s`, { 'retry-after': String(wait) })
}

/** Counts one action (and forgets the user's ones no window reads any more). */
function recordAction(db: DB, userId: number, kind: ActionKind, now: Date): void {
  db.prepare('DELETE FROM community_actions WHERE user_id = ? AND kind = ? AND created_at < ?').run(userId, kind, new Date(now.getTime() - 2 * DAY).toISOString())
  db.prepare('INSERT INTO community_actions (user_id, kind, created_at) VALUES (?, ?, ?)').run(userId, kind, now.toISOString())
}
