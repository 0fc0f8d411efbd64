import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { defineOperation, type Route } from '../route.ts'
import { badRequest } from '../../errors.ts'
import { unsubscribeByToken } from '../../channels/unsubscribe.ts'
import { dataOf, object } from '../openapi-shapes.ts'

const Query = v.object({
  token: v.pipe(v.string('must be a string'), v.minLength(1, 'must not be empty'), v.maxLength(512, 'must be at most 512 characters'), v.description('The signed token of the mail’s unsubscribe link.')),
})

/**
 * The unsubscribe link of digest mails (public: it works without signing in). GET is the link a
 * person follows; POST is the one-click unsubscribe mail clients send for `List-Unsubscribe-Post`
 * (RFC 8058), whose form body carries nothing we need.
 */
export function unsubscribeRoutes(ctx: AppContext): Route[] {
  return (['GET', 'POST'] as const).map((method) =>
    defineOperation(
      {
        method,
        path: '/unsubscribe',
        summary: method === 'GET' ? 'Stop a digest mail (the link in the mail)' : 'One-click unsubscribe (List-Unsubscribe-Post)',
        description:
          'No session needed: the signed token in the link names the account and the saved-search subscription, which is paused (resume it in the app). A token without a subscription removes e-mail from the notification channels. Repeating it is harmless. 400 when the token is not valid.',
        tags: ['notifications'],
        auth: 'public',
        query: Query,
        responses: {
          200: {
            description: '`{ data: { unsubscribed: true, subscription_id } }`',
            schema: dataOf(object({ unsubscribed: { type: 'boolean', const: true }, subscription_id: { type: ['integer', 'null'], description: 'the paused subscription; null when e-mail was taken out of the channels' } })),
          },
          400: 'invalid unsubscribe link',
        },
      },
      (_event, { query }) => {
        const done = unsubscribeByToken(ctx, query.token)
        if (!done) throw badRequest('invalid unsubscribe link')
        return { data: { unsubscribed: true, subscription_id: done.subscription_id } }
      },
    ),
  )
}
