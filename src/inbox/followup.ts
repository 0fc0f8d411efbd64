import type { DB } from '../db/connection.ts'
import { conflict, notFound } from '../errors.ts'
import { addEvent } from '../tracker/events.ts'
import { silenceFields, trackingRow } from '../tracker/tracking-list.ts'
import type { Stage } from '../tracker/stages.ts'
import { cachedAnalysis, stampsOf } from '../match/store.ts'

/**
 * The follow-up on a silent application: a deterministic draft (subject, greeting by the newest
 * employer sender, an opening by stage, the analysis's first strength for context) — nothing is
 * sent — and the stamp that the user followed up. A configured model may one day reword the body;
 * the shape stays.
 */
const OPENING: Record<Stage | 'none', (role: string, company: string, appliedOn: string | null) => string> = {
  none: (role, company, on) => `I applied for the ${role} position at ${company}${on ? ` on ${on}` : ''} and wanted to follow up on my application.`,
  preparing: (role, company) => `I am preparing my application for the ${role} position at ${company} and wanted to check that the role is still open.`,
  applied: (role, company, on) => `I applied for the ${role} position at ${company}${on ? ` on ${on}` : ''} and wanted to follow up on my application.`,
  screening: (role) => `Thank you again for the conversation about the ${role} position. I wanted to check in on the next steps.`,
  responded: (role) => `Thank you for getting back to me about the ${role} position. I wanted to follow up on where things stand.`,
  interview: (role) => `Thank you again for the interview for the ${role} position. I wanted to ask whether there is any update on the next steps.`,
  offer: (role) => `Thank you very much for the offer for the ${role} position. I wanted to follow up on the open points before I give you my answer.`,
  accepted: (role) => `I wanted to follow up on the ${role} position.`,
  rejected: (role) => `I wanted to follow up on the ${role} position.`,
  withdrawn: (role) => `I wanted to follow up on the ${role} position.`,
  expired: (role) => `I wanted to follow up on the ${role} position.`,
}

const NO_REPLY = /^(no-?reply|do-?not-?reply|notifications?|mailer-daemon)([+.@-]|$)/i

function requireApplication(db: DB, userId: number, jobId: number) {
  const row = trackingRow(db, userId, { jobId })
  if (!row || row.app_id === null) throw notFound('not found')
  return row
}

export function followupDraft(db: DB, userId: number, jobId: number, now: Date) {
  const row = requireApplication(db, userId, jobId)
  const silence = silenceFields(row, now)
  if (!('silence_state' in silence) || silence.silence_state !== 'silent') throw conflict('this application is not waiting on a reply')
  const company = (db.prepare('SELECT c.name FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ?').pluck().get(jobId) as string | undefined) ?? row.company_slug
  const sender = db
    .prepare("SELECT from_addr, from_name FROM emails WHERE user_id = ? AND job_id = ? AND deleted_at IS NULL AND from_addr <> '' ORDER BY received_at DESC, id DESC")
    .all(userId, jobId)
    .find((m) => !NO_REPLY.test((m as { from_addr: string }).from_addr)) as { from_addr: string; from_name: string } | undefined
  const firstName = sender?.from_name.trim().split(/\s+/)[0]
  const greeting = firstName ? `Hello ${firstName},` : 'Hello,'
  const appliedOn = row.applied_at ? row.applied_at.slice(0, 10) : null
  const opening = OPENING[row.stage ?? 'none'](row.role_title, company, appliedOn)
  const strength = cachedAnalysis(db, userId, jobId, stampsOf(db, userId, jobId))?.analysis.strengths[0]
  const body = [
    greeting,
    opening,
    ...(strength ? [`For context: ${strength}`] : []),
    'I remain very interested in the role and would be glad to provide anything else you need.',
    'Best regards',
  ].join('\n\n')
  return {
    subject: `Following up: ${row.role_title} application`,
    body,
    ...(sender && { recipient: sender.from_addr }),
    ...(sender?.from_name && { recipient_name: sender.from_name }),
    days_silent: silence.days_silent ?? 0,
  }
}

/** Stamps the follow-up and writes a `follow_up_sent` event, once per hour; silence is unchanged. */
export function recordFollowup(db: DB, userId: number, jobId: number, now: Date): void {
  db.transaction(() => {
    const row = requireApplication(db, userId, jobId)
    if (row.followed_up_at && now.getTime() - Date.parse(row.followed_up_at) < 3_600_000) return
    const at = now.toISOString()
    db.prepare('UPDATE applications SET followed_up_at = ?, updated_at = ? WHERE id = ?').run(at, at, row.app_id)
    addEvent(db, { userId, applicationId: row.app_id!, kind: 'follow_up_sent', source: 'user', occurredAt: at })
  })()
}
