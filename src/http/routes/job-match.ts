import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { jobIdBySlug, loadJobs } from '../../catalogue/job-json.ts'
import { getProfile } from '../../profile/profile.ts'
import { matchJob } from '../../match/skill-match.ts'
import { dataOf, ref } from '../openapi-shapes.ts'

const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug.')) })

const op = operations({ tags: ['profile'], auth: 'session-or-key' })

export function jobMatchRoutes(ctx: AppContext): Route[] {
  return [
    op.get('/jobs/:slug/match', 'Deterministic match of a posting against the caller’s profile', {
      description: '`{ score, matched, missing, checks, total, exact_count, adjacent_count, adjacent, coverage_percent, blockers }`: skill coverage as in /me/match-text (the posting’s enriched skills), plus work mode, experience and salary checks, each `match`, `mismatch` or `unknown` with a one-line detail. `total`, `exact_count`, `coverage_percent` (= `score`), `adjacent_count` (0), `adjacent` and `blockers` (empty) are the reference service’s fields, which its web app reads.',
      params: SlugParams,
      responses: { 200: { description: '`{ data: JobSkillMatch }`', schema: dataOf(ref('JobSkillMatch')) }, 404: 'job not found, or the caller has no profile' },
    }, (_event, { caller, params }) => {
      const id = jobIdBySlug(ctx.db, params.slug)
      if (id === undefined) throw notFound('job not found')
      const profile = getProfile(ctx.db, caller.userId)
      if (!profile) throw notFound('no profile; PUT /me/profile first')
      const [job] = loadJobs(ctx.db, [id], { description: 'text', ghost: false })
      return { data: matchJob(profile, job!) }
    }),
  ]
}
