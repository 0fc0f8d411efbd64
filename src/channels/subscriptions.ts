import type { DB } from '../db/connection.ts'
import type { DeliveryChannel } from './notifications.ts'
import { ownRecords } from '../db/own-rows.ts'

interface SubscriptionRow {
  id: number
  saved_search_id: number
  name: string
  query: string
  channel: DeliveryChannel
  active: number
  last_digest_at: string | null
  created_at: string
  updated_at: string
}

/**
 * The Subscription of the API: the only place a subscriptions row becomes JSON. The reference
 * service's fields (`saved_search_name`, `channel`) plus ours (`name` = the saved search's name,
 * `query`, `last_digest_at`, `updated_at`).
 */
function toSubscription(row: SubscriptionRow) {
  return {
    id: row.id,
    active: row.active === 1,
    saved_search_id: row.saved_search_id,
    saved_search_name: row.name,
    channel: row.channel,
    name: row.name,
    query: row.query,
    last_digest_at: row.last_digest_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export type Subscription = ReturnType<typeof toSubscription>

const SELECT = `SELECT sub.id, sub.saved_search_id, s.name, s.query, sub.channel, sub.active, sub.last_digest_at, sub.created_at, sub.updated_at
  FROM subscriptions sub JOIN saved_searches s ON s.id = sub.saved_search_id`

const own = ownRecords({ select: SELECT, table: 'subscriptions', alias: 'sub', map: toSubscription })
export const listSubscriptions = own.page
export const getSubscription = own.byId

export type CreateOutcome = { subscription: Subscription } | { error: 'no-search' | 'exists' }

/**
 * Subscribes the caller to one of their saved searches on one channel (one subscription per saved
 * search and channel); digests cover postings first recorded from now on.
 */
export function createSubscription(db: DB, userId: number, savedSearchId: number, channel: DeliveryChannel, now = new Date().toISOString()): CreateOutcome {
  return db.transaction((): CreateOutcome => {
    const owned = db.prepare('SELECT 1 FROM saved_searches WHERE user_id = ? AND id = ?').get(userId, savedSearchId)
    if (!owned) return { error: 'no-search' }
    const existing = db.prepare('SELECT 1 FROM subscriptions WHERE saved_search_id = ? AND channel = ?').get(savedSearchId, channel)
    if (existing) return { error: 'exists' }
    const id = Number(
      db
        .prepare('INSERT INTO subscriptions (user_id, saved_search_id, channel, active, digest_cursor_at, created_at, updated_at) VALUES (?, ?, ?, 1, ?, ?, ?)')
        .run(userId, savedSearchId, channel, now, now, now).lastInsertRowid,
    )
    return { subscription: getSubscription(db, userId, id)! }
  })()
}

/**
 * active <-> paused. Resuming moves the digest cursor to now: postings recorded while paused are
 * not sent in a burst. Setting the state it already has changes nothing.
 */
export function setSubscriptionActive(db: DB, userId: number, id: number, active: boolean, now = new Date().toISOString()): Subscription | null {
  return db.transaction(() => {
    const current = getSubscription(db, userId, id)
    if (!current) return null
    if (current.active === active) return current
    const cursor = active ? ', digest_cursor_at = @now' : ''
    db.prepare(`UPDATE subscriptions SET active = @active, updated_at = @now${cursor} WHERE id = @id`).run({ active: active ? 1 : 0, now, id })
    return getSubscription(db, userId, id)
  })()
}

export const deleteSubscription = own.remove

/** An active subscription whose digest window (cursor, run] is not empty, with its saved search. */
export interface DueSubscription {
  id: number
  userId: number
  channel: DeliveryChannel
  name: string
  query: string
  cursorAt: string
}

export function activeSubscriptionsDue(db: DB, runAt: string): DueSubscription[] {
  return db
    .prepare(
      `SELECT sub.id, sub.user_id AS userId, sub.channel, s.name, s.query, sub.digest_cursor_at AS cursorAt
       FROM subscriptions sub JOIN saved_searches s ON s.id = sub.saved_search_id
       WHERE sub.active = 1 AND sub.digest_cursor_at < ? ORDER BY sub.id`,
    )
    .all(runAt) as DueSubscription[]
}

/** Moves the window on from `fromCursor` (false when another run already moved it); last_digest_at records runs that produced a digest. */
export function advanceDigestCursor(db: DB, id: number, fromCursor: string, runAt: string, sent: boolean): boolean {
  const set = sent ? 'digest_cursor_at = @runAt, last_digest_at = @runAt' : 'digest_cursor_at = @runAt'
  return db.prepare(`UPDATE subscriptions SET ${set} WHERE id = @id AND digest_cursor_at = @fromCursor`).run({ runAt, id, fromCursor }).changes > 0
}
