import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { dataOf, object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { intParam, pageOf, trimmedText } from '../validate.ts'
import { addSource, findSource, listSources } from '../../sources/board-store.ts'
import { toSourceJson } from '../../sources/source-json.ts'
import { adapters } from '../../sources/adapters/index.ts'

/** Moderators manage the job boards the catalogue is fed from (src/sources/). */
const KINDS = Object.values(adapters).map((a) => `\`${a.kind}\` (${a.tokenHelp})`).join(', ')

const CLOSING_RULE =
  'A posting the board no longer lists for two consecutive successful crawls is closed (it leaves search at once and stays readable by slug); one that comes back is reopened. A failed crawl never closes anything.'

const IdParams = v.object({ id: intParam({ min: 1, description: 'Source id.' }) })

const CreateBody = v.object({
  name: v.pipe(
    v.string('must be a string'),
    v.trim(),
    v.minLength(3, 'must be KIND:TOKEN'),
    v.maxLength(600, 'must be at most 600 characters'),
    v.description(`\`KIND:TOKEN\`, e.g. \`greenhouse:acme\` or \`feed:https://acme.example/jobs.rss\`. Kinds: ${KINDS}.`),
  ),
  company: v.optional(trimmedText(200, 'Company the postings are filed under when the board does not name it (default: from the token).')),
  url: v.optional(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(2000, 'must be at most 2000 characters'), v.description('Endpoint to read instead of the vendor’s documented one (an EU instance, a custom domain). http(s) only; private addresses are refused unless the server allows them.'))),
})

const PageQuery = v.object({
  limit: v.optional(intParam({ min: 1, description: 'Page size, 1 to 100 (default 20; larger values are clamped).' })),
  offset: v.optional(intParam({ min: 0, description: 'Entries skipped (default 0).' })),
})

const op = operations({ tags: ['moderation'], auth: 'moderator' })

export function adminSourceRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/admin/sources', 'List job-board sources (moderators)', {
      description: `Every board the catalogue is crawled from, by name, with its status (\`new\` before its first crawl, \`ok\`, \`failing\` after repeated failed crawls or when it has never had a successful one), its open postings and its last crawl report. ${CLOSING_RULE}`,
      query: PageQuery,
      responses: { 200: { description: '`{ data: [Source], meta: { total, limit, offset } }`', schema: pageSchema(ref('Source')) } },
    }, (_event, { query }) => {
      const page = pageOf(query, { defaultLimit: 20, maxLimit: 100 })
      const { items, total } = listSources(ctx.db, page.limit, page.offset)
      return { data: items.map((row) => toSourceJson(ctx.db, row)), meta: { total, ...page } }
    }),
    op.post('/admin/sources', 'Add a job-board source (moderators)', {
      description: `Registers a company's public job board. It is crawled by the scheduler (every SOURCES_CRAWL_INTERVAL_MINUTES) or at once with \`POST /admin/sources/{id}/crawl\`. Kinds: ${KINDS}.`,
      body: CreateBody,
      responses: { 201: { description: 'source added: `{ data: Source }`', schema: dataOf(ref('Source')) }, 400: 'unknown kind, bad token or refused URL', 409: 'a source of that name exists' },
    }, (event, { body }) => {
      const row = addSource(ctx.db, body, { allowPrivateHosts: ctx.config.sourcesAllowPrivateHosts, now: ctx.now().toISOString() })
      return created(event, toSourceJson(ctx.db, row))
    }),
    op.delete('/admin/sources/:id', 'Remove a job-board source (moderators)', {
      description: 'Stops crawling the board and closes the postings it kept open (they stay readable by slug). Answers how many were closed.',
      params: IdParams,
      responses: { 200: { description: '`{ data: { id, name, removed: true, closed } }`', schema: dataOf(object({ id: { type: 'integer' }, name: { type: 'string' }, removed: { type: 'boolean', const: true }, closed: { type: 'integer', minimum: 0, description: 'postings of the source closed with it' } })) }, 404: 'no such source', 409: 'the source is being crawled' },
    }, (_event, { params }) => {
      const source = findSource(ctx.db, params.id)
      return { data: { id: source.id, name: source.name, removed: true, ...ctx.sources.remove(source) } }
    }),
    op.post('/admin/sources/:id/crawl', 'Crawl a job-board source now (moderators)', {
      description: `Reads the board politely (robots.txt, one request at a time per host, conditional requests, retries) and answers the crawl report when it is done: \`listed\`, \`new\`, \`updated\`, \`unchanged\`, \`closed\`, \`reopened\`, \`errors\` (entries skipped, with the first \`problems\`), and \`ok\`/\`error\` for the crawl as a whole. Only changed postings are written. ${CLOSING_RULE}`,
      params: IdParams,
      responses: { 200: { description: '`{ data: CrawlReport }`', schema: dataOf(ref('CrawlReport')) }, 404: 'no such source', 409: 'a crawl of this source is already running' },
    }, async (_event, { params }) => ({ data: await ctx.sources.crawl(findSource(ctx.db, params.id)) })),
  ]
}
