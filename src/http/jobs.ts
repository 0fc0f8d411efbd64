import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { badRequest, notFound } from '../errors.ts'
import { intParam, MAX_JOB_PAGE_DEPTH, pageOf } from './validate.ts'
import { jobIdBySlug, loadJobs } from '../catalogue/job-json.ts'
import { clusterCopies, jobSlugByUrl } from '../catalogue/job-lookup.ts'
import { normalizeUrl } from '../catalogue/job-store.ts'
import { similarJobIds, SIMILAR_STORED } from '../catalogue/similar.ts'
import { jobVotesOf } from '../catalogue/community-signals.ts'

const SIMILAR_DEFAULT = 6
const COPIES_DEFAULT = 50
const COPIES_MAX = 200

const slugParams = v.object({
  slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('the job public_slug')),
})

const urlField = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.minLength(1, 'must not be empty'),
  v.maxLength(2048, 'must be at most 2048 characters'),
  v.description("a posting URL: the employer's application URL or the source URL; scheme, www, trailing slash and tracking parameters do not matter"),
)

export function jobsRoutes(ctx: AppContext): Route[] {
  const { db } = ctx

  function requireJob(slug: string): number {
    const id = jobIdBySlug(db, slug)
    if (id === undefined) throw notFound('no such job')
    return id
  }

  function resolveUrl(url: string) {
    if (!normalizeUrl(url)) throw badRequest('invalid url: not a URL')
    const slug = jobSlugByUrl(db, url)
    if (!slug) throw notFound('no posting with that URL')
    return { data: { public_slug: slug } }
  }

  return [
    defineOperation(
      {
        method: 'GET',
        path: '/jobs/find',
        summary: 'Resolve a posting URL to its job slug',
        description: 'Matches the normalized application URL or source URL. Open postings win over closed ones. 404 when unknown.',
        tags: ['jobs'],
        auth: 'public',
        budget: 'read',
        query: v.object({ url: urlField }),
        responses: { 200: '`{ data: { public_slug } }`', 400: 'missing or unparseable url', 404: 'no posting with that URL' },
      },
      (_event, { query }) => resolveUrl(query.url),
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/jobs/resolve',
        summary: 'Resolve a posting URL (JSON body) to its job slug',
        description: 'Same as GET /jobs/find, with the URL in the body.',
        tags: ['jobs'],
        auth: 'public',
        budget: 'read',
        body: v.object({ url: urlField }),
        responses: { 200: '`{ data: { public_slug } }`', 400: 'missing or unparseable url', 404: 'no posting with that URL' },
      },
      (_event, { body }) => resolveUrl(body.url),
    ),
    defineOperation(
      {
        method: 'GET',
        path: '/jobs/:slug',
        summary: 'One job posting, open or closed',
        description: 'The full posting with the sanitized HTML description, `reality` and `ghost`. Closed postings are served too.',
        tags: ['jobs'],
        auth: 'public',
        budget: 'read',
        params: slugParams,
        query: v.object({}),
        responses: { 200: '`{ data: Job }`', 404: 'no such job' },
      },
      (_event, { params, caller }) => {
        const id = requireJob(params.slug)
        return { data: loadJobs(db, [id], { description: 'html', ghost: true, myVotes: jobVotesOf(db, [id], caller?.userId) })[0] }
      },
    ),
    defineOperation(
      {
        method: 'GET',
        path: '/jobs/:slug/similar',
        summary: 'Open postings most like this one',
        description:
          'Nearest first, from neighbours precomputed when the catalogue changes. Never the job itself or its reposts (see /copies); closed neighbours are dropped, so fewer than `limit` may return. No `meta`.',
        tags: ['jobs'],
        auth: 'public',
        budget: 'read',
        params: slugParams,
        query: v.object({
          limit: v.optional(intParam({ min: 1, description: `neighbours to return, 1 to ${SIMILAR_STORED} (default ${SIMILAR_DEFAULT}; larger values are clamped)` })),
        }),
        responses: { 200: '`{ data: [Job] }`', 404: 'no such job' },
      },
      (_event, { params, query, caller }) => {
        const id = requireJob(params.slug)
        const limit = Math.min(query.limit ?? SIMILAR_DEFAULT, SIMILAR_STORED)
        const ids = similarJobIds(db, id, limit)
        return { data: loadJobs(db, ids, { description: 'preview', ghost: false, myVotes: jobVotesOf(db, ids, caller?.userId) }) }
      },
    ),
    defineOperation(
      {
        method: 'GET',
        path: '/jobs/:slug/copies',
        summary: 'Other open postings of the same role',
        description:
          'Reposts of one role (same company, same normalized title), e.g. one role advertised in several cities; newest first. `meta.total` is the number of such copies.',
        tags: ['jobs'],
        auth: 'public',
        budget: 'read',
        params: slugParams,
        query: v.object({
          limit: v.optional(intParam({ min: 1, description: `page size, 1 to ${COPIES_MAX} (default ${COPIES_DEFAULT}; larger values are clamped)` })),
          offset: v.optional(intParam({ min: 0, description: 'rows to skip' })),
        }),
        responses: { 200: '`{ data: [Job], meta: { total, limit, offset } }`', 400: 'offset + limit over 10000', 404: 'no such job' },
      },
      (_event, { params, query, caller }) => {
        const id = requireJob(params.slug)
        const { limit, offset } = pageOf(query, { defaultLimit: COPIES_DEFAULT, maxLimit: COPIES_MAX, maxDepth: MAX_JOB_PAGE_DEPTH })
        const page = clusterCopies(db, id, limit, offset)
        const myVotes = jobVotesOf(db, page.ids, caller?.userId)
        return { data: loadJobs(db, page.ids, { description: 'preview', ghost: true, myVotes }), meta: { total: page.total, limit, offset } }
      },
    ),
  ]
}
