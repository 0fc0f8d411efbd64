import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { notFound, unprocessable } from '../../errors.ts'
import { deleteWebhook, getWebhook, saveWebhook, setWebhookEnabled } from '../../webhooks/webhooks.ts'
import { webhookUrlProblem } from '../../webhooks/deliver.ts'

const Url = v.pipe(v.string('must be a string'), v.trim(), v.minLength(1, 'is required'), v.maxLength(2000, 'must be at most 2000 characters'), v.description('Where deliveries are POSTed: an http(s) URL of a public host.'))

const op = operations({ tags: ['saved searches'], auth: 'session' })

const SCHEME = 'Each delivery is a POST of `{ type: "saved_search.digest", timestamp, data: { notification_id, saved_search, title, summary, jobs } }` signed in the Standard Webhooks scheme: headers `webhook-id` (the same on every retry of one digest: drop a repeat), `webhook-timestamp` (Unix seconds: refuse one more than 5 minutes from your clock) and `webhook-signature: v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" keyed with the base64-decoded part of the secret after "whsec_">`. A 2xx answer is success; 5xx, 408, 429 and no answer within WEBHOOK_TIMEOUT_SECONDS are retried with back-off; other answers and redirects fail the delivery. Only public addresses are reached (the name is resolved and checked, and the connection made to the checked address).'

export function meWebhookRoutes(ctx: AppContext): Route[] {
  const now = () => ctx.now().toISOString()
  const checked = (url: string) => {
    const problem = webhookUrlProblem(url, ctx.config.webhookAllowPrivateHosts)
    if (problem) throw unprocessable(`invalid body parameter "url": ${problem}`)
    return url
  }
  return [
    op.get('/me/webhook', 'Your webhook endpoint for saved-search digests, or null', {
      description: 'The endpoint with what happened at its last delivery attempt (`last_attempt_at`, `last_status`, `last_error`, `failures` since the last success), or `data: null` when none is set. Subscribe a saved search to the `webhook` channel (`POST /me/subscriptions`) to have its digests delivered here. ' + SCHEME,
      responses: { 200: { description: '`{ data: Webhook | null }`', schema: object({ data: { oneOf: [ref('Webhook'), { type: 'null' }] } }) } },
    }, (_event, { caller }) => ({ data: getWebhook(ctx.db, caller.userId) })),
    op.post('/me/webhook', 'Create your webhook endpoint, or point it at a new URL', {
      description: 'One endpoint per account. Creating it answers 201 with `secret`, the signing secret, shown this once (only a sealed copy is kept, to sign with). Posting again changes the URL (200) and keeps the secret, unless `rotate_secret` is true: then a new secret is answered and the old one stops signing. A URL that is not http(s), carries credentials or names a loopback or private host is a 422; a name that resolves to one is refused at delivery. ' + SCHEME,
      body: v.object({ url: Url, rotate_secret: v.optional(v.pipe(v.boolean('must be a boolean'), v.description('Mint a new signing secret (answered once).'))) }),
      responses: {
        201: { description: 'created: `{ data: Webhook & { secret } }`', schema: dataOf(ref('Webhook')) },
        200: { description: 'updated: `{ data: Webhook }` (with `secret` when rotated)', schema: dataOf(ref('Webhook')) },
        422: 'the URL may not be used',
      },
    }, (event, { caller, body }) => {
      const saved = saveWebhook(ctx.db, ctx.config, caller.userId, checked(body.url), body.rotate_secret === true, now())
      if (saved.created) event.res.status = 201
      return { data: { ...saved.webhook, ...(saved.secret ? { secret: saved.secret } : {}) } }
    }),
    op.patch('/me/webhook', 'Enable or disable your webhook endpoint', {
      description: 'Disabled, digests on the webhook channel are not sent (nothing queued while disabled is sent later); `disabled_at` says since when.',
      body: v.object({ enabled: v.pipe(v.boolean('must be a boolean'), v.description('Whether deliveries are sent.')) }),
      responses: { 200: { description: '`{ data: Webhook }`', schema: dataOf(ref('Webhook')) }, 404: 'no webhook endpoint is set' },
    }, (_event, { caller, body }) => ({ data: setWebhookEnabled(ctx.db, caller.userId, body.enabled, now()) ?? raise() })),
    op.delete('/me/webhook', 'Delete your webhook endpoint', {
      description: 'Its secret is erased; webhook-channel subscriptions stay but deliver nothing until an endpoint is set again.',
      responses: { 204: 'deleted', 404: 'no webhook endpoint is set' },
    }, (_event, { caller }) => {
      if (!deleteWebhook(ctx.db, caller.userId)) raise()
    }),
  ]
}

function raise(): never {
  throw notFound('no webhook endpoint is set')
}
