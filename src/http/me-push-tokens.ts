import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { notFound, serviceUnavailable } from '../errors.ts'
import { deletePushTokens, listPushTokens, PUSH_PLATFORMS, registerPushToken } from '../me/push-tokens.ts'
import { PushUnavailableError, sendPush } from '../me/push-gateway.ts'

const TokenField = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(4096, 'must be at most 4096 characters'),
  v.description('Mobile device push token (APNs or FCM registration token).'),
)

const RegisterBody = v.object({
  token: TokenField,
  platform: v.pipe(v.picklist(PUSH_PLATFORMS, 'must be ios or android'), v.description('Device platform: ios or android.')),
})

const DeleteBody = v.object({ token: v.optional(TokenField) })

export function mePushTokenRoutes(ctx: AppContext): Route[] {
  return [
    defineOperation(
      {
        method: 'POST',
        path: '/me/push-tokens',
        summary: 'Register a device push token',
        description: 'Upserted by token value: a token already registered by another account is reassigned to the caller. 204, no body.',
        tags: ['notifications'],
        auth: 'session',
        body: RegisterBody,
        responses: { 204: 'registered' },
      },
      (event, { caller, body }) => {
        registerPushToken(ctx.db, caller.userId, body.token, body.platform)
        event.res.status = 204
        return null
      },
    ),
    defineOperation(
      { method: 'GET', path: '/me/push-tokens', summary: "The caller's device push tokens", tags: ['notifications'], auth: 'session' },
      (_event, { caller }) => ({ data: listPushTokens(ctx.db, caller.userId) }),
    ),
    defineOperation(
      {
        method: 'DELETE',
        path: '/me/push-tokens',
        summary: 'Unregister device push tokens',
        description: 'Body `{ token }` removes that token; an empty body removes every token of the caller. 204, or 404 when the named token is not the caller’s.',
        tags: ['notifications'],
        auth: 'session',
        body: DeleteBody,
        responses: { 204: 'removed', 404: 'the named token is not registered to the caller' },
      },
      (event, { caller, body }) => {
        const removed = deletePushTokens(ctx.db, caller.userId, body.token)
        if (body.token !== undefined && removed === 0) throw notFound('no such push token')
        event.res.status = 204
        return null
      },
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/me/push-tokens/test',
        summary: 'Send a test push to every device of the caller',
        tags: ['notifications'],
        auth: 'session',
        responses: { 200: '`{ data: { sent } }`: devices addressed', 404: 'no device registered', 503: 'no push gateway configured, or the gateway refused' },
      },
      async (_event, { caller }) => {
        if (!ctx.config.pushGatewayUrl) throw serviceUnavailable('push delivery is not configured on this server')
        if (listPushTokens(ctx.db, caller.userId).length === 0) throw notFound('no push token registered; POST /me/push-tokens first')
        try {
          const sent = await sendPush(ctx, caller.userId, { title: 'openroles', body: 'Test notification: push delivery works.', data: { kind: 'test' } })
          return { data: { sent } }
        } catch (error) {
          if (error instanceof PushUnavailableError) throw serviceUnavailable('push delivery is not configured on this server')
          ctx.log.error('push gateway failed', { error: String(error) })
          throw serviceUnavailable('the push gateway did not accept the message; try again later')
        }
      },
    ),
  ]
}
