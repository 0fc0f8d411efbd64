import { dataOf, object, ref } from './openapi-shapes.ts'
import { SIGNALS, STAGES } from '../tracker/stages.ts'
import { LABELS, SOURCES } from '../inbox/labels.ts'
import { EVENT_KINDS, EVENT_SOURCES } from '../tracker/events.ts'
import { INTERVIEW_STATUSES } from '../tracker/interviews.ts'
import { FEATURES, PLANS } from '../plan/plan-settings.ts'
import { TRACKING_FILTERS } from '../tracker/tracking-list.ts'
import { VERDICTS } from '../match/analysis.ts'

/**
 * Response shapes of the tracker's operations (docs/tracker.md), as JSON Schema for the OpenAPI
 * document; test/tracker/openapi-shapes.test.ts validates real responses against them.
 */
type Schema = Record<string, unknown>

const str: Schema = { type: 'string' }
const int: Schema = { type: 'integer' }
const count: Schema = { type: 'integer', minimum: 0 }
const time: Schema = { type: 'string', format: 'date-time' }
const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] })
const strings: Schema = { type: 'array', items: str }
const stage: Schema = { type: 'string', enum: [...STAGES] }
const list = (item: Schema): Schema => ({ type: 'array', items: item })

export const INTERACTION_RECORD = object({
  job_id: nullable(int),
  viewed_at: nullable(time),
  saved_at: nullable(time),
  applied_at: nullable(time),
  dismissed_at: nullable(time),
  stage: { type: ['string', 'null'], enum: [...STAGES, null] },
  notes: nullable(str),
})

const CARD = object(
  {
    public_slug: str, title: str, company: str, closed_at: nullable(time), work_mode: str, seniority: str, employment_type: str,
    countries: strings, regions: strings, skills: strings, collections: strings, posted_at: time, blurb: str,
  },
  ['public_slug', 'title', 'company', 'closed_at'],
)

const ENTRY = object(
  {
    id: { type: 'string', description: 'the posting slug, or a<digits> for an application whose posting is gone' },
    company_slug: str, role_title: str, job: { oneOf: [CARD, { type: 'null' }] },
    viewed_at: nullable(time), saved_at: nullable(time), applied_at: nullable(time), dismissed_at: nullable(time),
    stage: { type: ['string', 'null'], enum: [...STAGES, null] }, notes: nullable(str), email_count: count,
    last_activity_at: nullable(time), days_silent: nullable(count), silence_state: { type: 'string', enum: ['active', 'silent', 'unconfirmed'] },
    followed_up_at: nullable(time), cv_opened_at: nullable(time),
  },
  ['id', 'company_slug', 'role_title', 'job', 'viewed_at', 'saved_at', 'applied_at', 'dismissed_at', 'stage', 'notes', 'email_count', 'last_activity_at', 'days_silent', 'followed_up_at', 'cv_opened_at'],
)

export const TRACKING_PAGE = object({
  data: list(ENTRY),
  meta: object({ total: count, limit: count, offset: count, counts: object(Object.fromEntries(TRACKING_FILTERS.map((filter) => [filter, count]))) }),
})

const EVENT = object(
  {
    id: int, kind: { type: 'string', enum: [...EVENT_KINDS] }, signal: str, source: { type: 'string', enum: [...EVENT_SOURCES] }, observed: { type: 'boolean' },
    occurred_at: time, company_slug: str, role_title: str, application_id: int, job_slug: str, email_id: int, email_subject: str,
  },
  ['id', 'kind', 'source', 'observed', 'occurred_at', 'company_slug', 'role_title', 'application_id'],
)

const LINKED_MAIL = object(
  {
    id: int, source: { type: 'string', enum: [...SOURCES] }, from_addr: str, from_name: str, subject: str, status_signal: { type: 'string', enum: [...LABELS] },
    link_source: { type: 'string', enum: ['auto', 'manual', 'agent'] }, received_at: time, read: { type: 'boolean' },
  },
  ['id', 'source', 'from_addr', 'from_name', 'subject', 'received_at', 'read'],
)

export const TRACKING_DETAIL = dataOf(
  object(
    {
      job: { oneOf: [ref('Job'), { type: 'null' }] }, viewed_at: nullable(time), saved_at: nullable(time), applied_at: nullable(time),
      dismissed_at: nullable(time), stage, notes: str, followed_up_at: nullable(time), emails: list(LINKED_MAIL), events: list(EVENT),
      stage_suggestion: object({ stage, signal: { type: 'string', enum: [...SIGNALS] }, email_id: int }),
    },
    ['job', 'viewed_at', 'saved_at', 'applied_at', 'dismissed_at', 'followed_up_at', 'emails', 'events'],
  ),
)

export const PIPELINE = dataOf(object({ applications: count, stages: object(Object.fromEntries(STAGES.map((name) => [name, count]))) }))

const WINDOW_META = object({ from: time, to: time, count })
export const TIMELINE = object({ data: list(EVENT), meta: WINDOW_META })

const INTERVIEW = object(
  {
    id: int, application_id: int, starts_at: time, ends_at: time, title: str, join_url: str,
    status: { type: 'string', enum: [...INTERVIEW_STATUSES] }, company_slug: str, role_title: str, job_slug: str,
  },
  ['id', 'application_id', 'starts_at', 'status', 'company_slug', 'role_title'],
)
export const INTERVIEWS = object({ data: list(INTERVIEW), meta: WINDOW_META })

export const VOTE_TALLY = dataOf(object({ upvote_count: count, downvote_count: count, my_vote: { type: 'integer', enum: [-1, 0, 1] } }))

export const ALLOWANCE = object(
  { feature: { type: 'string', enum: [...FEATURES] }, used: count, limit: count, unlimited: { type: 'boolean' }, enforced: { type: 'boolean' }, resets_at: time },
  ['feature', 'used', 'unlimited', 'enforced', 'resets_at'],
)

export const PLAN = dataOf(
  object(
    { plan: { type: 'string', enum: [...PLANS] }, resets_at: time, pro_until: time, pro_source: { type: 'string', enum: ['stripe', 'revenuecat', 'granted'] }, allowances: list(ALLOWANCE) },
    ['plan', 'resets_at', 'allowances'],
  ),
)

export const PLAN_HISTORY = dataOf(
  list(object({ feature: { type: 'string', enum: [...FEATURES] }, day: { type: 'string', format: 'date' }, kind: { type: 'string', enum: ['consume', 'release'] }, label: str, subtitle: str, created_at: time }, ['feature', 'day', 'kind', 'label', 'created_at'])),
)

export const USAGE = dataOf(object({ requests: count, failed: count, tokens: count, period: str, resets_at: time }))

const ANALYSIS_ROW = object({
  slug: str, title: str, company: str, closed: { type: 'boolean' },
  overall_score: { type: 'integer', minimum: 0, maximum: 100 },
  verdict: { type: 'string', enum: [...VERDICTS] },
  analysed_at: time,
  stale: { type: 'boolean', description: 'the profile or the posting changed since' },
})
export const ANALYSES = object({ data: list(ANALYSIS_ROW), meta: object({ allowance: ALLOWANCE }) })

export const JD_RESOLVED = dataOf(object({ job_slug: str }))

export const CONTRIBUTIONS = dataOf(
  list(object({ id: int, url: str, source: str, board: nullable(str), status: { type: 'string', enum: ['pending', 'review'] }, surface: str, created_at: time })),
)
