import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { intParam, pagedList, pagingEntries } from '../validate.ts'
import { notFound } from '../../errors.ts'
import { companyRowBySlug } from '../../catalogue/company-read.ts'
import {
  deleteFeedback, FEEDBACK_MAX_RUNES, FEEDBACK_TYPES, hideFeedback, listFeedback, myFeedback, REPORT_REASONS, reportedFeedback, reportFeedback, upsertFeedback,
} from '../../community/feedback.ts'
import { requireText } from '../../community/text-rules.ts'
import { feedbackPage } from '../openapi-shapes-community.ts'
import { dataOf, listOf, ref } from '../openapi-shapes.ts'

const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('company slug')) })
const IdParams = v.object({ id: intParam({ min: 1, description: 'review id' }) })
const FeedbackType = v.picklist(FEEDBACK_TYPES, `must be one of ${FEEDBACK_TYPES.join(', ')}`)
const Paging = v.object(pagingEntries())

const FEEDBACK_SHAPE = '`{ id, author, rating, feedback_type, body, created_at, updated_at }`; `author` is the writer’s site-wide pseudonym (`quiet-falcon-42`), `[deleted]` once their account is gone.'

const op = operations({ tags: ['community'], auth: 'session' })

export function companyFeedbackRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const company = (slug: string) => companyRowBySlug(db, slug) ?? raise()
  return [
    op.get('/companies/:slug/feedback', 'Reviews of a company, newest first', {
      description: `Visible reviews only (hidden ones leave the list, the count and the average). Each is ${FEEDBACK_SHAPE} Bodies are plain text: show them as text, never as HTML.`,
      auth: 'public',
      budget: 'read',
      params: SlugParams,
      query: Paging,
      responses: { 200: { description: '`{ data: [Feedback], meta: { total, limit, offset } }`', schema: feedbackPage }, 404: 'company not found' },
    }, (_event, { params, query }) => {
      const row = company(params.slug)
      return pagedList(query, (limit, offset) => listFeedback(db, row.id, limit, offset))
    }),
    op.get('/companies/:slug/feedback/mine', 'Your reviews of a company', {
      description: 'One entry per feedback_type you reviewed (hidden ones included); `[]` when none.',
      params: SlugParams,
      responses: { 200: { description: '`{ data: [Feedback] }`', schema: listOf(ref('Feedback')) }, 404: 'company not found' },
    }, (_event, { params, caller }) => ({ data: myFeedback(db, company(params.slug).id, caller.userId) })),
    op.post('/companies/:slug/feedback', 'Review a company (or edit your review of this type)', {
      description: `One review per person, company and feedback_type: posting again edits it. \`body\` is plain text (at most ${FEEDBACK_MAX_RUNES} characters), stored as given. New reviews are capped per rolling 24 hours (FEEDBACK_PER_DAY, default 10; edits are free). Answers the review with the company’s fresh \`company: { feedback_count, feedback_rating_avg }\`.`,
      params: SlugParams,
      body: v.object({
        rating: v.pipe(v.number('rating must be a number'), v.integer('rating must be a whole number'), v.minValue(1, 'rating must be from 1 to 5'), v.maxValue(5, 'rating must be from 1 to 5'), v.description('1 to 5')),
        feedback_type: v.pipe(FeedbackType, v.description(FEEDBACK_TYPES.join(' / '))),
        body: v.optional(v.pipe(v.string('body must be a string'), v.description('plain text')), ''),
      }),
      responses: { 201: { description: '`{ data: Feedback & { company: { feedback_count, feedback_rating_avg } } }`', schema: dataOf(ref('FeedbackWritten')) }, 400: 'rating outside 1–5 or unknown feedback_type', 404: 'company not found', 422: 'empty or too long body', 429: 'too many new reviews in 24 hours (Retry-After)' },
    }, (event, { params, body, caller }) => {
      const row = company(params.slug)
      const text = requireText(body.body, 'body', FEEDBACK_MAX_RUNES)
      return created(event, upsertFeedback(db, row.id, caller.userId, { rating: body.rating, feedbackType: body.feedback_type, body: text }, { now: ctx.now(), perDay: ctx.config.feedbackPerDay }))
    }),
    op.delete('/companies/:slug/feedback', 'Remove your review of one type', {
      description: 'A no-op when you have none of that type. Answers the company’s fresh counters.',
      params: SlugParams,
      query: v.object({ feedback_type: v.pipe(FeedbackType, v.description('which of your reviews to remove')) }),
      responses: { 200: { description: '`{ data: { feedback_count, feedback_rating_avg } }`', schema: dataOf(ref('FeedbackCounters')) }, 400: 'missing or unknown feedback_type', 404: 'company not found' },
    }, (_event, { params, query, caller }) => ({ data: deleteFeedback(db, company(params.slug).id, caller.userId, query.feedback_type) })),
    op.post('/company-feedback/:id/report', 'Report a review to the moderators', {
      description: 'A second report of the same review by the same person changes nothing. 204.',
      params: IdParams,
      body: v.object({ reason: v.pipe(v.picklist(REPORT_REASONS, `must be one of ${REPORT_REASONS.join(', ')}`), v.description(REPORT_REASONS.join(' / '))) }),
      responses: { 204: 'reported', 400: 'unknown reason', 404: 'no such review' },
    }, (_event, { params, body, caller }) => {
      if (!reportFeedback(db, params.id, caller.userId, body.reason, ctx.now())) throw notFound('not found')
    }),
    op.get('/company-feedback/reported', 'Reported reviews (moderators)', {
      description: 'Visible reviews with at least one report, most-reported first, each with `company_slug`, `report_count` and the distinct `report_reasons`. No meta.',
      auth: 'session-moderator',
      responses: { 200: { description: '`{ data: [Feedback & { company_slug, report_count, report_reasons }] }`', schema: listOf(ref('ReportedFeedback')) }, 403: 'not a moderator' },
    }, () => ({ data: reportedFeedback(db) })),
    op.post('/company-feedback/:id/hide', 'Hide a review (moderators)', {
      description: 'Idempotent. The review leaves the public list, the count and the average at once. 204.',
      auth: 'session-moderator',
      params: IdParams,
      responses: { 204: 'hidden', 403: 'not a moderator', 404: 'no such review' },
    }, (_event, { params }) => {
      if (!hideFeedback(db, params.id, ctx.now())) throw notFound('not found')
    }),
  ]
}

function raise(): never {
  throw notFound('company not found')
}
