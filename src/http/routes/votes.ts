import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { VOTE_TALLY } from '../tracker-shapes.ts'
import { notFound } from '../../errors.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { companyRowBySlug } from '../../catalogue/company-read.ts'
import { castVote, removeVote, type VoteTarget } from '../../catalogue/votes.ts'

/** POST / DELETE /jobs/{slug}/vote and /companies/{slug}/vote. */
const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) })
const VoteBody = v.object({ vote: v.pipe(v.picklist(['up', 'down'], 'vote must be "up" or "down"'), v.description('up or down')) })
const TALLY = { description: '`{ data: { upvote_count, downvote_count, my_vote: -1 | 0 | 1 } }`', schema: VOTE_TALLY }

const op = operations({ tags: ['votes'], auth: 'session-or-key' })

export function voteRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const targets: Record<VoteTarget, { path: string; noun: string; idOf: (slug: string) => number | undefined; missing: string }> = {
    job: { path: '/jobs/:slug/vote', noun: 'posting', idOf: (slug) => jobIdBySlug(db, slug), missing: 'job not found' },
    company: { path: '/companies/:slug/vote', noun: 'company', idOf: (slug) => companyRowBySlug(db, slug)?.id, missing: 'company not found' },
  }
  return (Object.keys(targets) as VoteTarget[]).flatMap((kind) => {
    const { path, noun, idOf, missing } = targets[kind]
    const id = (slug: string) => {
      const found = idOf(slug)
      if (found === undefined) throw notFound(missing)
      return found
    }
    return [
      op.post(path, `Vote a ${noun} up or down`, {
        description: `One vote per user and ${noun}; voting again replaces it. upvote_count and downvote_count (also on the ${noun}'s reads, with my_vote for the caller) are recomputed in the same transaction.`,
        params: SlugParams,
        body: VoteBody,
        responses: { 200: TALLY, 400: 'vote must be "up" or "down"', 404: missing },
      }, (_event, { caller, params, body }) => ({ data: castVote(db, kind, id(params.slug), caller.userId, body.vote === 'up' ? 1 : -1, ctx.now().toISOString()) })),
      op.delete(path, `Remove the caller's vote on a ${noun}`, {
        description: 'Idempotent; answers the tally with my_vote 0.',
        params: SlugParams,
        responses: { 200: TALLY, 404: missing },
      }, (_event, { caller, params }) => ({ data: removeVote(db, kind, id(params.slug), caller.userId) })),
    ]
  })
}
