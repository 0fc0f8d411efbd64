import type { H3, H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { notFound } from '../errors.ts'
import { loadJobs } from '../catalogue/job-json.ts'
import { parseJobQuery } from '../search/search-params.ts'
import { atomFeed, type FeedJob } from '../feeds/atom.ts'
import { savedSearchByFeedToken } from '../alerts/saved-search-feed.ts'
import { edgeMiddleware } from './edge.ts'
import type { RouteSpec } from './route.ts'
import { allowedOrigin } from './origin.ts'

/**
 * `GET /feeds/jobs.atom?<any job search parameters>`: the newest matches of a search as an Atom
 * feed (docs/operations.md "Feeds"), for feed readers. The same grammar as /api/v1/jobs/search,
 * ordered by `posted_at` descending unless `sort` says otherwise; `limit` 1..100, default 50.
 * Public, on the ordinary read budget; bad parameters are the API's 400 JSON error.
 */
const DEFAULT_ENTRIES = 50
const MAX_ENTRIES = 100

export function mountFeeds(app: H3, ctx: AppContext): void {
  const spec: RouteSpec = { method: 'GET', path: '/feeds/jobs.atom', summary: 'Atom feed of a job search', tags: ['feeds'], auth: 'public', budget: 'read' }
  app.get('/feeds/jobs.atom', (event) => searchFeed(ctx, event, event.url.searchParams), { middleware: edgeMiddleware(ctx, spec) })
  // A saved search's feed: the secret from POST /api/v1/me/searches/{id}/feed stands for it.
  app.get('/feeds/searches/:file', (event) => {
    const token = /^(.+)\.atom$/.exec(event.context.params?.file ?? '')?.[1] ?? ''
    const saved = savedSearchByFeedToken(ctx.db, token)
    if (!saved) throw notFound('no such feed')
    return searchFeed(ctx, event, new URLSearchParams(saved.query), `openroles: ${saved.name}`)
  }, { middleware: edgeMiddleware(ctx, { ...spec, path: '/feeds/searches/:file' }) })
}

function searchFeed(ctx: AppContext, event: H3Event, params: URLSearchParams, named?: string): Response {
  const query = parseJobQuery(params, { maxQueryLength: ctx.config.maxQueryLength, sorted: true, endpointParams: ['limit'] })
  const asked = Number.parseInt(params.get('limit') ?? '', 10)
  const limit = Number.isFinite(asked) ? Math.min(Math.max(asked, 1), MAX_ENTRIES) : DEFAULT_ENTRIES
  // Newest first unless a sort is asked for: a feed reader wants what is new, not the relevance tiers.
  const sort = query.sort ?? 'posted_at'
  const { ids } = ctx.search.search({ q: query.q, filters: query.filters, sort, order: query.order ?? 'desc', limit, offset: 0 })
  const jobs = loadJobs(ctx.db, ids, { description: 'preview', ghost: false }) as unknown as FeedJob[]
  const origin = allowedOrigin(ctx, event)
  const search = new URLSearchParams(params)
  search.delete('limit')
  const shown = search.toString()
  const body = atomFeed({
    selfUrl: `${origin}/feeds/jobs.atom${event.url.search}`,
    pageUrl: `${origin}/${shown ? `?${shown}` : ''}`,
    origin,
    title: named ?? `openroles: ${query.q ? `"${query.q}"` : 'open jobs'}${shown && shown !== `q=${encodeURIComponent(query.q ?? '')}` ? ` (${decodeURIComponent(shown)})` : ''}`,
    jobs,
    now: ctx.now().toISOString(),
  })
  return new Response(body, { headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } })
}
