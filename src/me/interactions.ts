import type { DB } from '../db/connection.ts'
import { loadJobs } from '../catalogue/job-json.ts'

export type InteractionAction = 'view' | 'apply' | 'save' | 'dismiss'
export type InteractionUndo = 'apply' | 'save' | 'dismiss' | 'track'
export type TrackingList = 'all' | 'saved' | 'viewed' | 'dismissed'

interface InteractionRow {
  job_id: number
  view_count: number
  viewed_at: string | null
  applied_at: string | null
  saved_at: string | null
  dismissed_at: string | null
  updated_at: string
}

const COLUMNS = 'job_id, view_count, viewed_at, applied_at, saved_at, dismissed_at, updated_at'

function readRow(db: DB, userId: number, jobId: number): InteractionRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM job_interactions WHERE user_id = ? AND job_id = ?`).get(userId, jobId) as InteractionRow | undefined
}

/**
 * Records a view, application, save or dismissal in one transaction with the job's counters:
 * jobs.view_count and applied_count count distinct users, so repeated clicks do not inflate them.
 * Saving undoes a dismissal and vice versa; applying undoes a dismissal.
 */
export function recordInteraction(db: DB, userId: number, jobId: number, action: InteractionAction, now = new Date().toISOString()): void {
  db.transaction(() => {
    const before = readRow(db, userId, jobId)
    db.prepare('INSERT INTO job_interactions (user_id, job_id, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, jobId, now)
    const set: Record<InteractionAction, string> = {
      view: 'view_count = view_count + 1, viewed_at = @now',
      apply: 'applied_at = coalesce(applied_at, @now), dismissed_at = NULL',
      save: 'saved_at = coalesce(saved_at, @now), dismissed_at = NULL',
      dismiss: 'dismissed_at = coalesce(dismissed_at, @now), saved_at = NULL',
    }
    db.prepare(`UPDATE job_interactions SET ${set[action]}, updated_at = @now WHERE user_id = @userId AND job_id = @jobId`).run({ now, userId, jobId })
    if (action === 'view' && !before?.view_count) bumpJob(db, jobId, 'view_count', 1)
    if (action === 'apply' && !before?.applied_at) bumpJob(db, jobId, 'applied_count', 1)
  })()
}

/** Undoes one interaction ('track' forgets the whole record). False when there was nothing to undo. */
export function undoInteraction(db: DB, userId: number, jobId: number, undo: InteractionUndo, now = new Date().toISOString()): boolean {
  return db.transaction(() => {
    const before = readRow(db, userId, jobId)
    if (!before) return false
    if (before.applied_at && (undo === 'apply' || undo === 'track')) bumpJob(db, jobId, 'applied_count', -1)
    if (undo === 'track') {
      db.prepare('DELETE FROM job_interactions WHERE user_id = ? AND job_id = ?').run(userId, jobId)
      return true
    }
    const column = { apply: 'applied_at', save: 'saved_at', dismiss: 'dismissed_at' }[undo]
    if (before[column as keyof InteractionRow] === null) return false
    db.prepare(`UPDATE job_interactions SET ${column} = NULL, updated_at = ? WHERE user_id = ? AND job_id = ?`).run(now, userId, jobId)
    return true
  })()
}

function bumpJob(db: DB, jobId: number, column: 'view_count' | 'applied_count', delta: number): void {
  db.prepare(`UPDATE jobs SET ${column} = max(0, ${column} + ?) WHERE id = ?`).run(delta, jobId)
}

/** A tracking entry of the API: the caller's record with the job as it is now. */
function toTrackingEntry(row: InteractionRow, job: Record<string, unknown>) {
  return {
    public_slug: job.public_slug as string,
    job,
    view_count: row.view_count,
    viewed_at: row.viewed_at,
    applied_at: row.applied_at,
    saved_at: row.saved_at,
    dismissed_at: row.dismissed_at,
    updated_at: row.updated_at,
  }
}

export type TrackingEntry = ReturnType<typeof toTrackingEntry>

function withJobs(db: DB, rows: InteractionRow[]): TrackingEntry[] {
  // Every row has its job (foreign key cascade), and loadJobs keeps the order of the ids.
  const jobs = loadJobs(db, rows.map((row) => row.job_id), { description: 'preview', ghost: true })
  return rows.map((row, i) => toTrackingEntry(row, jobs[i]))
}

const LISTS: Record<TrackingList, { where: string; order: string }> = {
  all: { where: '', order: 'updated_at DESC' },
  saved: { where: 'AND saved_at IS NOT NULL', order: 'saved_at DESC' },
  viewed: { where: 'AND viewed_at IS NOT NULL', order: 'viewed_at DESC' },
  dismissed: { where: 'AND dismissed_at IS NOT NULL', order: 'dismissed_at DESC' },
}

export function listTracking(db: DB, userId: number, list: TrackingList, limit: number, offset: number): { items: TrackingEntry[]; total: number } {
  const { where, order } = LISTS[list]
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM job_interactions WHERE user_id = ? ${where} ORDER BY ${order}, job_id DESC LIMIT ? OFFSET ?`)
    .all(userId, limit, offset) as InteractionRow[]
  const { total } = db.prepare(`SELECT count(*) AS total FROM job_interactions WHERE user_id = ? ${where}`).get(userId) as { total: number }
  return { items: withJobs(db, rows), total }
}

export function getTracking(db: DB, userId: number, jobId: number): TrackingEntry | null {
  const row = readRow(db, userId, jobId)
  return row ? withJobs(db, [row])[0] : null
}

/** Job ids the user dismissed: digests leave them out. */
export function dismissedJobIds(db: DB, userId: number): Set<number> {
  const rows = db.prepare('SELECT job_id FROM job_interactions WHERE user_id = ? AND dismissed_at IS NOT NULL').all(userId) as { job_id: number }[]
  return new Set(rows.map((row) => row.job_id))
}
