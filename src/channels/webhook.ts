import type { AppContext } from '../context.ts'
import type { Notification } from './notifications.ts'
import { PermanentDeliveryError } from './errors.ts'
import { recordWebhookAttempt, webhookTarget } from '../webhooks/webhooks.ts'
import { postWebhook } from '../webhooks/deliver.ts'

/**
 * A digest on the webhook channel: one signed POST of the digest's jobs to the user's endpoint.
 * `webhook-id` is the notification's, so every retry of one digest carries the same key and the
 * receiver can drop a repeat (exactly once from its side). The attempt's outcome is recorded on
 * the endpoint for the user to see; a failure throws so the outbox retries it with back-off, or
 * gives up at once when retrying cannot help.
 */
export async function sendWebhookDigest(ctx: AppContext, userId: number, notification: Notification): Promise<void> {
  const target = webhookTarget(ctx.db, ctx.config, userId)
  if (!target) throw new PermanentDeliveryError('no enabled webhook endpoint')
  const search = ctx.db
    .prepare('SELECT s.id, s.name, s.query FROM notifications n JOIN subscriptions sub ON sub.id = n.subscription_id JOIN saved_searches s ON s.id = sub.saved_search_id WHERE n.id = ?')
    .get(notification.id) as { id: number; name: string; query: string } | undefined
  const origin = ctx.config.publicOrigin.replace(/\/$/, '')
  const payload = {
    type: 'saved_search.digest',
    timestamp: notification.created_at,
    data: {
      notification_id: notification.id,
      saved_search: search ?? null,
      title: notification.title,
      summary: notification.body,
      jobs: notification.jobs.map((job) => ({ ...job, ...(origin ? { url: `${origin}/jobs/${job.public_slug}` } : {}) })),
    },
  }
  const outcome = await postWebhook(target, { id: `msg_ntf${notification.id}`, body: JSON.stringify(payload) }, {
    now: ctx.now(),
    timeoutMs: ctx.config.webhookTimeoutSeconds * 1000,
    allowPrivate: ctx.config.webhookAllowPrivateHosts,
  })
  recordWebhookAttempt(ctx.db, userId, outcome, ctx.now().toISOString())
  if (outcome.ok) return
  const message = `webhook ${outcome.error}`
  throw outcome.permanent ? new PermanentDeliveryError(message) : new Error(message)
}
