import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { badRequest, notFound } from '../../errors.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import type { InteractionAction } from '../../tracker/interactions.ts'
import { clearStage, recordAction, resolveTarget, track, unapply, unmark, untrack, type InteractionRecord } from '../../tracker/tracking.ts'
import { appliedOnTime } from '../../tracker/applied-on.ts'
import { isStage, STAGES } from '../../tracker/stages.ts'
import { dataOf } from '../openapi-shapes.ts'
import { INTERACTION_RECORD } from '../tracker-shapes.ts'

/**
 * The job interaction writes: view, apply, save, dismiss and their undos, the stage and notes of
 * a tracked posting (PATCH track / DELETE stage), and the same on an application by its listing
 * id (`/me/applications/{id}`: a posting's slug, or `a<id>` once the posting is gone). Every write
 * answers the interaction record.
 */
const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug.')) })
const IdParams = v.object({ id: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('The tracking listing id: a job public_slug, or a<digits> for an application whose posting is gone.')) })

const RECORD = { description: '`{ data: { job_id, viewed_at, saved_at, applied_at, dismissed_at, stage, notes } }` (the interaction record; job_id null once the posting is gone)', schema: dataOf(INTERACTION_RECORD) }

const ApplyBody = v.object({
  applied_on: v.optional(v.pipe(v.string('must be a date YYYY-MM-DD'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD'), v.description('The day you applied (default: now): not in the future, at most 365 days ago; stored at 12:00 UTC.'))),
})

const TrackBody = v.object({
  stage: v.optional(v.pipe(v.unknown(), v.description(`One of ${STAGES.join(', ')}. Any stage may follow any other.`))),
  notes: v.optional(v.pipe(v.nullable(v.pipe(v.string('must be text'), v.maxLength(10000, 'must be at most 10000 characters'))), v.description('Free-text notes; null clears them.'))),
})

const ACTIONS: Record<InteractionAction, string> = {
  view: 'Record a view of a posting (jobs.view_count counts distinct viewers)',
  apply: 'Mark a posting as applied to (jobs.applied_count counts distinct applicants)',
  save: 'Save a posting for later (clears a dismissal)',
  dismiss: 'Dismiss a posting: hidden from digests and the swipe deck (clears a save)',
}

const op = operations({ tags: ['tracking'], auth: 'session-or-key' })

export function jobInteractionRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const now = () => ctx.now().toISOString()
  const jobId = (slug: string) => jobIdBySlug(db, slug) ?? raise('job not found')
  const orMissing = (record: InteractionRecord | undefined) => ({ data: record ?? raise('not found') })
  const targetOf = (userId: number, id: string) => resolveTarget(db, userId, id, (slug) => jobIdBySlug(db, slug)) ?? raise('application not found')

  function trackChange(body: v.InferOutput<typeof TrackBody>) {
    if (body.stage === undefined && body.notes === undefined) throw badRequest('provide stage and/or notes')
    if (body.stage !== undefined && !isStage(body.stage)) throw badRequest('invalid stage')
    return { stage: body.stage as never, notes: body.notes }
  }

  const actions = (Object.keys(ACTIONS) as InteractionAction[]).map((action) =>
    op.post(`/jobs/:slug/${action}`, ACTIONS[action], {
      description:
        action === 'apply'
          ? 'Sets applied_at (once: applying again keeps the first time) and writes an `applied` timeline event; creates the application record. Optional body `{ applied_on: "YYYY-MM-DD" }`.'
          : 'Idempotent (a view updates viewed_at).',
      params: SlugParams,
      ...(action === 'apply' && { body: ApplyBody }),
      responses: { 200: RECORD, 400: action === 'apply' ? 'applied_on malformed, in the future or more than 365 days ago' : 'invalid input', 404: 'job not found' },
    }, (_event, { caller, params, body }) => {
      const id = jobId(params.slug)
      const appliedOn = (body as v.InferOutput<typeof ApplyBody> | undefined)?.applied_on
      const at = appliedOn === undefined ? now() : appliedOnTime(appliedOn, ctx.now())
      return { data: recordAction(db, caller.userId, id, action, now(), at) }
    }),
  )

  const undo = (path: string, summary: string, description: string, run: (userId: number, jobId: number) => InteractionRecord | undefined) =>
    op.delete(path, summary, {
      description,
      params: SlugParams,
      responses: { 200: RECORD, 404: 'job not found, or the caller has no record of it' },
    }, (_event, { caller, params }) => orMissing(run(caller.userId, jobId(params.slug))))

  return [
    ...actions,
    undo('/jobs/:slug/apply', 'Withdraw the applied mark', 'Clears applied_at; the stage stays. jobs.applied_count drops.', (userId, id) => unapply(db, userId, { jobId: id }, now())),
    undo('/jobs/:slug/save', 'Unsave a posting', 'Clears saved_at.', (userId, id) => unmark(db, userId, id, 'saved', now())),
    undo('/jobs/:slug/dismiss', 'Undo a dismissal', 'Clears dismissed_at.', (userId, id) => unmark(db, userId, id, 'dismissed', now())),
    undo('/jobs/:slug/stage', 'Take a posting off the board (back to saved)', 'Clears stage and applied_at; saved, viewed, notes and the application record stay.', (userId, id) => clearStage(db, userId, { jobId: id }, now())),
    undo('/jobs/:slug/track', 'Untrack a posting', 'Deletes the application (stage, notes, applied_at, its timeline events) and unsaves; the view is kept. jobs.applied_count drops when the caller had applied.', (userId, id) => untrack(db, userId, { jobId: id }, now())),
    op.patch('/jobs/:slug/track', 'Set the stage and/or notes of a posting', {
      description: `Creates the application record when needed (copying the posting's slug, company and title, so it outlives the posting). A field left out stays as it is. Manual moves are unrestricted: any stage may follow any other. A \`stage_set\` timeline event is written only when the stage changes. Does not set applied_at.`,
      params: SlugParams,
      body: TrackBody,
      responses: { 200: RECORD, 400: '"provide stage and/or notes", or "invalid stage"', 404: 'job not found' },
    }, (_event, { caller, params, body }) => {
      const change = trackChange(body)
      return { data: track(db, caller.userId, { jobId: jobId(params.slug) }, change, now()) }
    }),
    op.patch('/me/applications/:id', 'Set the stage and/or notes of an application', {
      description: 'As PATCH /jobs/{slug}/track, addressed by the tracking listing id: a posting slug, or `a<digits>` for an application whose posting is gone.',
      params: IdParams,
      body: TrackBody,
      responses: { 200: RECORD, 400: '"provide stage and/or notes", or "invalid stage"', 404: 'application not found' },
    }, (_event, { caller, params, body }) => {
      const change = trackChange(body)
      return { data: track(db, caller.userId, targetOf(caller.userId, params.id), change, now()) }
    }),
    op.delete('/me/applications/:id', 'Delete an application', {
      description: 'As DELETE /jobs/{slug}/track, addressed by the tracking listing id.',
      params: IdParams,
      responses: { 200: RECORD, 404: 'application not found' },
    }, (_event, { caller, params }) => orMissing(untrack(db, caller.userId, targetOf(caller.userId, params.id), now()))),
    op.delete('/me/applications/:id/stage', 'Clear the stage of an application', {
      description: 'As DELETE /jobs/{slug}/stage, addressed by the tracking listing id.',
      params: IdParams,
      responses: { 200: RECORD, 404: 'application not found' },
    }, (_event, { caller, params }) => orMissing(clearStage(db, caller.userId, targetOf(caller.userId, params.id), now()))),
  ]
}

function raise(message: string): never {
  throw notFound(message)
}
