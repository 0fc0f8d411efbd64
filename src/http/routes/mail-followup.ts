import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { jobIdBySlug } from '../../catalogue/job-json.ts'
import { notFound } from '../../errors.ts'
import { followupDraft, recordFollowup } from '../../inbox/followup.ts'
import { linkRecalled, recallMail } from '../../inbox/recall.ts'
import { EMAIL_BODY, FOLLOWUP, RECALL } from '../openapi-shapes-inbox.ts'

/** Mail around one application: the follow-up draft and stamp, mail recall and its link. */
const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug.')) })
const ProviderBody = v.object({ provider_id: v.pipe(v.string('provider_id is required'), v.trim(), v.minLength(1, 'provider_id is required'), v.maxLength(500)) })

const op = operations({ tags: ['mail'], auth: 'session-or-key' })

export function mailFollowupRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const jobIdOf = (slug: string) => jobIdBySlug(db, slug)
  const requireJob = (slug: string) => {
    const jobId = jobIdOf(slug)
    if (jobId === undefined) throw notFound('job not found')
    return jobId
  }
  return [
    op.get('/me/tracking/:slug/followup', 'A follow-up draft for a silent application', {
      description: 'Deterministic: subject "Following up: <role> application", a greeting by the newest employer sender’s name, an opening by stage, "For context: <first strength>" of a cached match analysis when there is one. `recipient` / `recipient_name` name that sender (no-reply addresses skipped). Nothing is sent. 409 unless the application is `silent` (past its stage’s tolerated days without employer activity, no link suggestion waiting).',
      params: SlugParams,
      responses: { 200: { description: '`{ data: { subject, body, recipient?, recipient_name?, days_silent } }`', schema: FOLLOWUP }, 404: 'job not found, or no application of the caller', 409: 'this application is not waiting on a reply' },
    }, (_event, { caller, params }) => ({ data: followupDraft(db, caller.userId, requireJob(params.slug), ctx.now()) })),
    op.post('/me/tracking/:slug/followup', 'Record that the caller followed up', {
      description: 'Stamps `followed_up_at` and writes a `follow_up_sent` timeline event; a second call within the hour changes nothing. Silence is not reset (only the employer’s reply does that).',
      params: SlugParams,
      responses: { 204: 'recorded', 404: 'job not found, or no application of the caller' },
    }, (_event, { caller, params }) => {
      recordFollowup(db, caller.userId, requireJob(params.slug), ctx.now())
    }),
    op.post('/me/tracking/:slug/mail-recall', 'Find mail that may belong to an application', {
      description: `Scans the caller’s stored mail received since the application (a day’s slack) and not yet linked to it — and searches a connected IMAP or Gmail mailbox live — for the company’s domain in the sender, or the company’s name or the role’s title in sender, subject or body. Answers \`{ scanned, suggested: [{ id (0 when only in the connected mailbox), provider_id, from_addr, from_name, subject, received_at, invitation }], invitations }\`, newest first; writes nothing. At most ${ctx.config.mailRecallPerHour} per hour (429); 502 when the connected mailbox cannot be read.`,
      params: SlugParams,
      responses: { 200: { description: '`{ data: { scanned, suggested, invitations } }`', schema: RECALL }, 404: 'job not found, not tracked, or no application recorded', 429: 'hourly budget used up', 502: 'the connected mailbox could not be read' },
    }, async (_event, { caller, params }) => ({ data: await recallMail(ctx, caller.userId, requireJob(params.slug), { now: ctx.now(), perHour: ctx.config.mailRecallPerHour }) })),
    op.post('/me/tracking/:slug/mail-recall/link', 'Link a recalled message to the application', {
      description: '`{ provider_id }` from a mail-recall answer. A stored message is linked at once (link_source `manual`); one only in the connected IMAP or Gmail mailbox is imported first (labelled like any arriving mail). Answers the full message.',
      params: SlugParams,
      body: ProviderBody,
      responses: { 200: { description: '`{ data: message }`', schema: EMAIL_BODY }, 400: 'provider_id is required', 404: 'job not found, no application recorded, or no such message in the connected mailbox', 502: 'provider read failed', 503: 'no mailbox to import from' },
    }, async (_event, { caller, params, body }) => ({ data: await linkRecalled(ctx, caller.userId, requireJob(params.slug), params.slug, body.provider_id, jobIdOf, ctx.now().toISOString()) })),
  ]
}
