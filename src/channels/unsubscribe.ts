import type { AppContext } from '../context.ts'
import { verifyToken } from './signed-token.ts'
import { setSubscriptionActive } from './subscriptions.ts'
import { getNotificationSettings, updateNotificationSettings } from './notifications.ts'

/**
 * What the unsubscribe link of a digest mail does, without a session: the signed token names the
 * account and, for a saved-search digest, the subscription, which is paused (resumable in the app).
 * A token without a subscription takes e-mail out of the account's notification channels.
 * Using a link twice, or after the subscription was deleted, changes nothing and still succeeds.
 * Null when the token is not one this server signed.
 */
export function unsubscribeByToken(ctx: AppContext, token: string): { subscription_id: number | null } | null {
  const claims = verifyToken(ctx.db, token, 'unsub', Math.floor(ctx.now().getTime() / 1000))
  if (!claims) return null
  const now = ctx.now().toISOString()
  if (claims.subject !== undefined) {
    setSubscriptionActive(ctx.db, claims.userId, claims.subject, false, now)
    return { subscription_id: claims.subject }
  }
  const channels = getNotificationSettings(ctx.db, claims.userId).channels.filter((channel) => channel !== 'email')
  updateNotificationSettings(ctx.db, claims.userId, channels.length ? { channels } : { enabled: false, channels }, now)
  return { subscription_id: null }
}
