import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { listAnalyses } from '../../match/store.ts'
import { ANALYSES, INTERVIEWS, PIPELINE, TIMELINE, TRACKING_DETAIL, TRACKING_PAGE } from '../tracker-shapes.ts'
import { instantField, pagedList, pagingEntries } from '../validate.ts'
import { badRequest, notFound } from '../../errors.ts'
import { jobIdBySlug, loadJobs } from '../../catalogue/job-json.ts'
import { jobVotesOf } from '../../catalogue/community-signals.ts'
import { listTracking, pipeline, trackingRow, TRACKING_FILTERS, type TrackingFilter } from '../../tracker/tracking-list.ts'
import { applicationEvents, timeline } from '../../tracker/events.ts'
import { listInterviews } from '../../tracker/interviews.ts'
import { resolveTarget } from '../../tracker/tracking.ts'
import { allowanceOf } from '../../plan/ledger.ts'
import { linkedMail, stageSuggestion } from '../../inbox/application-mail.ts'
import { nonNull } from '../../non-null.ts'

/**
 * The job seeker's tracker reads: the tracking list and one entry, the board's pipeline counts,
 * the timeline, interviews and the analyses list. The writes are in job-interactions.ts.
 */
const TRACKING_LIMIT_DEFAULT = 20
const TRACKING_LIMIT_MAX = 500
/** Longest timeline or interview window. */
const WINDOW_DAYS_MAX = 366

const TrackingQuery = v.object({
  filter: v.optional(v.pipe(v.picklist(TRACKING_FILTERS, `must be one of ${TRACKING_FILTERS.join(', ')}`), v.description('Which entries (default all).'))),
  ...pagingEntries({ defaultLimit: TRACKING_LIMIT_DEFAULT, maxLimit: TRACKING_LIMIT_MAX }),
})

const instant = (name: string) =>
  v.pipe(v.string(`${name} is required`), instantField(`${name} must be an RFC 3339 instant`), v.description(`${name === 'from' ? 'Start' : 'End'} of the window, an RFC 3339 instant (required).`))
const WindowQuery = v.object({ from: instant('from'), to: instant('to') })

const SlugParams = v.object({ slug: v.pipe(v.string(), v.minLength(1), v.maxLength(300), v.description('Job public_slug, or a<digits> for an application whose posting is gone.')) })

const ENTRY = '`{ id, company_slug, role_title, job: card | null, viewed_at, saved_at, applied_at, dismissed_at, stage, notes, email_count, last_activity_at, days_silent, silence_state?, followed_up_at, cv_opened_at }`'

/** A window's bounds as UTC instants, checked: `to` not before `from`, at most 366 days. */
function windowOf(query: { from: string; to: string }) {
  const from = new Date(query.from)
  const to = new Date(query.to)
  if (to < from) throw badRequest('to must not be before from')
  if (to.getTime() - from.getTime() > WINDOW_DAYS_MAX * 86_400_000) throw badRequest(`the window from..to must be at most ${WINDOW_DAYS_MAX} days`)
  return { from: from.toISOString(), to: to.toISOString() }
}

/** The rows `list` reads in a query's window, with the window and their count as `meta`. */
function inWindow<T>(query: { from: string; to: string }, list: (from: string, to: string) => T[]) {
  const window = windowOf(query)
  const rows = list(window.from, window.to)
  return { data: rows, meta: { ...window, count: rows.length } }
}
const BAD_WINDOW = 'missing or invalid bound, to before from, or a window over 366 days'

const op = operations({ tags: ['tracking'], auth: 'session-or-key' })

