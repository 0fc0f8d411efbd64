import type { DB } from '../db/connection.ts'

/**
 * The caller's own marks on a live posting (job_interactions): views, the applied mark, saves and
 * dismissals, kept in step with the job's counters — jobs.view_count and applied_count count
 * distinct users, so repeated clicks do not inflate them. The durable application record (stage,
 * notes, what outlives the posting) is the tracker's (src/tracker/applications.ts).
 */
export type InteractionAction = 'view' | 'apply' | 'save' | 'dismiss'
export type InteractionMark = 'applied' | 'saved' | 'dismissed'

export interface InteractionRow {
  job_id: number
  view_count: number
  viewed_at: string | null
  applied_at: string | null
  saved_at: string | null
  dismissed_at: string | null
  updated_at: string
}

const COLUMNS = 'job_id, view_count, viewed_at, applied_at, saved_at, dismissed_at, updated_at'

export function readInteraction(db: DB, userId: number, jobId: number): InteractionRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM job_interactions WHERE user_id = ? AND job_id = ?`).get(userId, jobId) as InteractionRow | undefined
}

/**
 * Records a view, application, save or dismissal (call inside the caller's transaction).
 * Saving undoes a dismissal and vice versa; applying undoes a dismissal. `appliedAt` is when the
 * application happened (default now); a first application keeps its time.
 */
export function recordInteraction(db: DB, userId: number, jobId: number, action: InteractionAction, now: string, appliedAt = now): void {
  const before = readInteraction(db, userId, jobId)
  db.prepare('INSERT INTO job_interactions (user_id, job_id, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, jobId, now)
  const set: Record<InteractionAction, string> = {
    view: 'view_count = view_count + 1, viewed_at = @now',
    apply: 'applied_at = coalesce(applied_at, @appliedAt), dismissed_at = NULL',
    save: 'saved_at = coalesce(saved_at, @now), dismissed_at = NULL',
    dismiss: 'dismissed_at = coalesce(dismissed_at, @now), saved_at = NULL',
  }
  db.prepare(`UPDATE job_interactions SET ${set[action]}, updated_at = @now WHERE user_id = @userId AND job_id = @jobId`).run({ now, appliedAt, userId, jobId })
  if (action === 'view' && !before?.view_count) bumpJob(db, jobId, 'view_count', 1)
  if (action === 'apply' && !before?.applied_at) bumpJob(db, jobId, 'applied_count', 1)
}

/** Clears marks (call inside the caller's transaction); the applicant counter drops with the applied mark. */
export function clearMarks(db: DB, userId: number, jobId: number, marks: InteractionMark[], now: string): void {
  const before = readInteraction(db, userId, jobId)
  if (!before) return
  if (marks.includes('applied') && before.applied_at) bumpJob(db, jobId, 'applied_count', -1)
  const set = marks.map((mark) => `${mark}_at = NULL`).join(', ')
  db.prepare(`UPDATE job_interactions SET ${set}, updated_at = ? WHERE user_id = ? AND job_id = ?`).run(now, userId, jobId)
}

/** Drops a row no mark is left on (after an untrack of a posting never viewed nor dismissed). */
export function dropEmptyInteraction(db: DB, userId: number, jobId: number): void {
  db.prepare(
    'DELETE FROM job_interactions WHERE user_id = ? AND job_id = ? AND viewed_at IS NULL AND applied_at IS NULL AND saved_at IS NULL AND dismissed_at IS NULL',
  ).run(userId, jobId)
}

function bumpJob(db: DB, jobId: number, column: 'view_count' | 'applied_count', delta: number): void {
  db.prepare(`UPDATE jobs SET ${column} = max(0, ${column} + ?) WHERE id = ?`).run(delta, jobId)
}

/** Job ids the user dismissed: digests leave them out. */
export function dismissedJobIds(db: DB, userId: number): Set<number> {
  const rows = db.prepare('SELECT job_id FROM job_interactions WHERE user_id = ? AND dismissed_at IS NOT NULL').all(userId) as { job_id: number }[]
  return new Set(rows.map((row) => row.job_id))
}

/** The postings the user touched in any way (viewed, saved, applied, dismissed), most recent first, at most `limit`. */
export function touchedJobIds(db: DB, userId: number, limit: number): number[] {
  return db.prepare('SELECT job_id FROM job_interactions WHERE user_id = ? ORDER BY updated_at DESC, job_id DESC LIMIT ?').pluck().all(userId, limit) as number[]
}
