import type { DB } from '../db/connection.ts'
import { addEvent, type EventSource } from './events.ts'
import { nonNull } from '../non-null.ts'

/**
 * Interviews of the caller's applications. A calendar invitation found in linked mail (the mail
 * work parses the .ics and calls `recordInterview`) becomes a `suggested` interview; the same
 * invitation UID sent again updates the row (a new time, or `cancelled` for METHOD:CANCEL), and
 * the user confirms. A new interview writes an `interview_scheduled` timeline event.
 */
export const INTERVIEW_STATUSES = ['suggested', 'confirmed', 'cancelled'] as const
export type InterviewStatus = (typeof INTERVIEW_STATUSES)[number]

export interface InterviewInput {
  userId: number
  applicationId: number
  uid: string
  startsAt: string
  endsAt?: string
  title?: string
  joinUrl?: string
  status: InterviewStatus
  source: EventSource
  now: string
}

/** Inserts or updates (by invitation UID) an interview; returns its id. */
export function recordInterview(db: DB, input: InterviewInput): number {
  return db.transaction(() => {
    const existing = db.prepare('SELECT id FROM interviews WHERE user_id = ? AND uid = ?').pluck().get(input.userId, input.uid) as number | undefined
    const values = [input.startsAt, input.endsAt ?? null, input.title ?? null, input.joinUrl ?? null, input.status, input.now]
    if (existing !== undefined) {
      db.prepare('UPDATE interviews SET starts_at = ?, ends_at = ?, title = ?, join_url = ?, status = ?, updated_at = ? WHERE id = ?').run(...values, existing)
      return existing
    }
    const result = db
      .prepare('INSERT INTO interviews (user_id, application_id, uid, starts_at, ends_at, title, join_url, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(input.userId, input.applicationId, input.uid, ...values.slice(0, 5), input.now, input.now)
    addEvent(db, { userId: input.userId, applicationId: input.applicationId, kind: 'interview_scheduled', source: input.source, occurredAt: input.startsAt })
    return Number(result.lastInsertRowid)
  })()
}

interface InterviewRow {
  id: number
  application_id: number
  starts_at: string
  ends_at: string | null
  title: string | null
  join_url: string | null
  status: InterviewStatus
  company_slug: string
  role_title: string
  job_slug: string
  job_id: number | null
}

/** The caller's interviews starting in [from, to], earliest first; cancelled ones included. */
export function listInterviews(db: DB, userId: number, from: string, to: string) {
  const rows = db
    .prepare(
      `SELECT i.id, i.application_id, i.starts_at, i.ends_at, i.title, i.join_url, i.status, a.company_slug, a.role_title, a.job_slug, a.job_id
       FROM interviews i JOIN applications a ON a.id = i.application_id
       WHERE i.user_id = ? AND i.starts_at >= ? AND i.starts_at <= ? ORDER BY i.starts_at, i.id`,
    )
    .all(userId, from, to) as InterviewRow[]
  return rows.map((row) => ({
    id: row.id,
    application_id: row.application_id,
    starts_at: row.starts_at,
    ...nonNull({ ends_at: row.ends_at, title: row.title, join_url: row.join_url }),
    status: row.status,
    company_slug: row.company_slug,
    role_title: row.role_title,
    ...(row.job_id !== null && { job_slug: row.job_slug }),
  }))
}
