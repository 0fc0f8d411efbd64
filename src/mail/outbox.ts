import type { DB } from '../db/connection.ts'

/**
 * The outbox table: every outgoing mail, readable with `openroles mail outbox` when there is no SMTP.
 * Bodies carry codes, so they do not outlive their use: a delivered mail's body is redacted at once,
 * a kept or failed one after MAIL_KEEP_MINUTES (subject, recipient and status stay for the record).
 */
export type OutboxStatus = 'kept' | 'pending' | 'sent' | 'failed'

export interface OutboxEntry {
  id: number
  recipient: string
  subject: string
  bodyText: string
  status: OutboxStatus
  createdAt: string
  sentAt: string | null
}

interface OutboxRow {
  id: number
  recipient: string
  subject: string
  body_text: string
  status: OutboxStatus
  created_at: string
  sent_at: string | null
}

export function insertOutboxEntry(
  db: DB,
  entry: { recipient: string; subject: string; bodyText: string; status: OutboxStatus; createdAt: string },
): number {
  const result = db
    .prepare('INSERT INTO mail_outbox (recipient, subject, body_text, status, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(entry.recipient, entry.subject, entry.bodyText, entry.status, entry.createdAt)
  return Number(result.lastInsertRowid)
}

export const REDACTED_BODY = '[body removed: it was delivered, or kept longer than MAIL_KEEP_MINUTES]'

export function markOutboxEntry(db: DB, id: number, status: OutboxStatus, sentAt: string | null): void {
  if (status === 'sent') db.prepare('UPDATE mail_outbox SET status = ?, sent_at = ?, body_text = ? WHERE id = ?').run(status, sentAt, REDACTED_BODY, id)
  else db.prepare('UPDATE mail_outbox SET status = ?, sent_at = ? WHERE id = ?').run(status, sentAt, id)
}

/** Redacts the bodies of mail recorded before `olderThan` (ISO time) that are not waiting for SMTP. */
export function redactOldBodies(db: DB, olderThan: string): number {
  return db
    .prepare("UPDATE mail_outbox SET body_text = ? WHERE status != 'pending' AND created_at < ? AND body_text != ?")
    .run(REDACTED_BODY, olderThan, REDACTED_BODY).changes
}

/** Newest first; optionally only the mail sent to one address. */
export function listOutbox(db: DB, options: { recipient?: string; limit: number }): OutboxEntry[] {
  const rows = (
    options.recipient
      ? db.prepare('SELECT * FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT ?').all(options.recipient, options.limit)
      : db.prepare('SELECT * FROM mail_outbox ORDER BY id DESC LIMIT ?').all(options.limit)
  ) as OutboxRow[]
  return rows.map((row) => ({
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    bodyText: row.body_text,
    status: row.status,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  }))
}

/** Mail addressed to a deleted account goes with it. */
export function deleteOutboxFor(db: DB, recipient: string): void {
  db.prepare('DELETE FROM mail_outbox WHERE recipient = ?').run(recipient)
}
