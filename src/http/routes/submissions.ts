import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { instantField, intParam } from '../validate.ts'
import { approveSubmission, createSubmission, mySubmissions, pendingSubmissions, rejectSubmission } from '../../community/submissions.ts'
import { sanitizeFacets } from '../../community/submission-facets.ts'
import { prefillFor } from '../../community/prefill.ts'
import { withNotices } from '../../community/notices.ts'
import { dataOf, listOf, ref } from '../openapi-shapes.ts'

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname)
  } catch {
    return false
  }
}
const required = (field: string, max: number) =>
  v.pipe(v.string(`${field} is required`), v.trim(), v.minLength(1, `${field} is required`), v.maxLength(max, `${field} must be at most ${max} characters`))
const optionalText = (max: number) => v.optional(v.pipe(v.string('must be a string'), v.trim(), v.maxLength(max, `must be at most ${max} characters`)))
const Url = v.pipe(required('url', 2000), v.check(isHttpUrl, 'url must be an absolute http(s) URL'), v.description('the posting’s page, absolute http(s)'))
// Facet fields are sanitised, not validated: unknown values are dropped (submission-facets.ts).
const facet = (description: string) => v.optional(v.pipe(v.unknown(), v.description(description)))

const SUBMISSION_SHAPE = '`{ id, url, source, title, company, location, remote, description, posted_at, status, review_reason, reviewed_at, created_at, …facets }`'

const op = operations({ tags: ['community'], auth: 'session-or-key' })

export function submissionRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const IdParams = v.object({ id: intParam({ min: 1, description: 'submission id' }) })
  return [
    op.post('/submissions', 'Send in a job posting for the catalogue', {
      description: `Moderators review it; approval makes it a live posting. The structured fields are sanitised against the catalogue’s vocabularies (unknown skills, regions, cities and values are dropped). Answers ${SUBMISSION_SHAPE} with \`status: "pending"\`.`,
      body: v.object({
        url: Url,
        title: required('title', 300),
        company: required('company', 200),
        location: optionalText(500),
        remote: v.optional(v.boolean('remote must be true or false')),
        description: v.optional(v.pipe(v.string('description must be a string'), v.maxLength(100_000, 'description must be at most 100000 characters'))),
        source: optionalText(60),
        posted_at: v.optional(instantField('posted_at must be an RFC 3339 timestamp')),
        skills: facet('skill names or slugs'),
        regions: facet('region slugs'),
        cities: facet('city names'),
        work_mode: facet('remote / hybrid / onsite'),
        employment_type: facet('full_time / part_time / contract / internship / fellowship'),
        seniority: facet('intern … c_level'),
        salary_min: facet('number'),
        salary_max: facet('number'),
        salary_currency: facet('ISO 4217 code'),
        salary_period: facet('year / month / day / hour'),
      }),
      responses: { 201: { description: '`{ data: Submission }`', schema: dataOf(ref('Submission')) }, 400: 'url, title or company missing, or url not absolute http(s)', 409: 'a pending submission for this URL already exists' },
    }, (event, { body, caller }) => {
      return created(event, createSubmission(db, caller.userId, {
        url: body.url, title: body.title, company: body.company, location: body.location || undefined, remote: body.remote,
        description: body.description, source: body.source || undefined, postedAt: body.posted_at ? new Date(body.posted_at).toISOString() : undefined,
        facets: sanitizeFacets(body),
      }, ctx.now()))
    }),
    op.post('/submissions/prefill', 'Fill a submission from its URL', {
      description: 'Nothing is fetched: the answer comes from a posting the catalogue already holds at that URL, else from a schema.org JobPosting in `html` (the page source, when the client has it), over what a known ATS URL (Greenhouse, Lever, Ashby, Workable, SmartRecruiters, Recruitee, Personio, BambooHR, Breezy, Teamtailor, Workday) says. An unrecognised URL answers `{}`. Writes nothing; capped per rolling hour (PREFILL_PER_HOUR, default 20).',
      body: v.object({
        url: v.pipe(v.string('url is required'), v.maxLength(2000, 'url must be at most 2000 characters')),
        html: v.optional(v.pipe(v.string('html must be a string'), v.description('the posting page’s HTML, if the client has it'))),
      }),
      responses: { 200: { description: '`{ data: { title?, company?, location?, description?, work_mode?, employment_type?, seniority?, skills?, source? } }`', schema: dataOf(ref('SubmissionPrefill')) }, 400: 'invalid body', 429: 'too many prefills in an hour (Retry-After)' },
    }, (_event, { body, caller }) => ({ data: prefillFor(db, caller.userId, body, { now: ctx.now(), perHour: ctx.config.prefillPerHour }) })),
    op.get('/me/submissions', 'Your job submissions, newest first', {
      description: 'Approved ones carry `job_slug`, the live posting. No meta.',
      responses: { 200: { description: '`{ data: [Submission] }`', schema: listOf(ref('Submission')) } },
    }, (_event, { caller }) => ({ data: mySubmissions(db, caller.userId) })),
    op.get('/submissions', 'Pending submissions (moderators)', {
      description: 'Oldest first, each with `submitter_email`. No meta.',
      auth: 'moderator',
      responses: { 200: { description: '`{ data: [Submission & { submitter_email }] }`', schema: listOf(ref('QueuedSubmission')) }, 403: 'not a moderator' },
    }, () => ({ data: pendingSubmissions(db) })),
    op.post('/submissions/:id/approve', 'Approve a submission (moderators)', {
      description: 'The posting goes live through the importer (validation, enrichment, dedup; `manually_added: true`) and is searchable at once; an open posting already at that URL is linked instead. The submitter is notified.',
      auth: 'moderator',
      params: IdParams,
      responses: { 200: { description: '`{ data: Submission }` with `status: "approved"`', schema: dataOf(ref('Submission')) }, 403: 'not a moderator', 404: 'submission not found', 409: 'submission already decided', 422: 'the submission cannot become a posting' },
    }, (_event, { params }) => ({ data: withNotices(ctx, (notices) => approveSubmission(db, params.id, ctx.now(), notices)) })),
    op.post('/submissions/:id/reject', 'Reject a submission (moderators)', {
      description: 'The optional `reason` is shown to the submitter (`review_reason`, and their notification).',
      auth: 'moderator',
      params: IdParams,
      body: v.object({ reason: optionalText(1000) }),
      responses: { 200: { description: '`{ data: Submission }` with `status: "rejected"`', schema: dataOf(ref('Submission')) }, 403: 'not a moderator', 404: 'submission not found', 409: 'submission already decided' },
    }, (_event, { params, body }) => ({ data: withNotices(ctx, (notices) => rejectSubmission(db, params.id, body.reason || undefined, ctx.now(), notices)) })),
  ]
}
