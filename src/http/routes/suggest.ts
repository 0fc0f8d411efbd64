import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { listOf, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { queryText } from '../validate.ts'
import { suggest } from '../../catalogue/suggest.ts'

const DEFAULT_LIMIT = 5
const MAX_LIMIT = 20

/** Typeahead is forgiving: a limit outside 1..20 (or not a number) falls back to the default. */
function limitOf(raw: string | undefined): number {
  if (raw === undefined || !/^\d{1,3}$/.test(raw.trim())) return DEFAULT_LIMIT
  const limit = Number(raw)
  return limit >= 1 && limit <= MAX_LIMIT ? limit : DEFAULT_LIMIT
}

const op = operations({ tags: ['search'], auth: 'public', budget: 'read' })

export function suggestRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/suggest', 'Search typeahead', {
      description: 'Completes the phrase being typed over job titles, roles, skills, categories and companies; the last word may be a prefix or carry a typo. Rows `{ text, parts: [{ kind, slug?, text }], jobs }`, most postings first, never a row without open postings. A phrase whose leading words name a skill, role, category or company also completes a second one (`go back` -> Go + Backend), counting postings with both. No `meta`.',
      query: v.object({
        q: queryText(ctx.config.maxQueryLength, 'what has been typed so far'),
        limit: v.optional(v.pipe(v.union([v.string(), v.array(v.string())]), v.transform((raw) => limitOf(Array.isArray(raw) ? raw[0] : raw)), v.description(`rows, 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT}; anything else falls back to the default)`))),
      }),
      responses: { 200: { description: '`{ data: [{ text, parts: [{ kind, slug?, text }], jobs }] }`', schema: listOf(ref('SuggestRow')) } },
    }, (_event, { query }) => ({ data: suggest(ctx.catalogue.vocabulary(), ctx.search, query.q, query.limit ?? DEFAULT_LIMIT) })),
  ]
}
