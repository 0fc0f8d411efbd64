import type { AppContext } from '../context.ts'
import type { DB } from '../db/connection.ts'
import { createNotification, getNotificationSettings, type NewNotification } from '../channels/notifications.ts'
import { CHANNELS, enqueueDeliveries } from '../channels/deliveries.ts'
import { channelReaches } from '../channels/reach.ts'

/**
 * What community events tell people (a submission approved or rejected, a referral offer decided,
 * a referral request received or answered): an in-app notification, written in the event's own
 * transaction, and — in that same transaction — one row of the delivery outbox (src/channels/) for
 * every channel the person keeps in their notification settings that can reach them (e-mail,
 * Telegram, Discord, push), as digests do. The outbox worker then sends each once, with retries
 * and back-off, and a restart never sends one twice.
 */
export type Notices = (NewNotification & { notificationId: number })[]

export function notify(db: DB, notices: Notices, notice: NewNotification, now: Date): void {
  const notificationId = createNotification(db, notice, now.toISOString())
  notices.push({ ...notice, notificationId })
}

/** Queues a written notice on the person's reachable channels; part of the write's transaction. */
function queueBeyondApp(ctx: AppContext, notice: Notices[number], now: string): void {
  const settings = getNotificationSettings(ctx.db, notice.userId)
  if (!settings.enabled) return
  const channels = CHANNELS.filter((channel) => settings.channels.includes(channel) && channelReaches(ctx, channel, notice.userId))
  enqueueDeliveries(ctx.db, notice.notificationId, notice.userId, channels, now)
}

/**
 * Runs a write that notifies people (it fills `notices`) in one transaction with the outbox rows of
 * its notices (the write's own transaction nests as a savepoint), then wakes the delivery worker.
 */
export function withNotices<T>(ctx: AppContext, write: (notices: Notices) => T): T {
  const notices: Notices = []
  const result = ctx.db.transaction(() => {
    const value = write(notices)
    const now = ctx.now().toISOString()
    for (const notice of notices) queueBeyondApp(ctx, notice, now)
    return value
  })()
  if (notices.length) {
    ctx.deliveries.drain().catch((error) => ctx.log.error('delivery drain failed', { error: String(error) }))
  }
  return result
}
