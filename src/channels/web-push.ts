import { ECDH } from 'node:crypto'
import webpush from 'web-push'
import type { AppContext } from '../context.ts'
import type { DB } from '../db/connection.ts'
import type { PushMessage } from './push-gateway.ts'
import { isPrivateHost, publicRequest } from '../public-address.ts'

/**
 * Browser push (Web Push with VAPID). `web-push` signs the VAPID JWT and encrypts the payload
 * (aes128gcm) to the browser's keys; we send the request it prepares with fetch. The VAPID key
 * pair comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, or is made once and kept in the database,
 * so browser push works without any setting. A push service answering 404 or 410 says the
 * subscription is gone: it is deleted. Endpoints are outbound connections a user aims, so they get
 * the rule of every such connection (src/public-address.ts): a private or loopback address is
 * refused when registered (by its name or literal) and when sending (by what it resolves to),
 * unless WEB_PUSH_ALLOW_PRIVATE_HOSTS; the connection goes to the checked address.
 */
export interface WebPushSubscription {
  endpoint: string
  p256dh: string
  auth: string
}

export function vapidKeys(ctx: AppContext): { publicKey: string; privateKey: string } {
  if (ctx.config.vapidPublicKey && ctx.config.vapidPrivateKey) return { publicKey: ctx.config.vapidPublicKey, privateKey: ctx.config.vapidPrivateKey }
  const read = () => ctx.db.prepare("SELECT value FROM server_secrets WHERE name = 'vapid'").get() as { value: Buffer } | undefined
  if (!read()) {
    const made = webpush.generateVAPIDKeys()
    ctx.db.prepare("INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES ('vapid', ?, ?)").run(Buffer.from(JSON.stringify(made)), new Date().toISOString())
  }
  return JSON.parse(read()!.value.toString('utf8'))
}

function vapidSubject(ctx: AppContext): string {
  if (ctx.config.vapidSubject) return ctx.config.vapidSubject
  return ctx.config.publicOrigin.startsWith('https://') ? ctx.config.publicOrigin : 'mailto:openroles@localhost'
}

export function saveWebPushSubscription(db: DB, userId: number, subscription: WebPushSubscription, now: string): void {
  db.prepare(
    `INSERT INTO web_push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
  ).run(subscription.endpoint, userId, subscription.p256dh, subscription.auth, now)
}

export function listWebPushSubscriptions(db: DB, userId: number): WebPushSubscription[] {
  return db.prepare('SELECT endpoint, p256dh, auth FROM web_push_subscriptions WHERE user_id = ? ORDER BY created_at, endpoint').all(userId) as WebPushSubscription[]
}

export function deleteWebPushSubscription(db: DB, userId: number, endpoint: string): boolean {
  return db.prepare('DELETE FROM web_push_subscriptions WHERE user_id = ? AND endpoint = ?').run(userId, endpoint).changes > 0
}

export interface WebPushOutcome {
  sent: number
  pruned: number
  /** Failures worth retrying (network, 429, 5xx). */
  failed: number
}

/** A key the push payload can be encrypted to: an uncompressed point on P-256 (65 bytes, base64url). */
export function isP256Point(key: string): boolean {
  const bytes = Buffer.from(key, 'base64url')
  if (bytes.length !== 65) return false
  try {
    ECDH.convertKey(bytes, 'prime256v1')
    return true
  } catch {
    return false
  }
}

/** An endpoint whose host is a private or loopback name or address (what it resolves to is checked when sending). */
export const isPrivateEndpoint = (endpoint: string): boolean => isPrivateHost(new URL(endpoint).hostname)

/** The subscription's auth secret: 16 bytes, base64url. */
export const isAuthSecret = (auth: string): boolean => Buffer.from(auth, 'base64url').length === 16

/** Sends the message to every browser of the user; gone subscriptions are pruned. */
export async function sendWebPush(ctx: AppContext, userId: number, message: PushMessage): Promise<WebPushOutcome> {
  const outcome: WebPushOutcome = { sent: 0, pruned: 0, failed: 0 }
  const subscriptions = listWebPushSubscriptions(ctx.db, userId)
  if (subscriptions.length === 0) return outcome
  const keys = vapidKeys(ctx)
  const payload = JSON.stringify({ title: message.title, body: message.body, data: message.data ?? {} })
  for (const subscription of subscriptions) {
    if (!isP256Point(subscription.p256dh) || !isAuthSecret(subscription.auth)) {
      // Keys no payload can be encrypted to (stored before registration checked them): never deliverable.
      ctx.db.prepare('DELETE FROM web_push_subscriptions WHERE endpoint = ?').run(subscription.endpoint)
      outcome.pruned++
      continue
    }
    // A throw here is our VAPID setting, not the browser's subscription: the delivery fails and is retried.
    const request = webpush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails: { subject: vapidSubject(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: 86_400,
    })
    try {
      // Only to a checked public address (src/public-address.ts); a redirect is not followed but failed.
      const response = await publicRequest(new URL(request.endpoint), {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(ctx.config.pushTimeoutMs),
      }, ctx.config.webPushAllowPrivateHosts)
      await response.body?.cancel()
      if (response.status === 404 || response.status === 410) {
        ctx.db.prepare('DELETE FROM web_push_subscriptions WHERE endpoint = ?').run(subscription.endpoint)
        outcome.pruned++
      } else if (response.ok) outcome.sent++
      else outcome.failed++
    } catch (error) {
      ctx.log.error('web push failed', { error: error instanceof Error ? error.message : String(error) })
      outcome.failed++
    }
  }
  return outcome
}
