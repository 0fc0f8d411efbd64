import type { AppContext } from '../context.ts'
import type { DB } from '../db/connection.ts'
import { findUserById } from '../account/users.ts'
import { createNotification, getNotificationSettings, type NewNotification } from '../me/notifications.ts'
import { sendPush } from '../me/push-gateway.ts'

/**
 * What community events tell people: always an in-app notification, written in the event's own
 * transaction; then, once it committed, the same message on the channels the person keeps in their
 * notification settings: email (the outbox, delivered when SMTP is configured) and push (when a
 * push gateway is configured). Telegram has no sender in openroles yet.
 */
export function notify(db: DB, notices: NewNotification[], notice: NewNotification, now: Date): void {
  createNotification(db, notice, now.toISOString())
  notices.push(notice)
}

/** Sends the notices beyond the app; call after the write committed. Push failures are logged, never thrown. */
function deliverNotices(ctx: AppContext, notices: NewNotification[]): void {
  for (const notice of notices) {
    const settings = getNotificationSettings(ctx.db, notice.userId)
    if (!settings.enabled) continue
    const user = findUserById(ctx.db, notice.userId)
    if (!user) continue
    if (settings.channels.includes('email')) ctx.mailer.send({ to: user.email, subject: notice.title, text: `${notice.body}\n\n— openroles` })
    if (settings.channels.includes('push') && ctx.config.pushGatewayUrl) {
      sendPush(ctx, notice.userId, { title: notice.title, body: notice.body, data: { kind: notice.kind } }).catch((error) =>
        ctx.log.error('community push failed', { kind: notice.kind, error: String(error) }))
    }
  }
}

/** Runs a write that notifies people (it fills `notices`), then carries its notices beyond the app. */
export function withNotices<T>(ctx: AppContext, write: (notices: NewNotification[]) => T): T {
  const notices: NewNotification[] = []
  const result = write(notices)
  deliverNotices(ctx, notices)
  return result
}
