import { createHmac } from 'node:crypto'
import { NonPublicAddressError, outboundUrl, publicRequest, type UrlProblem } from '../public-address.ts'

/**
 * One signed POST to a user's webhook endpoint, in the Standard Webhooks scheme
 * (standardwebhooks.com) so a receiver can verify it with a stock library or by hand:
 * `webhook-id` (the same on every retry of one digest: the receiver's idempotency key),
 * `webhook-timestamp` (Unix seconds; receivers refuse one outside their replay window, 5 minutes
 * by the scheme), `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body" under the
 * secret's bytes>`. The request goes only to a public address: the name is resolved, every address
 * checked, and the connection made to the checked one (so a second lookup cannot swap in a private
 * address); redirects are not followed, and the whole exchange has a time limit.
 */
export interface WebhookMessage {
  id: string
  body: string
}

export interface WebhookOutcome {
  ok: boolean
  status: number | null
  error: string | null
  /** True when retrying cannot help (a 4xx answer other than 408/429, a refused address, a bad URL). */
  permanent: boolean
}

export function signWebhook(secret: string, message: WebhookMessage, timestamp: number): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  return `v1,${createHmac('sha256', key).update(`${message.id}.${timestamp}.${message.body}`).digest('base64')}`
}

const WEBHOOK_URL_PROBLEMS: Record<UrlProblem, string> = {
  'not-a-url': 'must be an absolute URL',
  scheme: 'must be an http or https URL',
  credentials: 'must not carry credentials',
  'private-host': 'must point to a public address, not a loopback or private one',
}

/** Where a webhook URL may point (the shared outbound-URL rule, src/public-address.ts): why not, or null. */
export function webhookUrlProblem(raw: string, allowPrivate: boolean): string | null {
  const { problem } = outboundUrl(raw, allowPrivate)
  return problem && WEBHOOK_URL_PROBLEMS[problem]
}

export async function postWebhook(target: { url: string; secret: string }, message: WebhookMessage, options: { now: Date; timeoutMs: number; allowPrivate: boolean }): Promise<WebhookOutcome> {
  const problem = webhookUrlProblem(target.url, options.allowPrivate)
  if (problem) return { ok: false, status: null, error: `the URL ${problem}`, permanent: true }
  const timestamp = Math.floor(options.now.getTime() / 1000)
  const body = Buffer.from(message.body)
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    'user-agent': 'openroles-webhooks/1',
    'webhook-id': message.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(target.secret, message, timestamp),
  }
  try {
    const response = await publicRequest(new URL(target.url), { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs) }, options.allowPrivate)
    // The answer's body is not ours to keep: let it go so the socket closes.
    await response.body?.cancel()
    const status = response.status
    if (status >= 200 && status < 300) return { ok: true, status, error: null, permanent: false }
    const retryable = status >= 500 || status === 408 || status === 429
    return { ok: false, status, error: status >= 300 && status < 400 ? `answered ${status} (redirects are not followed)` : `answered ${status}`, permanent: !retryable }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    const message = timedOut ? `no answer within ${Math.round(options.timeoutMs / 1000)} s` : error instanceof Error ? error.message : String(error)
    return { ok: false, status: null, error: message, permanent: error instanceof NonPublicAddressError }
  }
}
