import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam } from '../validate.ts'
import { facetDistributions } from '../../catalogue/stats-facets.ts'

const DEFAULT_TOP = 100
const MAX_TOP = 5000

const op = operations({ tags: ['stats'], auth: 'public', budget: 'read' })

export function statsRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/stats/catalog', 'Catalogue totals', {
      description: 'Open and closed postings, companies (all, and those with open roles), distinct skills of open postings, open postings per source, the newest posting date and when the catalogue was built.',
      query: v.object({}),
      responses: { 200: { description: '`{ data: { jobs_open, jobs_closed, companies, companies_hiring, skills, sources, latest_posted_at, built_at } }`', schema: dataOf(ref('CatalogueStats')) } },
    }, () => ({ data: ctx.catalogue.stats() })),
    op.get('/stats/facets', 'Catalogue-wide facet distributions', {
      description: 'Counts of open postings per value of every job facet (company_slug excepted), most frequent first and cut to `top` values per facet, plus salary and experience ranges: the unfiltered form of GET /jobs/facets.',
      query: v.object({
        top: v.optional(intParam({ min: 1, description: `values kept per facet, 1 to ${MAX_TOP} (default ${DEFAULT_TOP}; larger values are clamped)` })),
      }),
      responses: { 200: { description: '`{ data: { total, facets: { <facet>: { <value>: count } }, stats } }`', schema: dataOf(ref('Facets')) }, 400: 'invalid top' },
    }, (_event, { query }) => ({ data: facetDistributions(ctx.catalogue.snapshot(), Math.min(query.top ?? DEFAULT_TOP, MAX_TOP)) })),
  ]
}
