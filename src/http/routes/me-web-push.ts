import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { dataOf, object } from '../openapi-shapes.ts'
import { deleteWebPushSubscription, isAuthSecret, isP256Point, isPrivateEndpoint, saveWebPushSubscription, vapidKeys } from '../../channels/web-push.ts'

const base64url = (what: string, max: number) =>
  v.pipe(v.string('must be a string'), v.regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url'), v.maxLength(max, `must be at most ${max} characters`), v.description(what))

const op = operations({ tags: ['notifications'], auth: 'session' })

/** Browser push subscriptions (the PushSubscription a browser's pushManager.subscribe gives). */
export function meWebPushRoutes(ctx: AppContext): Route[] {
  const Endpoint = v.pipe(
    v.string('must be a string'),
    v.maxLength(2048, 'must be at most 2048 characters'),
    v.url('must be a URL'),
    v.check((url) => url.startsWith('https://') || (ctx.config.webPushAllowHttp && url.startsWith('http://')), 'must be an https URL'),
    v.check((url) => ctx.config.webPushAllowPrivateHosts || !isPrivateEndpoint(url), 'must be a public push service: private and loopback addresses are refused'),
    v.description('The push service URL of the subscription.'),
  )
  const Subscribe = v.object({
    endpoint: Endpoint,
    keys: v.object({
      p256dh: v.pipe(base64url('The browser’s P-256 public key.', 200), v.check(isP256Point, 'must be an uncompressed P-256 public key (65 bytes)')),
      auth: v.pipe(base64url('The browser’s auth secret.', 50), v.check(isAuthSecret, 'must be 16 bytes')),
    }),
  })
  return [
    op.get('/web-push/key', 'The VAPID public key', {
      description: '`{ public_key }`: pass it as `applicationServerKey` to `pushManager.subscribe`, then POST the subscription to /me/web-push.',
      auth: 'public',
      responses: { 200: { description: '`{ data: { public_key } }`', schema: dataOf(object({ public_key: { type: 'string', description: 'uncompressed P-256 point, base64url' } })) } },
    }, () => ({ data: { public_key: vapidKeys(ctx).publicKey } })),
    op.post('/me/web-push', 'Register a browser push subscription', {
      description: 'Body: the browser’s PushSubscription JSON `{ endpoint, keys: { p256dh, auth } }`. Upserted by endpoint. 204. Digests on the push channel then reach this browser.',
      body: Subscribe,
      responses: { 204: 'registered' },
    }, (_event, { caller, body }) => {
      saveWebPushSubscription(ctx.db, caller.userId, { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth }, ctx.now().toISOString())
    }),
    op.delete('/me/web-push', 'Remove a browser push subscription', {
      description: 'Body `{ endpoint }`. 204, or 404 when the caller has no such subscription.',
      body: v.object({ endpoint: v.pipe(v.string('must be a string'), v.maxLength(2048, 'must be at most 2048 characters')) }),
      responses: { 204: 'removed', 404: 'no such subscription' },
    }, (_event, { caller, body }) => {
      if (!deleteWebPushSubscription(ctx.db, caller.userId, body.endpoint)) throw notFound('no such web push subscription')
    }),
  ]
}
