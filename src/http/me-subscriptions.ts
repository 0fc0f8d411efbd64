import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { intParam } from './validate.ts'
import { conflict, notFound } from '../errors.ts'
import { createSubscription, deleteSubscription, listSubscriptions, setSubscriptionActive } from '../me/subscriptions.ts'

const PageQuery = v.object({
  // Above 100 is clamped, not refused (docs/api.md "Paging").
  limit: v.optional(v.pipe(intParam({ min: 1, description: 'Page size, 1 to 100 (default 10; larger values are clamped).' }), v.transform((n) => Math.min(n, 100))), '10'),
  offset: v.optional(intParam({ min: 0, description: 'Entries skipped (default 0).' }), '0'),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Subscription id.' }) })

const CreateBody = v.object({
  saved_search_id: v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be positive'), v.description('The caller’s saved search to get digests of.')),
})

const PatchBody = v.object({ active: v.pipe(v.boolean('must be true or false'), v.description('true = active (digests sent), false = paused.')) })

export function meSubscriptionRoutes(ctx: AppContext): Route[] {
  return [
    defineOperation(
      { method: 'GET', path: '/me/subscriptions', summary: 'Subscriptions, newest first', tags: ['saved searches'], auth: 'session', query: PageQuery },
      (_event, { caller, query }) => {
        const page = listSubscriptions(ctx.db, caller.userId, query.limit, query.offset)
        return { data: page.items, meta: { total: page.total, limit: query.limit, offset: query.offset } }
      },
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/me/subscriptions',
        summary: 'Subscribe to digests of a saved search',
        description: 'Starts active. Digests list postings first recorded by the catalogue after this moment that match the saved search.',
        tags: ['saved searches'],
        auth: 'session',
        body: CreateBody,
        responses: { 201: 'subscribed', 404: 'not the caller’s saved search', 409: 'the saved search already has a subscription' },
      },
      (event, { caller, body }) => {
        const outcome = createSubscription(ctx.db, caller.userId, body.saved_search_id)
        if ('error' in outcome) {
          throw outcome.error === 'exists' ? conflict('this saved search already has a subscription') : notFound('no such saved search')
        }
        event.res.status = 201
        return { data: outcome.subscription }
      },
    ),
    defineOperation(
      {
        method: 'PATCH',
        path: '/me/subscriptions/:id',
        summary: 'Pause or resume a subscription',
        description: 'active -> paused with `active: false`, paused -> active with `active: true`. Resuming does not send what arrived while paused.',
        tags: ['saved searches'],
        auth: 'session',
        params: IdParams,
        body: PatchBody,
        responses: { 200: '`{ data: { id, active } }`', 404: 'not the caller’s subscription' },
      },
      (_event, { caller, params, body }) => {
        const subscription = setSubscriptionActive(ctx.db, caller.userId, params.id, body.active) ?? raise()
        return { data: { id: subscription.id, active: subscription.active } }
      },
    ),
    defineOperation(
      {
        method: 'DELETE',
        path: '/me/subscriptions/:id',
        summary: 'Unsubscribe (the saved search stays)',
        tags: ['saved searches'],
        auth: 'session',
        params: IdParams,
        responses: { 204: 'deleted', 404: 'not the caller’s subscription' },
      },
      (event, { caller, params }) => {
        if (!deleteSubscription(ctx.db, caller.userId, params.id)) raise()
        event.res.status = 204
        return null
      },
    ),
  ]
}

function raise(): never {
  throw notFound('no such subscription')
}
