import type { DB } from '../db/connection.ts'
import { feedbackSummaries, NO_FEEDBACK } from '../catalogue/community-signals.ts'
import { AUTHOR_SQL, ensurePersona, personaJoin } from './persona.ts'
import { DAY, spendCap } from '../plan/caps.ts'

/**
 * Company reviews: one per user, company and feedback_type (a second POST edits it), visible until
 * a moderator hides it. Count and average (community-signals.ts) read only visible reviews, live
 * from this table, so company reads and sort=rating follow every write and hide at once.
 */
export const FEEDBACK_TYPES = ['interview', 'culture', 'compensation', 'management', 'work_life_balance', 'career_growth', 'other'] as const
export const REPORT_REASONS = ['spam', 'offensive', 'false_information', 'other'] as const
export const FEEDBACK_MAX_RUNES = 5000
export type FeedbackType = (typeof FEEDBACK_TYPES)[number]
export type ReportReason = (typeof REPORT_REASONS)[number]

interface FeedbackRow {
  id: number
  author: string
  rating: number
  feedback_type: string
  body: string
  created_at: string
  updated_at: string
}

const SELECT = `SELECT f.id, ${AUTHOR_SQL} AS author, f.rating, f.feedback_type, f.body, f.created_at, f.updated_at
  FROM company_feedback f ${personaJoin('f')}`

/** The Feedback object of the API: the only place a review row becomes JSON. */
export type Feedback = ReturnType<typeof toFeedback>
export function toFeedback(row: FeedbackRow) {
  return { id: row.id, author: row.author, rating: row.rating, feedback_type: row.feedback_type, body: row.body, created_at: row.created_at, updated_at: row.updated_at }
}

/** The company counters as the API names them. */
export function companyCounters(db: DB, companyId: number) {
  const summary = feedbackSummaries(db, [companyId]).get(companyId) ?? NO_FEEDBACK
  return { feedback_count: summary.count, feedback_rating_avg: summary.ratingAvg }
}

/** Visible reviews of a company, newest first. */
export function listFeedback(db: DB, companyId: number, limit: number, offset: number) {
  const rows = db
    .prepare(`${SELECT} WHERE f.company_id = ? AND f.hidden_at IS NULL ORDER BY f.created_at DESC, f.id DESC LIMIT ? OFFSET ?`)
    .all(companyId, limit, offset) as FeedbackRow[]
  const total = db.prepare('SELECT count(*) FROM company_feedback WHERE company_id = ? AND hidden_at IS NULL').pluck().get(companyId) as number
  return { items: rows.map(toFeedback), total }
}

/** The caller's own reviews of a company, one per feedback_type (hidden ones included: they are theirs). */
export function myFeedback(db: DB, companyId: number, userId: number) {
  const rows = db.prepare(`${SELECT} WHERE f.company_id = ? AND f.user_id = ? ORDER BY f.feedback_type`).all(companyId, userId) as FeedbackRow[]
  return rows.map(toFeedback)
}

export interface FeedbackInput {
  rating: number
  feedbackType: FeedbackType
  body: string
}

/**
 * Writes the caller's review of this type (insert or edit) and answers it with the fresh counters.
 * Only a new review counts toward the daily cap; an edit keeps created_at and un-hides nothing.
 */
export function upsertFeedback(db: DB, companyId: number, userId: number, input: FeedbackInput, options: { now: Date; perDay: number }) {
  return db.transaction(() => {
    const stamp = options.now.toISOString()
    const existing = db
      .prepare('SELECT id FROM company_feedback WHERE company_id = ? AND user_id = ? AND feedback_type = ?')
      .pluck()
      .get(companyId, userId, input.feedbackType) as number | undefined
    let id = existing
    if (id === undefined) {
      spendCap(db, userId, { kind: 'feedback', limit: options.perDay, windowSeconds: DAY, what: 'new reviews' }, options.now)
      ensurePersona(db, userId, stamp)
      id = Number(
        db
          .prepare('INSERT INTO company_feedback (company_id, user_id, rating, body, created_at, updated_at, feedback_type) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(companyId, userId, input.rating, input.body, stamp, stamp, input.feedbackType).lastInsertRowid,
      )
    } else {
      db.prepare('UPDATE company_feedback SET rating = ?, body = ?, updated_at = ? WHERE id = ?').run(input.rating, input.body, stamp, id)
    }
    const row = db.prepare(`${SELECT} WHERE f.id = ?`).get(id) as FeedbackRow
    return { ...toFeedback(row), company: companyCounters(db, companyId) }
  })()
}

/** Removes the caller's review of one type (a no-op when there is none); answers the counters. */
export function deleteFeedback(db: DB, companyId: number, userId: number, feedbackType: FeedbackType) {
  return db.transaction(() => {
    db.prepare('DELETE FROM company_feedback WHERE company_id = ? AND user_id = ? AND feedback_type = ?').run(companyId, userId, feedbackType)
    return companyCounters(db, companyId)
  })()
}

/** Records a report; a repeat by the same user changes nothing. False when the review does not exist. */
export function reportFeedback(db: DB, feedbackId: number, userId: number, reason: ReportReason, now: Date): boolean {
  return db.transaction(() => {
    if (!db.prepare('SELECT 1 FROM company_feedback WHERE id = ?').get(feedbackId)) return false
    db.prepare('INSERT INTO company_feedback_reports (feedback_id, user_id, reason, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(feedbackId, userId, reason, now.toISOString())
    return true
  })()
}

/** The moderation queue: reported reviews still visible, most-reported first, then the newest report. */
export function reportedFeedback(db: DB) {
  const rows = db
    .prepare(
      `SELECT f.id, ${AUTHOR_SQL} AS author, f.rating, f.feedback_type, f.body, f.created_at, f.updated_at, c.slug AS company_slug,
              count(*) AS report_count, json_group_array(DISTINCT r.reason) AS reasons, max(r.created_at) AS last_report
       FROM company_feedback_reports r JOIN company_feedback f ON f.id = r.feedback_id JOIN companies c ON c.id = f.company_id ${personaJoin('f')}
       WHERE f.hidden_at IS NULL
       GROUP BY f.id ORDER BY report_count DESC, last_report DESC, f.id DESC`,
    )
    .all() as (FeedbackRow & { company_slug: string; report_count: number; reasons: string })[]
  return rows.map((row) => ({
    ...toFeedback(row),
    company_slug: row.company_slug,
    report_count: row.report_count,
    report_reasons: (JSON.parse(row.reasons) as string[]).sort(),
  }))
}

/** Hides a review (idempotent: the first hiding time is kept). False when it does not exist. */
export function hideFeedback(db: DB, feedbackId: number, now: Date): boolean {
  const found = db.prepare('SELECT 1 FROM company_feedback WHERE id = ?').get(feedbackId)
  if (!found) return false
  db.prepare('UPDATE company_feedback SET hidden_at = ? WHERE id = ? AND hidden_at IS NULL').run(now.toISOString(), feedbackId)
  return true
}
