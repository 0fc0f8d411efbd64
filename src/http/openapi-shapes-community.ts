import { FEEDBACK_TYPES, REPORT_REASONS } from '../community/feedback.ts'
import { SUBJECT_TYPES } from '../community/threads.ts'
import { EMPLOYMENT_TYPES, SALARY_PERIODS, SENIORITIES, WORK_MODES } from '../community/submission-facets.ts'
import { object, ref } from './openapi-shapes.ts'
import { str, strings, int, nullable, type JsonObject } from './openapi-json.ts'

/**
 * Response shapes of the community operations (reviews, threads, submissions, referrals): JSON
 * Schema components of the OpenAPI document, like the public ones in openapi-shapes.ts.
 */

const timestamp: JsonObject = { type: 'string', format: 'date-time' }
const author: JsonObject = { type: 'string', description: 'the writer’s site-wide pseudonym (`quiet-falcon-42`), `[deleted]` once their account is gone' }
const counters = { feedback_count: { type: 'integer', minimum: 0 }, feedback_rating_avg: { type: ['number', 'null'], description: 'mean of visible ratings, 2 decimals; null when none' } }
const offerStatus: JsonObject = { type: 'string', enum: ['pending', 'approved', 'rejected'] }

const feedbackProperties = {
  id: int,
  author,
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  feedback_type: { type: 'string', enum: FEEDBACK_TYPES },
  body: { type: 'string', description: 'plain text as written; show it as text' },
  created_at: timestamp,
  updated_at: timestamp,
}

const facets = {
  skills: { ...strings, description: 'skill slugs' },
  regions: strings,
  cities: strings,
  work_mode: { type: 'string', enum: [...WORK_MODES] },
  employment_type: { type: 'string', enum: [...EMPLOYMENT_TYPES] },
  seniority: { type: 'string', enum: [...SENIORITIES] },
  salary_min: { type: 'number' },
  salary_max: { type: 'number' },
  salary_currency: str,
  salary_period: { type: 'string', enum: [...SALARY_PERIODS] },
}
const submissionProperties = {
  id: int,
  url: str,
  source: nullable(str),
  title: str,
  company: str,
  location: nullable(str),
  remote: { type: 'boolean' },
  description: nullable(str),
  posted_at: nullable(timestamp),
  status: offerStatus,
  review_reason: nullable({ ...str, description: 'why it was rejected, when the moderator said' }),
  reviewed_at: nullable(timestamp),
  created_at: timestamp,
  ...facets,
}
const submissionRequired = ['id', 'url', 'source', 'title', 'company', 'location', 'remote', 'description', 'posted_at', 'status', 'review_reason', 'reviewed_at', 'created_at']
const referralCommon = {
  id: { type: 'string', format: 'uuid' },
  company_slug: str,
  company_name: str,
  job_id: nullable({ type: 'integer', description: 'the posting the request is about, if one' }),
  job_slug: nullable(str),
  cv_kind: { type: 'string', enum: ['original', 'built'] },
}
const requestStatus: JsonObject = { type: 'string', enum: ['sent', 'contacted', 'declined'] }

export const COMMUNITY_SCHEMAS: Record<string, JsonObject> = {
  Submission: object(
    { ...submissionProperties, job_slug: nullable({ ...str, description: 'GET /me/submissions of an approved one: the live posting (null once it is gone)' }) },
    submissionRequired,
    'A job posting sent in for the catalogue; the facets are present when given and known.',
  ),
  QueuedSubmission: object({ ...submissionProperties, submitter_email: nullable(str) }, [...submissionRequired, 'submitter_email'], 'A pending submission as moderators see it.'),
  SubmissionPrefill: object(
    { title: str, company: str, location: str, description: str, work_mode: str, employment_type: str, seniority: str, skills: strings, source: str },
    [],
    'What is known of a posting at a URL; `{}` when nothing.',
  ),
  ReferralRequest: object({ ...referralCommon, cv_id: nullable(str), status: requestStatus, created_at: timestamp }, undefined, 'Your request for a referral.'),
  IncomingReferralRequest: object(
    { ...referralCommon, linkedin_url: str, contact_telegram: nullable(str), contact_email: nullable(str), note: nullable(str), status: requestStatus, created_at: timestamp },
    undefined,
    'A referral request as a referrer of the company sees it.',
  ),
  ReportedFeedback: object(
    { ...feedbackProperties, company_slug: str, report_count: { type: 'integer', minimum: 1 }, report_reasons: { type: 'array', items: { type: 'string', enum: [...REPORT_REASONS] } } },
    undefined,
    'A visible review with at least one report.',
  ),
  Feedback: object(feedbackProperties, undefined, 'A review of a company.'),
  FeedbackWritten: object({ ...feedbackProperties, company: object(counters) }, undefined, 'A review just written or edited, with the company’s fresh counters.'),
  FeedbackCounters: object(counters, undefined, 'A company’s visible review count and mean rating.'),
  Thread: object({
    id: int,
    subject_type: { type: 'string', enum: SUBJECT_TYPES },
    subject_slug: str,
    title: str,
    body: str,
    author,
    reply_count: { type: 'integer', minimum: 0 },
    status: { type: 'string', enum: ['open', 'closed'] },
    created_at: timestamp,
  }, undefined, 'A discussion about a company or a posting.'),
  Reply: object({ id: int, thread_id: int, parent_id: { type: 'integer', minimum: 0, description: '0 = top level' }, author, body: str, created_at: timestamp }, undefined, 'A reply in a thread.'),
  CursorMeta: object({ next_cursor: { type: 'string', description: 'pass as `cursor` for the next page; absent on the last one' } }, [], 'Keyset paging.'),
  ReferralOffer: object({
    id: { type: 'string', format: 'uuid' },
    company_slug: str,
    company_name: str,
    linkedin_url: str,
    status: offerStatus,
    decided_at: nullable(timestamp),
    created_at: timestamp,
  }, undefined, 'An employee’s offer to refer candidates.'),
}

export const feedbackPage = object({ data: { type: 'array', items: ref('Feedback') }, meta: ref('PageMeta') })
export const threadPage = object({ data: { type: 'array', items: ref('Thread') }, meta: ref('CursorMeta') })
export const threadWithReplies = object({ data: object({ thread: ref('Thread'), replies: { type: 'array', items: ref('Reply') } }), meta: ref('CursorMeta') })
export const threadCount = object({ data: object({ count: { type: 'integer', minimum: 0 } }) })
