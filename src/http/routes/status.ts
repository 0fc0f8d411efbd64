import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'

const op = operations({ tags: ['service'], auth: 'public' })

export function statusRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/status', 'Service health and catalogue size', {
      description: 'Serving as soon as the search index is in memory. After a first start, derived data may still be built beside serving: `preparing` names it, and what needs it answers 503 until it is ready.',
      query: v.object({}),
      responses: { 200: { description: '`{ data: { ok, version, jobs_open, jobs_closed, companies, built_at, preparing } }`', schema: dataOf(ref('Status')) } },
    }, () => {
      // Figures SQL answers from indexes and the index's size (CatalogueMemory.counts): no posting is counted.
      const stats = ctx.catalogue.counts()
      return {
        data: {
          ok: true,
          version: ctx.version,
          jobs_open: stats.jobs_open,
          jobs_closed: stats.jobs_closed,
          companies: stats.companies,
          built_at: stats.built_at,
          preparing: [...ctx.preparing.pending],
        },
      }
    }),
  ]
}

