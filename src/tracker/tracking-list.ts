import type { DB } from '../db/connection.ts'
import { loadJobs } from '../catalogue/job-json.ts'
import { silenceOf, STAGES, type Stage } from './stages.ts'
import type { InteractionRecord } from './tracking.ts'

/**
 * The caller's tracking list: one entry per posting they touched (marks and application joined),
 * plus applications whose posting is gone (job null, id `a<id>`). Board entries (a stage or an
 * applied mark) carry their silence. Filters and their counts answer GET /me/tracking.
 */
export const TRACKING_FILTERS = ['all', 'viewed', 'saved', 'applied', 'board', 'dismissed'] as const
export type TrackingFilter = (typeof TRACKING_FILTERS)[number]

/** A tracked entry: the interaction record plus its application's and posting's fields. */
export interface EntryRow extends InteractionRecord {
  app_id: number | null
  job_slug: string
  company_slug: string
  role_title: string
  stage_set_at: string | null
  last_activity_at: string | null
  followed_up_at: string | null
  app_created_at: string | null
  touched_at: string
  email_count: number
  suggestion_pending: number
}

/** Every entry of one user: live postings (marks, maybe an application) and orphaned applications. */
const ENTRIES = `
  WITH entries AS (
    SELECT i.job_id, a.id AS app_id, j.public_slug AS job_slug, c.slug AS company_slug, j.title AS role_title,
      i.viewed_at, i.saved_at, coalesce(a.applied_at, i.applied_at) AS applied_at, i.dismissed_at, a.stage, a.notes,
      a.stage_set_at, a.last_activity_at, a.followed_up_at, a.created_at AS app_created_at,
      max(i.updated_at, coalesce(a.updated_at, '')) AS touched_at,
      (SELECT count(*) FROM emails m WHERE m.user_id = @userId AND m.job_id = i.job_id AND m.deleted_at IS NULL) AS email_count,
      EXISTS (SELECT 1 FROM emails m WHERE m.user_id = @userId AND m.job_id IS NULL AND m.suggested_job_id = i.job_id AND m.deleted_at IS NULL) AS suggestion_pending
    FROM job_interactions i JOIN jobs j ON j.id = i.job_id JOIN companies c ON c.id = j.company_id
    LEFT JOIN applications a ON a.user_id = i.user_id AND a.job_id = i.job_id
    WHERE i.user_id = @userId
    UNION ALL
    SELECT NULL, a.id, a.job_slug, a.company_slug, a.role_title, NULL, NULL, a.applied_at, NULL, a.stage, a.notes,
      a.stage_set_at, a.last_activity_at, a.followed_up_at, a.created_at, a.updated_at, 0, 0
    FROM applications a WHERE a.user_id = @userId AND a.job_id IS NULL
  )`

const WHERE: Record<TrackingFilter, string> = {
  all: '1',
  viewed: 'viewed_at IS NOT NULL',
  saved: 'saved_at IS NOT NULL',
  applied: 'applied_at IS NOT NULL',
  board: '(stage IS NOT NULL OR applied_at IS NOT NULL)',
  dismissed: 'dismissed_at IS NOT NULL',
}

/** The card of a posting in a list: enough to draw it, not the full Job. */
function toCard(job: Record<string, any>) {
  const enrichment = job.enrichment ?? {}
  const card: Record<string, unknown> = { public_slug: job.public_slug, title: job.title, company: job.company, closed_at: job.closed_at }
  if (job.work_mode) card.work_mode = job.work_mode
  if (enrichment.seniority) card.seniority = enrichment.seniority
  if (enrichment.employment_type) card.employment_type = enrichment.employment_type
  for (const key of ['countries', 'regions', 'skills', 'collections']) if (job[key]?.length) card[key] = job[key]
  if (job.posted_at) card.posted_at = job.posted_at
  const blurb = enrichment.summary ?? job.description
  if (blurb) card.blurb = blurb
  return card
}

