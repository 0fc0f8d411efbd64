import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { trimmedText } from '../validate.ts'
import { notFound, serviceUnavailable } from '../../errors.ts'
import { deletePushTokens, listPushTokens, PUSH_PLATFORMS, registerPushToken } from '../../channels/push-tokens.ts'
import { deliverPush, pushDevices } from '../../channels/push.ts'
import { listWebPushSubscriptions } from '../../channels/web-push.ts'
import { dataOf, listOf, object } from '../openapi-shapes.ts'

const TokenField = trimmedText(4096, 'Mobile device push token (APNs or FCM registration token).')

const RegisterBody = v.object({
  token: TokenField,
  platform: v.pipe(v.picklist(PUSH_PLATFORMS, 'must be ios or android'), v.description('Device platform: ios or android.')),
})

const DeleteBody = v.object({ token: v.optional(TokenField) })

const op = operations({ tags: ['notifications'], auth: 'session' })

export function mePushTokenRoutes(ctx: AppContext): Route[] {
  return [
    op.post('/me/push-tokens', 'Register a device push token', {
      description: 'Upserted by token value: a token already registered by another account is reassigned to the caller. 204, no body.',
      body: RegisterBody,
      responses: { 204: 'registered' },
    }, (_event, { caller, body }) => {
      registerPushToken(ctx.db, caller.userId, body.token, body.platform)
    }),
    op.get('/me/push-tokens', "The caller's device push tokens", {
      description: 'Oldest first.',
      responses: { 200: { description: '`{ data: [{ token, platform, created_at, updated_at }] }`', schema: listOf(object({ token: { type: 'string' }, platform: { type: 'string', enum: [...PUSH_PLATFORMS] }, created_at: { type: 'string', format: 'date-time' }, updated_at: { type: 'string', format: 'date-time' } })) } },
    }, (_event, { caller }) => ({ data: listPushTokens(ctx.db, caller.userId) })),
    op.delete('/me/push-tokens', 'Unregister device push tokens', {
      description: 'Body `{ token }` removes that token; an empty body removes every token of the caller. 204, or 404 when the named token is not the caller’s.',
      body: DeleteBody,
      responses: { 204: 'removed', 404: 'the named token is not registered to the caller' },
    }, (_event, { caller, body }) => {
      const removed = deletePushTokens(ctx.db, caller.userId, body.token)
      if (body.token !== undefined && removed === 0) throw notFound('no such push token')
    }),
    op.post('/me/push-tokens/test', 'Send a test push to every device of the caller', {
      description: 'Delivers for real: browsers through Web Push (subscribed with POST /me/web-push), phones through the push gateway. Devices the provider reports gone (404/410) are removed on the way. `sent` counts the devices that took the message.',
      responses: { 200: { description: '`{ data: { sent } }`: devices that took the message', schema: dataOf(object({ sent: { type: 'integer', minimum: 1 } })) }, 404: 'no device registered', 503: 'no push delivery configured for the registered devices, or no device accepted the message' },
    }, async (_event, { caller }) => {
      const browsers = listWebPushSubscriptions(ctx.db, caller.userId).length
      if (!ctx.config.pushGatewayUrl && browsers === 0) throw serviceUnavailable('push delivery is not configured on this server')
      if (pushDevices(ctx, caller.userId) === 0) throw notFound('no push token registered; POST /me/push-tokens first')
      const outcome = await deliverPush(ctx, caller.userId, { title: 'openroles', body: 'Test notification: push delivery works.', data: { kind: 'test' } })
      if (outcome.sent === 0 && outcome.retryable) throw serviceUnavailable('the push gateway did not accept the message; try again later')
      if (outcome.sent === 0) throw notFound('every registered device is gone; register again')
      return { data: { sent: outcome.sent } }
    }),
  ]
}
