import { createHash } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { parseInvitation } from './calendar.ts'
import { applyTrackerEffects } from './effects.ts'
import type { MailSource } from './labels.ts'
import { decideLink, type LinkDecision } from './linking.ts'
import { parseRawMessage } from './parse.ts'
import { emailRow, insertEmail, receivedAtOf } from './store.ts'
import { classify, labelFor, ownText } from './triage.ts'

/**
 * The one way a raw message enters the inbox, whichever route delivered it (the hosted mailbox's
 * SMTP listener, an IMAP or Gmail sync, a pushed raw message). Parses, drops a message the user
 * already has (same Message-ID, whatever its source; a deleted one stays deleted), stores it with
 * its HTML sanitised, labels it, links it to an application or suggests one, and applies the
 * tracker effects — all in one transaction.
 */
export type IngestSource = 'hosted' | 'imap' | 'gmail' | 'push'

export interface IngestOptions {
  /** When the provider received it (ISO); default the message's Date header, else now. */
  receivedAt?: string
  /** The provider's id (Gmail message id, IMAP `folder:uidvalidity:uid`); default the Message-ID. */
  externalId?: string
  /** The provider's thread id, when it has one. */
  threadId?: string
  now?: string
}

const SOURCE_OF: Record<IngestSource, MailSource> = { hosted: 'hosted', imap: 'imap', gmail: 'gmail', push: 'external' }

export async function ingestRawMessage(db: DB, userId: number, raw: Buffer, source: IngestSource, opts: IngestOptions = {}): Promise<{ id: number; duplicate: boolean }> {
  const parsed = await parseRawMessage(raw)
  const now = opts.now ?? new Date().toISOString()
  const mailSource = SOURCE_OF[source]
  const externalId = opts.externalId ?? parsed.messageId ?? `sha256:${createHash('sha256').update(raw).digest('hex')}`
  const invitation = parsed.calendars.map(parseInvitation).find((i) => i !== undefined)
  return db.transaction(() => {
    const existing = (parsed.messageId !== null
      ? db.prepare('SELECT id FROM emails WHERE user_id = ? AND message_id = ? ORDER BY id LIMIT 1').pluck().get(userId, parsed.messageId)
      : undefined) ?? db.prepare('SELECT id FROM emails WHERE user_id = ? AND source = ? AND external_id = ?').pluck().get(userId, mailSource, externalId)
    if (existing !== undefined) return { id: existing as number, duplicate: true }
    const receivedAt = receivedAtOf(opts.receivedAt ?? parsed.date, now)
    const id = insertEmail(
      db,
      {
        user_id: userId,
        source: mailSource,
        external_id: externalId,
        message_id: parsed.messageId,
        thread_id: opts.threadId ?? null,
        in_reply_to: parsed.inReplyTo,
        refs: parsed.refs,
        from_addr: parsed.fromAddr,
        from_name: parsed.fromName,
        to_addr: parsed.toAddr,
        subject: parsed.subject,
        body_text: parsed.bodyText,
        body_html: parsed.bodyHtml,
        invitation: invitation ? JSON.stringify(invitation) : null,
        received_at: receivedAt,
      },
      now,
    )
    classifyAndLink(db, userId, id, now)
    return { id, duplicate: false }
  })()
}

/** Labels a stored message, links it or records a suggestion, and applies the tracker effects. */
export function classifyAndLink(db: DB, userId: number, id: number, now: string): void {
  const row = emailRow(db, userId, id)!
  const triage = classify({ fromAddr: row.from_addr, fromName: row.from_name, subject: row.subject, bodyText: row.body_text, hasInvitation: row.invitation !== null })
  const { text, forwarded } = ownText(row.body_text)
  // Job alerts and newsletters name roles and companies too, but belong to no application.
  const alert = triage.label === 'other' && triage.confidence >= 0.8
  const decision: LinkDecision = alert ? { kind: 'none' } : decideLink(db, {
    userId,
    fromAddr: row.from_addr,
    fromName: row.from_name,
    subject: forwarded?.subject ?? row.subject,
    text,
    inReplyTo: row.in_reply_to,
    refs: JSON.parse(row.refs) as string[],
    forwardedFrom: forwarded?.fromAddr,
    forwardedName: forwarded?.fromName,
  })
  const jobId = decision.kind === 'link' ? decision.jobId : null
  const suggested = decision.kind === 'suggest' ? decision.jobId : null
  db.prepare('UPDATE emails SET status_signal = ?, job_id = ?, link_source = ?, suggested_job_id = ?, updated_at = ? WHERE id = ?').run(
    labelFor(triage, decision.kind !== 'none'), jobId, jobId === null ? null : 'auto', suggested, now, id,
  )
  applyTrackerEffects(db, emailRow(db, userId, id)!, now)
}
