import type { DB } from '../db/connection.ts'
import { automaticMove, SIGNAL_STAGE, type Signal, type Stage } from '../tracker/stages.ts'
import type { Label, MailSource } from './labels.ts'
import { nonNull } from '../non-null.ts'

/**
 * The mail of one application, for the tracker's detail read: the linked messages, newest first,
 * and a stage suggestion — the newest suggested (not yet confirmed) message whose label would move
 * the card forward, so the user can confirm it and let the move happen.
 */
interface LinkedRow {
  id: number
  source: MailSource
  from_addr: string
  from_name: string
  subject: string
  status_signal: Label | null
  link_source: string | null
  received_at: string
  read: number
}

export function linkedMail(db: DB, userId: number, jobId: number) {
  const rows = db
    .prepare(
      `SELECT id, source, from_addr, from_name, subject, status_signal, link_source, received_at, read FROM emails
       WHERE user_id = ? AND job_id = ? AND deleted_at IS NULL ORDER BY received_at DESC, id DESC`,
    )
    .all(userId, jobId) as LinkedRow[]
  return rows.map((row) => ({
    id: row.id,
    source: row.source,
    from_addr: row.from_addr,
    from_name: row.from_name,
    subject: row.subject,
    ...nonNull({ status_signal: row.status_signal, link_source: row.link_source }),
    received_at: row.received_at,
    read: row.read === 1,
  }))
}

export function stageSuggestion(db: DB, userId: number, jobId: number, current: Stage | null): { stage: Stage; signal: Signal; email_id: number } | undefined {
  const rows = db
    .prepare(
      `SELECT id, status_signal FROM emails WHERE user_id = ? AND job_id IS NULL AND suggested_job_id = ? AND deleted_at IS NULL AND status_signal IS NOT NULL
       ORDER BY received_at DESC, id DESC`,
    )
    .all(userId, jobId) as { id: number; status_signal: string }[]
  for (const row of rows) {
    const implied = SIGNAL_STAGE[row.status_signal as Signal] as Stage | undefined
    const stage = implied && automaticMove(current, implied)
    if (stage) return { stage, signal: row.status_signal as Signal, email_id: row.id }
  }
  return undefined
}
