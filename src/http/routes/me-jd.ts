import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { CONTRIBUTIONS, JD_RESOLVED } from '../tracker-shapes.ts'
import { dataOf, ref } from '../openapi-shapes.ts'
import { badRequest, notFound, tooManyRequests, unprocessable } from '../../errors.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { jobSlugByUrl } from '../../catalogue/job-lookup.ts'
import { privateJob, storePrivateJob } from '../../tracker/private-jobs.ts'
import { contributionsSince, listContributions, recordContribution } from '../../tracker/contributions.ts'

/**
 * POST /me/jd/resolve: turn what a job seeker has — a catalogue slug, a posting URL or a pasted
 * vacancy text — into a job slug the signed-in features can work on; GET /me/jd/{slug} reads a
 * pasted vacancy back; GET /me/contributions lists the links handed in.
 */
const text = (max: number, description: string) => v.optional(v.pipe(v.string('must be text'), v.maxLength(max, `must be at most ${max} characters`), v.description(description)))

const ResolveBody = v.object({
  job_slug: text(300, 'A catalogue job slug.'),
  url: text(2048, 'A posting URL: resolved through the catalogue’s URL index.'),
  text: text(100_000, 'A pasted vacancy text: stored as a private job only the caller can read.'),
  title: text(200, 'Title hint for a pasted text (default: its first line).'),
  company: text(200, 'Company hint for a pasted text.'),
})

const op = operations({ tags: ['tracking'], auth: 'session-or-key' })

export function meJdRoutes(ctx: AppContext): Route[] {
  const { db } = ctx

  function resolveUrl(userId: number, raw: string): string {
    let url: URL
    try {
      url = new URL(raw.trim())
    } catch {
      throw badRequest('url must be an http(s) URL')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('url must be an http(s) URL')
    const slug = jobSlugByUrl(db, url.toString())
    if (slug) return slug
    const hourAgo = new Date(ctx.now().getTime() - 3_600_000)
    if (contributionsSince(db, userId, hourAgo) >= ctx.config.jdUrlsPerHour) throw tooManyRequests('too many links handed in this hour; try again later', { 'retry-after': '3600' })
    recordContribution(db, userId, url, 'jd_resolve', ctx.now())
    throw unprocessable('could not read a vacancy from that url')
  }

  return [
    op.post('/me/jd/resolve', 'Resolve a job slug, posting URL or pasted vacancy text to a job slug', {
      description: `Exactly one of \`job_slug\`, \`url\`, \`text\`. A slug must be in the catalogue. A URL is looked up in the catalogue’s URL index (application and source URLs, normalized); a link the catalogue does not hold is kept as a pending contribution (GET /me/contributions) and answered 422 — openroles fetches nothing on a user’s behalf. At most ${ctx.config.jdUrlsPerHour} such links per hour (429). A pasted text becomes a private job (slug \`private-…\`), enriched like an import, readable only by the caller at GET /me/jd/{slug} and GET /jobs/{slug}, and never part of search, facets, similar jobs, copies or company pages.`,
      auth: 'session',
      body: ResolveBody,
      responses: {
        200: { description: '`{ data: { job_slug } }`', schema: JD_RESOLVED },
        400: 'exactly one of job_slug, url, or text is required; or an empty text / a malformed url',
        404: 'job not found',
        422: 'could not read a vacancy from that url',
        429: 'too many links handed in this hour',
      },
    }, (_event, { caller, body }) => {
      const given = [body.job_slug, body.url, body.text].filter((value) => value !== undefined)
      if (given.length !== 1) throw badRequest('exactly one of job_slug, url, or text is required')
      if (body.job_slug !== undefined) {
        if (jobIdBySlug(db, body.job_slug) === undefined) throw notFound('job not found')
        return { data: { job_slug: body.job_slug } }
      }
      if (body.url !== undefined) return { data: { job_slug: resolveUrl(caller.userId, body.url) } }
      if (!body.text!.trim()) throw badRequest('text must not be empty')
      return { data: { job_slug: storePrivateJob(db, caller.userId, { text: body.text!, title: body.title, company: body.company }, ctx.now()) } }
    }),
    op.get('/me/jd/:slug', 'A vacancy the caller pasted', {
      description: 'The private job in the Job shape (`private: true`; no counters, votes or lifecycle fields). 404 for anyone but its owner.',
      params: v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(100)) }),
      responses: { 200: { description: '`{ data: PrivateJob }`', schema: dataOf(ref('PrivateJob')) }, 404: 'not found' },
    }, (_event, { caller, params }) => ({ data: privateJob(db, caller.userId, params.slug) ?? raise() })),
    op.get('/me/contributions', 'Links the caller handed in that the catalogue did not hold', {
      description: 'Newest first: `{ id, url, source, board, status: pending | review, surface, created_at }`. `source` is the ATS the URL belongs to (or its host), `board` the employer’s board on it when the URL names one.',
      responses: { 200: { description: '`{ data: [contribution] }`', schema: CONTRIBUTIONS } },
    }, (_event, { caller }) => ({ data: listContributions(db, caller.userId) })),
  ]
}

function raise(): never {
  throw notFound('not found')
}
