import type { DB } from '../db/connection.ts'
import { conflict, notFound } from '../errors.ts'
import { textToHtml, htmlToText, sanitizeDescription } from '../ingest/sanitize.ts'
import { recordAction } from '../tracker/tracking.ts'
import { applyTrackerEffects } from './effects.ts'
import { eventSourceOf, type Label } from './labels.ts'
import { emailBody, emailRow, insertEmail, liveEmail, receivedAtOf, snippetOf, type EmailBody, type EmailRow } from './store.ts'

/**
 * The writes on one message: read, label (triage), link, unlink, confirm or reject a suggestion,
 * mark as the application, delete and restore; and pushed messages. Each runs in one transaction
 * and answers the message as it now is. Every link lands the tracker effects (src/inbox/effects.ts).
 */
type JobIdOf = (slug: string) => number | undefined

function requireLive(db: DB, userId: number, id: number): EmailRow {
  const row = liveEmail(db, userId, id)
  if (!row) throw notFound('not found')
  return row
}

function requireJob(jobIdOf: JobIdOf, slug: string): number {
  const jobId = jobIdOf(slug)
  if (jobId === undefined) throw notFound('job not found')
  return jobId
}

const reread = (db: DB, row: EmailRow): EmailBody => emailBody(db, emailRow(db, row.user_id, row.id)!)

const hasPendingSuggestion = (row: EmailRow) => row.job_id === null && row.suggested_job_id !== null

function setLink(db: DB, row: EmailRow, jobId: number, linkSource: 'manual' | 'agent', now: string): void {
  db.prepare('UPDATE emails SET job_id = ?, link_source = ?, suggested_job_id = NULL, updated_at = ? WHERE id = ?').run(jobId, linkSource, now, row.id)
}

/** GET one message: marks it read. */
export function readMessage(db: DB, userId: number, id: number, now: string): EmailBody {
  const row = requireLive(db, userId, id)
  if (row.read === 0) db.prepare('UPDATE emails SET read = 1, updated_at = ? WHERE id = ?').run(now, id)
  return reread(db, row)
}

/** Back to unread, as a mail client's "mark unread": the message waits in the unread filter again. */
export function markUnread(db: DB, userId: number, id: number, now: string): EmailBody {
  const row = requireLive(db, userId, id)
  if (row.read === 1) db.prepare('UPDATE emails SET read = 0, updated_at = ? WHERE id = ?').run(now, id)
  return reread(db, row)
}

/** An agent's (or the user's) label; with a slug also the link. Below `minConfidence` no card moves. */
export function triageMessage(db: DB, userId: number, id: number, input: { signal: Label; slug?: string; confidence?: number }, jobIdOf: JobIdOf, now: string, minConfidence: number): EmailBody {
  return db.transaction(() => {
    const row = requireLive(db, userId, id)
    const jobId = input.slug === undefined ? undefined : requireJob(jobIdOf, input.slug)
    db.prepare('UPDATE emails SET status_signal = ?, updated_at = ? WHERE id = ?').run(input.signal, now, id)
    if (jobId !== undefined) setLink(db, row, jobId, 'agent', now)
    const move = input.confidence === undefined || input.confidence * 100 >= minConfidence
    applyTrackerEffects(db, emailRow(db, userId, id)!, now, { move })
    return reread(db, row)
  })()
}

export function linkMessage(db: DB, userId: number, id: number, slug: string, jobIdOf: JobIdOf, now: string): EmailBody {
  return db.transaction(() => {
    const row = requireLive(db, userId, id)
    setLink(db, row, requireJob(jobIdOf, slug), 'manual', now)
    applyTrackerEffects(db, emailRow(db, userId, id)!, now)
    return reread(db, row)
  })()
}

export function unlinkMessage(db: DB, userId: number, id: number, now: string): EmailBody {
  const row = requireLive(db, userId, id)
  db.prepare('UPDATE emails SET job_id = NULL, link_source = NULL, updated_at = ? WHERE id = ?').run(now, id)
  return reread(db, row)
}