export function trackerRoutes(ctx: AppContext): Route[] {
  const { db } = ctx

  const list = (path: string, summary: string, fixed?: TrackingFilter) =>
    op.get(path, summary, {
      description: `Entries ${ENTRY}, most recently touched first: one per posting the caller viewed, saved, applied to, dismissed or tracked, plus applications whose posting is gone (\`id\` a<digits>, \`job\` null). \`job\` is a card \`{ public_slug, title, company, closed_at, work_mode?, seniority?, employment_type?, countries?, regions?, skills?, collections?, posted_at?, blurb? }\`. Board entries (a stage or an applied mark) carry \`days_silent\` and \`silence_state\` (active / silent / unconfirmed; absent for a terminal stage). \`meta.counts\` counts every filter.`,
      query: fixed ? v.object({ limit: TrackingQuery.entries.limit, offset: TrackingQuery.entries.offset }) : TrackingQuery,
      responses: { 200: { description: '`{ data: [entry], meta: { total, limit, offset, counts: { all, viewed, saved, applied, board, dismissed } } }`', schema: TRACKING_PAGE }, 400: 'unknown filter, or a malformed limit / offset' },
    }, (_event, { caller, query }) => {
      const filter = fixed ?? (query as { filter?: TrackingFilter }).filter ?? 'all'
      return pagedList(query, (limit, offset) => listTracking(db, caller.userId, filter, limit, offset, ctx.now()), {
        defaultLimit: TRACKING_LIMIT_DEFAULT,
        maxLimit: TRACKING_LIMIT_MAX,
        meta: (page) => ({ counts: page.counts }),
      })
    })

  return [
    list('/me/tracking', 'The caller’s tracked postings and applications'),
    list('/me/tracking/saved', 'Saved postings (GET /me/tracking?filter=saved)', 'saved'),
    list('/me/tracking/viewed', 'Viewed postings (GET /me/tracking?filter=viewed)', 'viewed'),
    list('/me/tracking/dismissed', 'Dismissed postings (GET /me/tracking?filter=dismissed)', 'dismissed'),
    op.get('/me/tracking/pipeline', 'Board counts per stage', {
      description: 'Every stage key, zeros included; the counts sum to `applications`. An applied entry without a stage counts as applied.',
      responses: { 200: { description: '`{ data: { applications, stages: { preparing, applied, screening, responded, interview, offer, accepted, rejected, withdrawn, expired } } }`', schema: PIPELINE } },
    }, (_event, { caller }) => ({ data: pipeline(db, caller.userId) })),
    op.get('/me/tracking/analyses', 'The caller’s match analyses of tracked postings', {
      description: 'Newest first: `{ slug, title, company, closed, overall_score, verdict, analysed_at, stale }`. Never runs an analysis. `meta.allowance` is today’s match allowance.',
      responses: { 200: { description: '`{ data: [analysis], meta: { allowance } }`', schema: ANALYSES } },
    }, (_event, { caller }) => ({ data: listAnalyses(db, caller.userId), meta: { allowance: allowanceOf(db, ctx.config, caller.userId, 'match', ctx.now()) } })),
    op.get('/me/tracking/:slug', 'The caller’s record of one posting, with its timeline', {
      description: 'The full Job, the marks, stage and notes, linked mail (`emails`: `{ id, source, from_addr, from_name, subject, status_signal?, link_source?, received_at, read }`, newest first), the application’s events newest first (at most 100), and `stage_suggestion` `{ stage, signal, email_id }` when a suggested, unconfirmed message’s label would move the card forward. 404 when the caller does not track the posting.',
      params: SlugParams,
      responses: { 200: { description: '`{ data: { job: Job | null, viewed_at, saved_at, applied_at, dismissed_at, stage?, notes?, followed_up_at, emails: [mail], events: [event], stage_suggestion? } }`', schema: TRACKING_DETAIL }, 404: 'not found' },
    }, (_event, { caller, params }) => {
      const target = resolveTarget(db, caller.userId, params.slug, (slug) => jobIdBySlug(db, slug))
      const row = target && trackingRow(db, caller.userId, { jobId: target.jobId, appId: target.app?.id })
      if (!row) throw notFound('not found')
      const suggestion = row.job_id === null ? undefined : stageSuggestion(db, caller.userId, row.job_id, row.stage)
      const job = row.job_id === null ? null : loadJobs(db, [row.job_id], { description: 'html', ghost: true, myVotes: jobVotesOf(db, [row.job_id], caller.userId) })[0]
      return {
        data: {
          job,
          viewed_at: row.viewed_at,
          saved_at: row.saved_at,
          applied_at: row.applied_at,
          dismissed_at: row.dismissed_at,
          ...nonNull({ stage: row.stage, notes: row.notes }),
          followed_up_at: row.followed_up_at,
          emails: row.job_id === null ? [] : linkedMail(db, caller.userId, row.job_id),
          events: row.app_id === null ? [] : applicationEvents(db, row.app_id, 100),
          ...(suggestion && { stage_suggestion: suggestion }),
        },
      }
    }),
    op.get('/me/timeline', 'The caller’s application events in a window, oldest first', {
      description: 'Events `{ id, kind, signal?, source, observed, occurred_at, company_slug, role_title?, application_id?, job_slug? }`. `kind`: applied, employer_reply, follow_up_sent, stage_set, interview_scheduled. `source`: mail_gmail, mail_hosted, mail_external, user, assistant, calendar_google, system; `observed` is true for mail and calendar sources. `signal` is the stage of a stage_set and the mail label of an employer_reply. `job_slug` while the posting exists.',
      query: WindowQuery,
      responses: { 200: { description: '`{ data: [event], meta: { from, to, count } }`', schema: TIMELINE }, 400: BAD_WINDOW },
    }, (_event, { caller, query }) => inWindow(query, (from, to) => timeline(db, caller.userId, from, to))),
    op.get('/me/interviews', 'The caller’s interviews starting in a window', {
      description: 'Rows `{ id, application_id, starts_at, ends_at?, title?, join_url?, status, company_slug, role_title?, job_slug? }`, earliest first; `status` suggested (from a calendar invitation in linked mail), confirmed or cancelled (still listed).',
      query: WindowQuery,
      responses: { 200: { description: '`{ data: [interview], meta: { from, to, count } }`', schema: INTERVIEWS }, 400: BAD_WINDOW },
    }, (_event, { caller, query }) => inWindow(query, (from, to) => listInterviews(db, caller.userId, from, to))),
  ]
}
