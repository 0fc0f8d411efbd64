import type { AppContext } from '../context.ts'
import { listPushTokens } from './push-tokens.ts'

export interface PushMessage {
  title: string
  body: string
  /** Opaque data for the app, e.g. { kind, notification_id }. */
  data?: Record<string, unknown>
}

export class PushUnavailableError extends Error {}

/**
 * Hands a message for every device of a user to the configured push gateway (config.pushGatewayUrl)
 * in one POST: `{ messages: [{ token, platform, title, body, data }] }`. The gateway (a relay to
 * APNs/FCM run by the self-hoster) owns the provider credentials, so none live in this process.
 * Resolves to the number of devices addressed; throws PushUnavailableError when no gateway is set
 * and a plain Error when the gateway refuses. The gateway may answer `{ results: [{ token, status }] }`
 * with the provider's status per device: 404 or 410 (FCM UNREGISTERED, APNs Unregistered) means the
 * token is gone, and it is deleted.
 */
export async function sendPush(ctx: AppContext, userId: number, message: PushMessage): Promise<number> {
  const url = ctx.config.pushGatewayUrl
  if (!url) throw new PushUnavailableError('push delivery is not configured on this server (PUSH_GATEWAY_URL)')
  const tokens = listPushTokens(ctx.db, userId)
  if (tokens.length === 0) return 0
  const messages = tokens.map((t) => ({ token: t.token, platform: t.platform, title: message.title, body: message.body, data: message.data ?? {} }))
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages }),
    signal: AbortSignal.timeout(ctx.config.pushTimeoutMs),
  })
  if (!response.ok) throw new Error(`push gateway answered ${response.status}`)
  const answer = (await response.json().catch(() => null)) as { results?: { token?: unknown; status?: unknown }[] } | null
  const gone = (answer?.results ?? []).filter((result) => (result.status === 404 || result.status === 410) && typeof result.token === 'string').map((result) => result.token as string)
  const remove = ctx.db.prepare('DELETE FROM push_tokens WHERE user_id = ? AND token = ?')
  const pruned = gone.reduce((count, token) => count + remove.run(userId, token).changes, 0)
  return tokens.length - pruned
}