/**
 * Silence of a board entry, counted from the last employer activity (or the last own move when none
 * was seen); `unconfirmed` past the threshold while a mail link suggestion for it waits for the user.
 */
export function silenceFields(row: EntryRow, now: Date) {
  const onBoard = row.stage !== null || row.applied_at !== null
  const since = row.last_activity_at ?? latest(row.stage_set_at, row.applied_at) ?? row.app_created_at
  if (!onBoard || !since) return { days_silent: null }
  const silence = silenceOf(row.stage, since, now, row.suggestion_pending === 1)
  return { days_silent: silence.days, ...(silence.state && { silence_state: silence.state }) }
}

const latest = (a: string | null, b: string | null) => (a && b ? (a > b ? a : b) : (a ?? b))

function toEntry(row: EntryRow, job: Record<string, unknown> | undefined, now: Date) {
  return {
    id: row.job_id === null ? `a${row.app_id}` : row.job_slug,
    company_slug: row.company_slug,
    role_title: row.role_title,
    job: job ? toCard(job) : null,
    viewed_at: row.viewed_at,
    saved_at: row.saved_at,
    applied_at: row.applied_at,
    dismissed_at: row.dismissed_at,
    stage: row.stage,
    notes: row.notes,
    email_count: row.email_count,
    last_activity_at: row.last_activity_at,
    ...silenceFields(row, now),
    followed_up_at: row.followed_up_at,
    cv_opened_at: null, // tracer links arrive with CV sharing
  }
}

export type TrackingEntry = ReturnType<typeof toEntry>

export function listTracking(db: DB, userId: number, filter: TrackingFilter, limit: number, offset: number, now: Date) {
  const rows = db
    .prepare(`${ENTRIES} SELECT * FROM entries WHERE ${WHERE[filter]} ORDER BY touched_at DESC, job_id DESC, app_id DESC LIMIT @limit OFFSET @offset`)
    .all({ userId, limit, offset }) as EntryRow[]
  const jobIds = rows.flatMap((row) => (row.job_id === null ? [] : [row.job_id]))
  const jobs = new Map(loadJobs(db, jobIds, { description: 'preview', ghost: false }).map((job, i) => [jobIds[i], job]))
  const counts = trackingCounts(db, userId)
  return { items: rows.map((row) => toEntry(row, row.job_id === null ? undefined : jobs.get(row.job_id), now)), total: counts[filter], counts }
}

export function trackingCounts(db: DB, userId: number): Record<TrackingFilter, number> {
  const columns = TRACKING_FILTERS.map((filter) => `coalesce(sum(${WHERE[filter]}), 0) AS "${filter}"`).join(', ')
  return db.prepare(`${ENTRIES} SELECT ${columns} FROM entries`).get({ userId }) as Record<TrackingFilter, number>
}

/** GET /me/tracking/pipeline: board entries per stage; an applied entry without a stage counts as applied. */
export function pipeline(db: DB, userId: number): { applications: number; stages: Record<Stage, number> } {
  const rows = db
    .prepare(`SELECT coalesce(stage, 'applied') AS stage, count(*) AS n FROM applications WHERE user_id = ? AND (stage IS NOT NULL OR applied_at IS NOT NULL) GROUP BY 1`)
    .all(userId) as { stage: Stage; n: number }[]
  const stages = Object.fromEntries(STAGES.map((stage) => [stage, 0])) as Record<Stage, number>
  for (const row of rows) stages[row.stage] = row.n
  return { applications: rows.reduce((sum, row) => sum + row.n, 0), stages }
}

/** One entry's row (for the detail read), by posting or by orphaned application. */
export function trackingRow(db: DB, userId: number, target: { jobId: number | null; appId?: number }): EntryRow | undefined {
  const where = target.jobId === null ? 'job_id IS NULL AND app_id = @appId' : 'job_id = @jobId'
  return db.prepare(`${ENTRIES} SELECT * FROM entries WHERE ${where}`).get({ userId, jobId: target.jobId, appId: target.appId ?? null }) as EntryRow | undefined
}
