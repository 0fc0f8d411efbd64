import type { AppContext } from '../context.ts'
import type { Notification } from './notifications.ts'
import { signToken } from './signed-token.ts'

/** Where links in mail and chat messages point: PUBLIC_ORIGIN, else this server's own address. */
export function linkOrigin(ctx: AppContext): string {
  return ctx.config.publicOrigin.replace(/\/+$/, '') || `http://${ctx.config.host}:${ctx.config.port}`
}

/**
 * A digest as mail: the summary, one line per listed posting with its page, and an unsubscribe
 * link that works without signing in. The link's signed token names the subscription (or, for
 * other notifications, the account's mail channel); it does not expire, as mail is read late.
 * `List-Unsubscribe` (+ `-Post`, RFC 8058) lets mail clients offer the same in one click.
 */
export function digestMail(ctx: AppContext, userId: number, notification: Notification & { subscription_id?: number | null }) {
  const origin = linkOrigin(ctx)
  const subscriptionId = subscriptionOf(ctx, notification.id)
  const token = signToken(ctx.db, { purpose: 'unsub', userId, ...(subscriptionId !== null ? { subject: subscriptionId } : {}) })
  const unsubscribe = `${origin}/api/v1/unsubscribe?token=${token}`
  const lines = notification.jobs.map((job) => `- ${job.title} at ${job.company}: ${origin}/jobs/${job.public_slug}`)
  const text = [notification.body, '', ...lines, '', `Stop these mails: ${unsubscribe}`, 'Or change them in your notification settings.'].join('\n')
  return { text, headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } }
}

function subscriptionOf(ctx: AppContext, notificationId: number): number | null {
  const row = ctx.db.prepare('SELECT subscription_id FROM notifications WHERE id = ?').get(notificationId) as { subscription_id: number | null } | undefined
  return row?.subscription_id ?? null
}
