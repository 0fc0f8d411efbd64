import type { DB } from '../db/connection.ts'
import { tooManyRequests } from '../errors.ts'

/**
 * Caps on actions over a rolling window, kept as a ledger in the database, so every serving process
 * on the file counts the same actions. Per user (community posts, prefills, mail recalls, photo
 * uploads, match-analysis runs, voice tokens, IMAP connection attempts: community_actions, deleted with the account; deleting what one wrote never gives the
 * allowance back) or per key for callers that are no user (an inbound mail's sending address and
 * client IP: keyed_actions). Over the cap: the seconds until the oldest counted action leaves the
 * window (a 429's Retry-After).
 */
export type ActionKind = 'feedback' | 'thread' | 'reply' | 'prefill' | 'submission' | 'referral_request' | 'mail_recall' | 'photo_upload' | 'match_run' | 'voice_token' | 'imap_connect'
export type KeyedKind = 'mail_sender' | 'mail_client'

export interface Cap<Kind extends string = ActionKind> {
  kind: Kind
  limit: number
  windowSeconds: number
  /** How the refusal names what was capped ("new reviews"). */
  what: string
}

export const HOUR = 3600
export const DAY = 24 * HOUR
/** The longest window any cap reads; older actions are forgotten. */
const KEPT_MS = 2 * DAY * 1000

/** Where a ledger lives: its table and the column naming who acted. */
interface Ledger {
  table: 'community_actions' | 'keyed_actions'
  column: 'user_id' | 'key'
  /** Forgets what no window reads any more when `who` acts. */
  forget(db: DB, who: number | string, kind: string, before: string): void
}

const USERS: Ledger = {
  table: 'community_actions',
  column: 'user_id',
  forget: (db, who, kind, before) => db.prepare('DELETE FROM community_actions WHERE user_id = ? AND kind = ? AND created_at < ?').run(who, kind, before),
}

/** Any address may act once and never again, so old rows are forgotten for every key, not just this one. */
const KEYS: Ledger = {
  table: 'keyed_actions',
  column: 'key',
  forget: (db, _who, _kind, before) => db.prepare('DELETE FROM keyed_actions WHERE created_at < ?').run(before),
}

/**
 * Counts one action of the cap's kind, or throws 429 when the user already used `cap.limit` of them
 * within the window; call in the write's transaction.
 */
export function spendCap(db: DB, userId: number, cap: Cap, now: Date): void {
  const wait = waitSeconds(db, USERS, userId, cap, now)
  if (wait > 0) {
    const window = cap.windowSeconds === DAY ? '24 hours' : cap.windowSeconds === HOUR ? 'hour' : `${cap.windowSeconds} s`
    throw tooManyRequests(`at most ${cap.limit} ${cap.what} per ${window}; retry in ${wait} s`, { 'retry-after': String(wait) })
  }
  recordAction(db, USERS, userId, cap.kind, now)
}

/**
 * For callers that are no user: counts one action under each (key, cap) only when every one of them
 * has room, in one write transaction (so processes sharing the file count together), and returns 0;
 * else counts nothing and returns the seconds until all have room.
 */
export function spendKeyedCaps(db: DB, spends: { key: string; cap: Cap<KeyedKind> }[], now: Date): number {
  return db.transaction(() => {
    const wait = Math.max(0, ...spends.map(({ key, cap }) => waitSeconds(db, KEYS, key, cap, now)))
    if (wait === 0) for (const { key, cap } of spends) recordAction(db, KEYS, key, cap.kind, now)
    return wait
  }).immediate()
}

function waitSeconds(db: DB, ledger: Ledger, who: number | string, cap: Cap<string>, now: Date): number {
  const since = new Date(now.getTime() - cap.windowSeconds * 1000).toISOString()
  const rows = db
    .prepare(`SELECT created_at FROM ${ledger.table} WHERE ${ledger.column} = ? AND kind = ? AND created_at > ? ORDER BY created_at`)
    .pluck()
    .all(who, cap.kind, since) as string[]
  if (rows.length < cap.limit) return 0
  const freesAt = Date.parse(rows[rows.length - cap.limit]!) + cap.windowSeconds * 1000
  return Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000))
}

/** Counts one action (and forgets the ones no window reads any more). */
function recordAction(db: DB, ledger: Ledger, who: number | string, kind: string, now: Date): void {
  ledger.forget(db, who, kind, new Date(now.getTime() - KEPT_MS).toISOString())
  db.prepare(`INSERT INTO ${ledger.table} (${ledger.column}, kind, created_at) VALUES (?, ?, ?)`).run(who, kind, now.toISOString())
}