/** The pending suggestion becomes the link. */
export function confirmSuggestion(db: DB, userId: number, id: number, now: string): EmailBody {
  return db.transaction(() => {
    const row = requireLive(db, userId, id)
    if (!hasPendingSuggestion(row)) throw notFound('no pending suggestion')
    setLink(db, row, row.suggested_job_id!, 'manual', now)
    applyTrackerEffects(db, emailRow(db, userId, id)!, now)
    return reread(db, row)
  })()
}

export function rejectSuggestion(db: DB, userId: number, id: number, now: string): EmailBody {
  const row = requireLive(db, userId, id)
  if (!hasPendingSuggestion(row)) throw notFound('no pending suggestion')
  db.prepare('UPDATE emails SET suggested_job_id = NULL, updated_at = ? WHERE id = ?').run(now, id)
  return reread(db, row)
}

/** This mail is the application: the job is marked applied at the mail's time (an observed event) and the mail linked. */
export function markAsApplication(db: DB, userId: number, id: number, slug: string, jobIdOf: JobIdOf, now: string): EmailBody {
  return db.transaction(() => {
    const row = requireLive(db, userId, id)
    const jobId = requireJob(jobIdOf, slug)
    if (hasPendingSuggestion(row)) throw conflict('this message has a link suggestion to confirm or reject first')
    recordAction(db, userId, jobId, 'apply', now, row.received_at, eventSourceOf(row.source))
    setLink(db, row, jobId, 'manual', now)
    applyTrackerEffects(db, emailRow(db, userId, id)!, now)
    return reread(db, row)
  })()
}

export function deleteMessage(db: DB, userId: number, id: number, now: string): void {
  requireLive(db, userId, id)
  db.prepare('UPDATE emails SET deleted_at = ?, updated_at = ? WHERE id = ?').run(now, now, id)
}

export function restoreMessage(db: DB, userId: number, id: number, now: string): void {
  if (!emailRow(db, userId, id)) throw notFound('not found')
  db.prepare('UPDATE emails SET deleted_at = NULL, updated_at = ? WHERE id = ?').run(now, id)
}

export interface PushedMessage {
  external_id: string
  thread_id?: string
  from_addr?: string
  from_name?: string
  subject?: string
  body_text?: string
  body_html?: string
  received_at?: string
}

/**
 * Pushed mail (source `external`): new external ids are inserted, known ones get their content
 * refreshed (read, deleted and triage state kept). Nothing is classified: the client labels it.
 */
export function pushMessages(db: DB, userId: number, messages: PushedMessage[], now: string): { inserted: number; updated: number } {
  return db.transaction(() => {
    let inserted = 0
    let updated = 0
    for (const m of messages) {
      const html = m.body_html ? sanitizeDescription(m.body_html) : m.body_text ? textToHtml(m.body_text) : ''
      const text = m.body_text ?? (html ? htmlToText(html) : '')
      const content = {
        thread_id: m.thread_id ?? null,
        from_addr: (m.from_addr ?? '').toLowerCase(),
        from_name: m.from_name ?? '',
        subject: m.subject ?? '',
        body_text: text,
        body_html: html,
        received_at: receivedAtOf(m.received_at ? new Date(m.received_at).toISOString() : null, now),
      }
      const existing = db.prepare("SELECT id FROM emails WHERE user_id = ? AND source = 'external' AND external_id = ?").pluck().get(userId, m.external_id) as number | undefined
      if (existing === undefined) {
        insertEmail(db, { user_id: userId, source: 'external', external_id: m.external_id, message_id: null, in_reply_to: null, refs: [], to_addr: '', invitation: null, ...content }, now)
        inserted += 1
      } else {
        db.prepare('UPDATE emails SET thread_id = ?, from_addr = ?, from_name = ?, subject = ?, snippet = ?, body_text = ?, body_html = ?, received_at = ?, updated_at = ? WHERE id = ?').run(
          content.thread_id, content.from_addr, content.from_name, content.subject, snippetOf(text), text, html, content.received_at, now, existing,
        )
        updated += 1
      }
    }
    return { inserted, updated }
  })()
}
