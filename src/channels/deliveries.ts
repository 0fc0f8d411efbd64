import type { DB } from '../db/connection.ts'

/**
 * The delivery outbox: one row per (notification, channel), so a notification leaves the app on a
 * channel at most once however often it is enqueued. The worker claims a due row (pending ->
 * sending, attempts + 1) before it talks to the outside service, and records the outcome after.
 * A failure waits an exponentially growing back-off and is tried again until the attempts run out;
 * then the row is 'failed' for good.
 */
export const CHANNELS = ['email', 'telegram', 'discord', 'push', 'webhook'] as const
export type Channel = (typeof CHANNELS)[number]

export interface Delivery {
  id: number
  notification_id: number
  user_id: number
  channel: Channel
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  next_attempt_at: string
  last_error: string | null
  sent_at: string | null
}

/** Queues the notification for each channel; a channel it is already queued on is left alone. Returns the rows added. */
export function enqueueDeliveries(db: DB, notificationId: number, userId: number, channels: readonly Channel[], now: string): number {
  const insert = db.prepare(
    `INSERT INTO channel_deliveries (notification_id, user_id, channel, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (notification_id, channel) DO NOTHING`,
  )
  let added = 0
  for (const channel of new Set(channels)) added += insert.run(notificationId, userId, channel, now, now).changes
  return added
}

/** Takes the oldest due row for this worker, or null when nothing is due. */
export function claimDueDelivery(db: DB, now: string): Delivery | null {
  const row = db
    .prepare(
      `UPDATE channel_deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = ?
       WHERE id = (SELECT id FROM channel_deliveries WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT 1)
       RETURNING id, notification_id, user_id, channel, status, attempts, next_attempt_at, last_error, sent_at`,
    )
    .get(now, now) as Delivery | undefined
  return row ?? null
}

export function markDelivered(db: DB, id: number, now: string): void {
  db.prepare("UPDATE channel_deliveries SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ? AND status = 'sending'").run(now, id)
}

/**
 * Records a failed attempt: back to 'pending' after `backoffSeconds * 2^(attempts-1)`, or 'failed'
 * for good when the attempts are spent or the failure is permanent.
 */
export function markAttemptFailed(db: DB, delivery: Delivery, error: string, options: { now: Date; maxAttempts: number; backoffSeconds: number; permanent: boolean }): void {
  const final = options.permanent || delivery.attempts >= options.maxAttempts
  const next = new Date(options.now.getTime() + options.backoffSeconds * 1000 * 2 ** (delivery.attempts - 1)).toISOString()
  db.prepare("UPDATE channel_deliveries SET status = ?, next_attempt_at = ?, last_error = ? WHERE id = ? AND status = 'sending'").run(
    final ? 'failed' : 'pending',
    next,
    error.slice(0, 500),
    delivery.id,
  )
}

/**
 * On start: rows left 'sending' were claimed by a process that died before it recorded the outcome.
 * They go back to 'pending' (the claim already counted the attempt), so each is tried again once.
 */
export function releaseAbandonedClaims(db: DB): number {
  return db.prepare("UPDATE channel_deliveries SET status = 'pending' WHERE status = 'sending'").run().changes
}

export function deliveriesOf(db: DB, notificationId: number): Delivery[] {
  return db
    .prepare('SELECT id, notification_id, user_id, channel, status, attempts, next_attempt_at, last_error, sent_at FROM channel_deliveries WHERE notification_id = ? ORDER BY id')
    .all(notificationId) as Delivery[]
}
