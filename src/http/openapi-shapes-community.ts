import { FEEDBACK_TYPES } from '../community/feedback.ts'
import { SUBJECT_TYPES } from '../community/threads.ts'
import { object, ref } from './openapi-shapes.ts'

/**
 * Response shapes of the community operations (reviews, threads, submissions, referrals): JSON
 * Schema components of the OpenAPI document, like the public ones in openapi-shapes.ts.
 */
type JsonObject = Record<string, unknown>

const str: JsonObject = { type: 'string' }
const int: JsonObject = { type: 'integer' }
const timestamp: JsonObject = { type: 'string', format: 'date-time' }
const nullable = (schema: JsonObject): JsonObject => ({ ...schema, type: [schema.type, 'null'] })
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

export const COMMUNITY_SCHEMAS: Record<string, JsonObject> = {
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
