import type { DB } from '../db/connection.ts'

/**
 * The timeline: events of the caller's applications, written by the tracker (applied, stage_set),
 * mail triage (employer_reply, follow_up_sent) and invitations (interview_scheduled).
 * `observed` marks what was seen in mail or a calendar rather than stated by the user.
 */
export const EVENT_KINDS = ['applied', 'employer_reply', 'follow_up_sent', 'stage_set', 'interview_scheduled'] as const
export const EVENT_SOURCES = ['mail_gmail', 'mail_hosted', 'mail_external', 'user', 'assistant', 'calendar_google', 'system'] as const
export type EventKind = (typeof EVENT_KINDS)[number]
export type EventSource = (typeof EVENT_SOURCES)[number]

export interface NewEvent {
  userId: number
  applicationId: number
  kind: EventKind
  signal?: string
  source: EventSource
  occurredAt: string
  emailId?: number
}

export function addEvent(db: DB, event: NewEvent): void {
  db.prepare(
    'INSERT INTO application_events (user_id, application_id, kind, signal, source, email_id, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(event.userId, event.applicationId, event.kind, event.signal ?? null, event.source, event.emailId ?? null, event.occurredAt)
}

interface EventRow {
  id: number
  kind: EventKind
  signal: string | null
  source: EventSource
  occurred_at: string
  email_id: number | null
  application_id: number
  company_slug: string
  role_title: string
  job_slug: string
  job_id: number | null
  email_subject: string | null
}

const SELECT = `SELECT e.id, e.kind, e.signal, e.source, e.occurred_at, e.email_id, e.application_id,
  a.company_slug, a.role_title, a.job_slug, a.job_id, m.subject AS email_subject
  FROM application_events e JOIN applications a ON a.id = e.application_id
  LEFT JOIN emails m ON m.id = e.email_id AND m.deleted_at IS NULL`

/** A timeline event as the API shows it; the job slug only while the posting exists. */
function toEvent(row: EventRow) {
  return {
    id: row.id,
    kind: row.kind,
    ...(row.signal !== null && { signal: row.signal }),
    source: row.source,
    observed: row.source.startsWith('mail_') || row.source.startsWith('calendar_'),
    occurred_at: row.occurred_at,
    company_slug: row.company_slug,
    role_title: row.role_title,
    application_id: row.application_id,
    ...(row.job_id !== null && { job_slug: row.job_slug }),
    // The mail behind the event, while it exists (deleted mail is not named).
    ...(row.email_subject !== null && { email_id: row.email_id, email_subject: row.email_subject }),
  }
}

export type TimelineEvent = ReturnType<typeof toEvent>

/** The caller's events in [from, to], oldest first. */
export function timeline(db: DB, userId: number, from: string, to: string): TimelineEvent[] {
  const rows = db.prepare(`${SELECT} WHERE e.user_id = ? AND e.occurred_at >= ? AND e.occurred_at <= ? ORDER BY e.occurred_at, e.id`).all(userId, from, to) as EventRow[]
  return rows.map(toEvent)
}

/** One application's events, newest first, at most `limit`. */
export function applicationEvents(db: DB, applicationId: number, limit: number): TimelineEvent[] {
  const rows = db.prepare(`${SELECT} WHERE e.application_id = ? ORDER BY e.occurred_at DESC, e.id DESC LIMIT ?`).all(applicationId, limit) as EventRow[]
  return rows.map(toEvent)
}
