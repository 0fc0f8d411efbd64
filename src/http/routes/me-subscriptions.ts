import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { created, operations, type Route } from '../route.ts'
import { intParam, pagedList, pagingEntries } from '../validate.ts'
import { conflict, notFound } from '../../errors.ts'
import { DELIVERY_CHANNELS } from '../../channels/notifications.ts'
import { createSubscription, deleteSubscription, listSubscriptions, setSubscriptionActive } from '../../channels/subscriptions.ts'

const PageQuery = v.object({
  ...pagingEntries(),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Subscription id.' }) })

const CreateBody = v.object({
  saved_search_id: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be positive'), v.description('The caller’s saved search to get digests of.')),
  channel: v.optional(
    v.pipe(
      v.picklist(DELIVERY_CHANNELS, `unknown channel: must be one of ${DELIVERY_CHANNELS.join(', ')}`),
      v.description(`Where digests go: ${DELIVERY_CHANNELS.join(', ')} (default email). Every digest is also written to the notification list when the settings keep \`digest_in_app\` on.`),
    ),
    'email',
  ),
})

const PatchBody = v.object({ active: v.pipe(v.boolean('must be true or false'), v.description('true = active (digests sent), false = paused.')) })

const op = operations({ tags: ['saved searches'], auth: 'session' })

export function meSubscriptionRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/me/subscriptions', 'Subscriptions, newest first', {
      query: PageQuery,
      responses: { 200: { description: '`{ data: [Subscription], meta }`', schema: pageSchema(ref('Subscription')) } },
    }, (_event, { caller, query }) => pagedList(query, (limit, offset) => listSubscriptions(ctx.db, caller.userId, limit, offset))),
    op.post('/me/subscriptions', 'Subscribe to digests of a saved search', {
      description: 'Starts active, on `channel` (default email; one subscription per saved search and channel). Digests list postings first recorded by the catalogue after this moment that match the saved search; they leave the app on the channel when the notification settings are enabled and list it.',
      body: CreateBody,
      responses: { 201: { description: 'subscribed: `{ data: Subscription }`', schema: dataOf(ref('Subscription')) }, 400: 'unknown channel or invalid saved_search_id', 404: 'not the caller’s saved search', 409: 'the saved search already has a subscription on this channel' },
    }, (event, { caller, body }) => {
      const outcome = createSubscription(ctx.db, caller.userId, body.saved_search_id, body.channel)
      if ('error' in outcome) {
        throw outcome.error === 'exists' ? conflict('this saved search already has a subscription on this channel') : notFound('no such saved search')
      }
      return created(event, outcome.subscription)
    }),
    op.patch('/me/subscriptions/:id', 'Pause or resume a subscription', {
      description: 'active -> paused with `active: false`, paused -> active with `active: true`. Resuming does not send what arrived while paused.',
      params: IdParams,
      body: PatchBody,
      responses: { 200: { description: 'the whole subscription (a superset of `{ id, active }`)', schema: dataOf(ref('Subscription')) }, 404: 'not the caller’s subscription' },
    }, (_event, { caller, params, body }) => ({ data: setSubscriptionActive(ctx.db, caller.userId, params.id, body.active) ?? raise() })),
    op.deleteOwn('/me/subscriptions/:id', 'Unsubscribe (the saved search stays)', {
      params: IdParams,
    }, 'no such subscription', (userId, id) => deleteSubscription(ctx.db, userId, id)),
  ]
}

function raise(): never {
  throw notFound('no such subscription')
}
