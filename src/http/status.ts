import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineRoute, type Route } from './route.ts'
import { catalogueCounts } from '../catalogue/stats.ts'

export function statusRoutes(ctx: AppContext): Route[] {
  return [
    defineRoute(
      {
        method: 'GET',
        path: '/status',
        summary: 'Service health and catalogue size',
        tags: ['service'],
        auth: 'public',
        query: v.object({}),
      },
      () => {
        const counts = catalogueCounts(ctx.db)
        return {
          data: {
            ok: true,
            version: ctx.version,
            jobs_open: counts.jobsOpen,
            jobs_closed: counts.jobsClosed,
            companies: counts.companies,
            built_at: counts.builtAt,
          },
        }
      },
    ),
  ]
}
