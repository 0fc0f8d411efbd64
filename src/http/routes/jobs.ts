import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, listOf, object, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { badRequest, notFound } from '../../errors.ts'
import { lenientInt, MAX_JOB_PAGE_DEPTH, pageOf, pagingEntries, trimmedText } from '../validate.ts'
import { jobIdBySlug, loadJobs } from '../../catalogue/job-json.ts'
import { clusterCopies, jobSlugByUrl } from '../../catalogue/job-lookup.ts'
import { normalizeUrl } from '../../catalogue/job-store.ts'
import { similarJobIds, SIMILAR_STORED } from '../../catalogue/similar.ts'
import { privateJob, PRIVATE_JOB_PREFIX } from '../../tracker/private-jobs.ts'
import { jobVotesOf } from '../../catalogue/community-signals.ts'
import { JOB_EXAMPLE } from '../openapi-examples.ts'

const SIMILAR_DEFAULT = 6
const COPIES_MAX = 200
/** The contract pins the copies page at 50 by default, not the usual 20. */
const COPIES_DEFAULT = 50

const slugParams = v.object({
  slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('the job public_slug')),
})

const urlField = trimmedText(2048, "a posting URL: the employer's application URL or the source URL; scheme, www, trailing slash and tracking parameters do not matter")

const op = operations({ tags: ['jobs'], auth: 'public', budget: 'read' })

export function jobsRoutes(ctx: AppContext): Route[] {
  const { db } = ctx

  function requireJob(slug: string): number {
    const id = jobIdBySlug(db, slug)
    if (id === undefined) throw notFound('job not found')
    return id
  }

  function resolveUrl(url: string, unknown: 'null' | '404') {
    // A scheme-less address reads as https; any scheme but http(s) (ftp:, mailto:, javascript:) is refused.
    const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(url)?.[1]?.toLowerCase()
    if (scheme && scheme !== 'http' && scheme !== 'https') throw badRequest('invalid url: only http and https URLs are accepted')
    if (!normalizeUrl(url)) throw badRequest('invalid url: not a URL')
    const slug = jobSlugByUrl(db, url)
    if (slug) return { data: { public_slug: slug } }
    if (unknown === 'null') return { data: null }
    throw notFound('no posting with that URL')
  }

  return [
    op.get('/jobs/find', 'Resolve a posting URL to its job slug', {
      description: 'Matches the normalized application URL or source URL. Open postings win over closed ones. An unknown URL is not an error: the answer is `200 { data: null }`, as the reference service answers (rather than 404); a missing or malformed `url`, or one with a scheme other than http(s), is a 400 (an address without a scheme reads as https).',
      query: v.object({ url: urlField }),
      responses: { 200: { description: '`{ data: { public_slug } }`, or `{ data: null }` for an unknown URL', schema: dataOf({ oneOf: [object({ public_slug: { type: 'string' } }), { type: 'null' }] }) }, 400: 'missing or unparseable url, or not http(s)' },
    }, (_event, { query }) => resolveUrl(query.url, 'null')),
    op.post('/jobs/resolve', 'Resolve a posting URL (JSON body) to its job slug', {
      description: 'Same as GET /jobs/find, with the URL in the body.',
      body: v.object({ url: urlField }),
      responses: { 200: { description: '`{ data: { public_slug } }`', schema: dataOf(object({ public_slug: { type: 'string' } })) }, 400: 'missing or unparseable url', 404: 'no posting with that URL' },
    }, (_event, { body }) => resolveUrl(body.url, '404')),
    op.get('/jobs/:slug', 'One job posting, open or closed', {
      description: 'The full posting with the sanitized HTML description, `reality` and `ghost`. Closed postings are served too. A vacancy you pasted as text (POST /me/jd/resolve, slug `private-…`) is served here to you, signed in, as at GET /me/jd/{slug} (`private: true`, never cached by shared caches); to anyone else it is 404 like an unknown slug.',
      params: slugParams,
      query: v.object({}),
      responses: { 200: { description: '`{ data: Job }` (a vacancy you pasted: the Job shape with `private: true`, without counters, votes or lifecycle fields)', schema: dataOf({ oneOf: [ref('Job'), ref('PrivateJob')] }), example: JOB_EXAMPLE }, 404: 'job not found' },
    }, (event, { params, caller }) => {
      const pasted = caller && params.slug.startsWith(PRIVATE_JOB_PREFIX) ? privateJob(db, caller.userId, params.slug) : undefined
      if (pasted) {
        event.res.headers.set('cache-control', 'private, no-store')
        return { data: pasted }
      }
      const id = requireJob(params.slug)
      return { data: loadJobs(db, [id], { description: 'html', ghost: true, myVotes: jobVotesOf(db, [id], caller?.userId) })[0] }
    }),
    op.get('/jobs/:slug/similar', 'Open postings most like this one', {
      description: 'Nearest first, from neighbours precomputed when the catalogue changes. Never the job itself or its reposts (see /copies); closed neighbours are dropped, so fewer than `limit` may return. No `meta`.',
      params: slugParams,
      query: v.object({
        limit: v.optional(lenientInt(`neighbours to return, 1 to ${SIMILAR_STORED} (default ${SIMILAR_DEFAULT}); larger values are clamped, smaller ones read as 1, a value that is not a number as the default`)),
      }),
      responses: { 200: { description: '`{ data: [Job] }`', schema: listOf(ref('Job')) }, 404: 'job not found' },
    }, (_event, { params, query, caller }) => {
      const id = requireJob(params.slug)
      const { limit } = pageOf(query, { defaultLimit: SIMILAR_DEFAULT, maxLimit: SIMILAR_STORED })
      const ids = similarJobIds(db, id, limit)
      return { data: loadJobs(db, ids, { description: 'preview', ghost: false, myVotes: jobVotesOf(db, ids, caller?.userId) }) }
    }),
    op.get('/jobs/:slug/copies', 'Other open postings of the same role', {
      description: 'Reposts of one role (same company, same normalized title), e.g. one role advertised in several cities; newest first. `meta.total` is the number of such copies. Each item also carries `apply_url`: the posting\'s application address (its `url`; the source URL when the source gave no separate one).',
      params: slugParams,
      query: v.object(pagingEntries({ defaultLimit: COPIES_DEFAULT, maxLimit: COPIES_MAX, maxDepth: MAX_JOB_PAGE_DEPTH })),
      responses: { 200: { description: '`{ data: [Job], meta: { total, limit, offset } }`; each Job with `apply_url`', schema: pageSchema(ref('Job')) }, 400: 'pagination too deep: offset + limit over 10000', 404: 'job not found' },
    }, (_event, { params, query, caller }) => {
      const id = requireJob(params.slug)
      const { limit, offset } = pageOf(query, { defaultLimit: COPIES_DEFAULT, maxLimit: COPIES_MAX, maxDepth: MAX_JOB_PAGE_DEPTH })
      const page = clusterCopies(db, id, limit, offset)
      const myVotes = jobVotesOf(db, page.ids, caller?.userId)
      return { data: loadJobs(db, page.ids, { description: 'preview', ghost: true, myVotes, applyUrl: true }), meta: { total: page.total, limit, offset } }
    }),
  ]
}
