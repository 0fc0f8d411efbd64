import type { AppContext } from '../context.ts'
import type { Delivery } from './deliveries.ts'
import { getNotification, type Notification } from './notifications.ts'
import { findUserById } from '../account/users.ts'
import { deliverPush } from './push.ts'
import { digestMail } from './email.ts'
import { PermanentDeliveryError } from './errors.ts'
import { sendTelegramDigest } from './telegram.ts'
import { sendDiscordDigest } from './discord.ts'
import { sendWebhookDigest } from './webhook.ts'

export { PermanentDeliveryError }

/** Sends one outbox row on its channel; throws to have the attempt recorded as failed. */
export async function sendDelivery(ctx: AppContext, delivery: Delivery): Promise<void> {
  const notification = getNotification(ctx.db, delivery.user_id, delivery.notification_id, { includeOutOfApp: true })
  if (!notification) throw new PermanentDeliveryError('the notification is gone')
  switch (delivery.channel) {
    case 'email':
      return sendEmail(ctx, delivery.user_id, notification)
    case 'push':
      return sendPushNotification(ctx, delivery.user_id, notification)
    case 'telegram':
      return sendTelegramDigest(ctx, delivery.user_id, notification)
    case 'discord':
      return sendDiscordDigest(ctx, delivery.user_id, notification)
    case 'webhook':
      return sendWebhookDigest(ctx, delivery.user_id, notification)
  }
}

async function sendEmail(ctx: AppContext, userId: number, notification: Notification): Promise<void> {
  const user = findUserById(ctx.db, userId)
  if (!user) throw new PermanentDeliveryError('the account is gone')
  const mail = digestMail(ctx, userId, notification)
  await ctx.mailer.deliver({ to: user.email, subject: notification.title, text: mail.text, headers: mail.headers })
}

/** Delivered when some device took it; retried when none did but one may later; failed for good when no device is left. */
async function sendPushNotification(ctx: AppContext, userId: number, notification: Notification): Promise<void> {
  const outcome = await deliverPush(ctx, userId, { title: notification.title, body: notification.body, data: { kind: notification.kind, notification_id: notification.id } })
  if (outcome.sent > 0) return
  if (outcome.retryable) throw new Error('no device accepted the push; will retry')
  throw new PermanentDeliveryError('no push device registered')
}
