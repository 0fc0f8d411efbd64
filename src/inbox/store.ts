import type { DB } from '../db/connection.ts'
import type { Label, MailSource } from './labels.ts'

/**
 * The stored messages and the two views the API serves: the list item and the full body. Every
 * view carries the linking fields; a link wins over a stale suggestion, so each live message is
 * exactly one of linked, suggested, unlinked.
 */
export interface EmailRow {
  id: number
  user_id: number
  source: MailSource
  external_id: string
  message_id: string | null
  thread_id: string | null
  in_reply_to: string | null
  refs: string
  from_addr: string
  from_name: string
  to_addr: string
  subject: string
  snippet: string
  body_text: string
  body_html: string
  invitation: string | null
  received_at: string
  read: number
  deleted_at: string | null
  status_signal: Label | null
  job_id: number | null
  link_source: 'auto' | 'manual' | 'agent' | null
  suggested_job_id: number | null
  created_at: string
  updated_at: string
}

export type NewEmail = Pick<EmailRow, 'user_id' | 'source' | 'external_id' | 'message_id' | 'thread_id' | 'in_reply_to' | 'from_addr' | 'from_name' | 'to_addr' | 'subject' | 'body_text' | 'body_html' | 'invitation' | 'received_at'> & { refs: string[] }

/**
 * When a message counts as received: its stated time (Date header, pushed `received_at`), but never
 * later than now — a wrong clock or a forged date would otherwise pin it atop the inbox and hold its
 * application's silence clock for years.
 */
export const receivedAtOf = (stated: string | null | undefined, now: string): string => (stated && stated < now ? stated : now)

export const snippetOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat
}

export function insertEmail(db: DB, mail: NewEmail, now: string): number {
  const result = db
    .prepare(
      `INSERT INTO emails (user_id, source, external_id, message_id, thread_id, in_reply_to, refs, from_addr, from_name, to_addr, subject, snippet, body_text, body_html, invitation, received_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(mail.user_id, mail.source, mail.external_id, mail.message_id, mail.thread_id, mail.in_reply_to, JSON.stringify(mail.refs), mail.from_addr, mail.from_name, mail.to_addr, mail.subject, snippetOf(mail.body_text), mail.body_text, mail.body_html, mail.invitation, mail.received_at, now, now)
  return Number(result.lastInsertRowid)
}

export function emailRow(db: DB, userId: number, id: number): EmailRow | undefined {
  return db.prepare('SELECT * FROM emails WHERE id = ? AND user_id = ?').get(id, userId) as EmailRow | undefined
}

/** A live (not deleted) message of the caller. */
export function liveEmail(db: DB, userId: number, id: number): EmailRow | undefined {
  const row = emailRow(db, userId, id)
  return row && row.deleted_at === null ? row : undefined
}

interface JobRef {
  slug: string
  company: string
}

function jobRef(db: DB, jobId: number | null): JobRef | undefined {
  if (jobId === null) return undefined
  return db.prepare('SELECT j.public_slug AS slug, c.name AS company FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ?').get(jobId) as JobRef | undefined
}

function linkingFields(db: DB, row: EmailRow) {
  const linked = jobRef(db, row.job_id)
  const suggested = linked ? undefined : jobRef(db, row.suggested_job_id)
  return {
    ...(row.status_signal !== null && { status_signal: row.status_signal }),
    ...(linked && row.link_source !== null && { link_source: row.link_source }),
    ...(linked && { linked_slug: linked.slug, linked_company: linked.company }),
    ...(suggested && { suggested_slug: suggested.slug, suggested_company: suggested.company }),
  }
}

/** What the list item and the full message share. */
function headerFields(db: DB, row: EmailRow) {
  return {
    id: row.id,
    source: row.source,
    external_id: row.external_id,
    from_addr: row.from_addr,
    from_name: row.from_name,
    subject: row.subject,
    received_at: row.received_at,
    read: row.read === 1,
    ...linkingFields(db, row),
  }
}

/** The list item; `withBody` adds body_text. */
export function listItem(db: DB, row: EmailRow, withBody = false) {
  return { ...headerFields(db, row), snippet: row.snippet, ...(withBody && { body_text: row.body_text }) }
}

/** The full message ("EmailBody"). */
export function emailBody(db: DB, row: EmailRow) {
  return { ...headerFields(db, row), body_text: row.body_text, body_html: row.body_html }
}

export type EmailBody = ReturnType<typeof emailBody>
