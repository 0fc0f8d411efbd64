import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { listOf, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam, queryText } from '../validate.ts'
import { searchCityNames } from '../../catalogue/city-lookup.ts'

const DEFAULT_LIMIT = 10
const MAX_LIMIT = 50

const op = operations({ tags: ['geography'], auth: 'public', budget: 'read' })

export function geoRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/geo/cities', 'City lookup for the `cities` facet', {
      description: 'Case- and accent-insensitive prefix or substring match over GeoNames city names and their alternate names (`munchen` finds Munich, `nyc` New York City). Names starting with the query rank first, then by population. `value` is exactly what the `cities` job facet expects; `matched` names the alternate name that matched. No `meta`; an empty `q` returns no rows.',
      query: v.object({
        q: queryText(ctx.config.maxQueryLength, 'the start or a part of a city name'),
        country: v.optional(v.pipe(v.string('must be given once'), v.regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code'), v.toLowerCase(), v.description('ISO alpha-2 country code (lowercase; uppercase accepted)'))),
        limit: v.optional(intParam({ min: 1, description: `rows to return, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}; larger values are clamped)` })),
      }),
      responses: { 200: { description: '`{ data: [{ value, country, population, matched? }] }`', schema: listOf(ref('CityMatch')) }, 400: 'invalid country or limit' },
    }, (_event, { query }) => ({
      data: searchCityNames(query.q, query.country, Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT)),
    })),
  ]
}
