import type { DB } from '../db/connection.ts'
import type { Label, LinkState, MailSource } from './labels.ts'
import { listItem, type EmailRow } from './store.ts'

/**
 * The inbox list and "mark all read": one filter, newest first, deleted mail excluded. Mail
 * labelled `other` (alerts, newsletters) is hidden unless asked for, and counted as `hidden`.
 */
export interface InboxFilter {
  source?: MailSource
  status?: Label
  link?: LinkState
  unread?: boolean
  unclassified?: boolean
  includeOther?: boolean
  q?: string
}

const LINK_SQL: Record<LinkState, string> = {
  linked: 'job_id IS NOT NULL',
  suggested: 'job_id IS NULL AND suggested_job_id IS NOT NULL',
  unlinked: 'job_id IS NULL AND suggested_job_id IS NULL',
}

const likeOf = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** WHERE clause and arguments of a filter; `other` mail stays in unless `showOther`. */
function whereOf(userId: number, filter: InboxFilter, showOther: boolean): { sql: string; args: unknown[] } {
  const parts = ['user_id = ?', 'deleted_at IS NULL']
  const args: unknown[] = [userId]
  if (filter.source) {
    parts.push('source = ?')
    args.push(filter.source)
  }
  if (filter.status) {
    parts.push('status_signal = ?')
    args.push(filter.status)
  }
  if (filter.link) parts.push(LINK_SQL[filter.link])
  if (filter.unread) parts.push('read = 0')
  if (filter.unclassified) parts.push('status_signal IS NULL')
  if (filter.q?.trim()) {
    parts.push("(lower(subject) LIKE ? ESCAPE '\\' OR lower(from_addr) LIKE ? ESCAPE '\\' OR lower(from_name) LIKE ? ESCAPE '\\' OR lower(body_text) LIKE ? ESCAPE '\\')")
    const like = likeOf(filter.q.trim())
    args.push(like, like, like, like)
  }
  if (!showOther) parts.push("coalesce(status_signal, '') <> 'other'")
  return { sql: parts.join(' AND '), args }
}

export function listInbox(db: DB, userId: number, filter: InboxFilter, page: { limit: number; offset: number; body: boolean }) {
  const showOther = filter.includeOther === true || filter.status === 'other'
  const where = whereOf(userId, filter, showOther)
  const rows = db.prepare(`SELECT * FROM emails WHERE ${where.sql} ORDER BY received_at DESC, id DESC LIMIT ? OFFSET ?`).all(...where.args, page.limit, page.offset) as EmailRow[]
  const total = db.prepare(`SELECT count(*) FROM emails WHERE ${where.sql}`).pluck().get(...where.args) as number
  let hidden = 0
  if (!showOther) {
    const all = whereOf(userId, filter, true)
    hidden = (db.prepare(`SELECT count(*) FROM emails WHERE ${all.sql}`).pluck().get(...all.args) as number) - total
  }
  return { items: rows.map((row) => listItem(db, row, page.body)), total, hidden }
}

/** Marks the unread matches of a filter read; `other` mail counts only when the filter names it. */
export function markAllRead(db: DB, userId: number, filter: InboxFilter, now: string): number {
  const where = whereOf(userId, { ...filter, unread: true }, filter.status === 'other' || filter.includeOther === true)
  return db.prepare(`UPDATE emails SET read = 1, updated_at = ? WHERE ${where.sql}`).run(now, ...where.args).changes
}
