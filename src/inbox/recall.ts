import type { DB } from '../db/connection.ts'
import { notFound, serviceUnavailable } from '../errors.ts'
import { checkCap, HOUR, recordAction } from '../community/caps.ts'
import { companyKey, hostOf, normalizeWords, rootDomain } from './linking.ts'
import { domainOf } from './triage.ts'
import { emailRow, type EmailRow } from './store.ts'
import { linkMessage } from './messages.ts'

/**
 * Mail recall: which stored mail since the application might belong to it and is not linked to it
 * yet — sender on the company's domain, the company's name or the role's title in the sender,
 * subject or body. Deterministic, and it writes nothing (beyond counting the call against the
 * hourly budget). The user links a candidate with mail-recall/link.
 */
interface Target {
  jobId: number
  appliedAt: string
  title: string
  company: string
  domains: string[]
}

function targetOf(db: DB, userId: number, jobId: number): Target {
  const row = db
    .prepare(
      `SELECT a.applied_at, j.title, c.name AS company, c.homepage, c.careers_url FROM applications a JOIN jobs j ON j.id = a.job_id
       JOIN companies c ON c.id = j.company_id WHERE a.user_id = ? AND a.job_id = ?`,
    )
    .get(userId, jobId) as { applied_at: string | null; title: string; company: string; homepage: string | null; careers_url: string | null } | undefined
  if (!row || !row.applied_at) throw notFound('no application recorded for this job')
  const domains = [hostOf(row.homepage), hostOf(row.careers_url)].filter((h): h is string => !!h).map(rootDomain)
  return { jobId, appliedAt: row.applied_at, title: row.title, company: row.company, domains }
}

function mentions(target: Target, mail: EmailRow): boolean {
  if (mail.from_addr.includes('@') && target.domains.includes(rootDomain(domainOf(mail.from_addr)))) return true
  const text = normalizeWords(`${mail.from_name} ${mail.subject} ${mail.body_text}`)
  const key = companyKey(target.company)
  return (key.trim().length >= 2 && text.includes(key)) || text.includes(normalizeWords(target.title))
}

export function recallMail(db: DB, userId: number, jobId: number, options: { now: Date; perHour: number }) {
  const target = targetOf(db, userId, jobId)
  db.transaction(() => {
    checkCap(db, userId, { kind: 'mail_recall', limit: options.perHour, windowSeconds: HOUR, what: 'mail recalls' }, options.now)
    recordAction(db, userId, 'mail_recall', options.now)
  })()
  // A day's slack before the applied time: the receipt often carries the minute of the click.
  const since = new Date(Date.parse(target.appliedAt) - 86_400_000).toISOString()
  const rows = db
    .prepare('SELECT * FROM emails WHERE user_id = ? AND deleted_at IS NULL AND received_at >= ? AND (job_id IS NULL OR job_id <> ?) ORDER BY received_at DESC, id DESC')
    .all(userId, since, jobId) as EmailRow[]
  const suggested = rows.filter((mail) => mentions(target, mail)).map((mail) => ({
    id: mail.id,
    provider_id: mail.external_id,
    from_addr: mail.from_addr,
    from_name: mail.from_name,
    subject: mail.subject,
    received_at: mail.received_at,
    invitation: mail.invitation !== null,
  }))
  return { scanned: rows.length, suggested, invitations: suggested.filter((s) => s.invitation).length }
}

/**
 * Links a recalled message by its provider id. A message already stored is linked at once; one
 * only in a connected mailbox is for that mailbox's sync to import, so without a connected
 * mailbox the answer is 503 and with one, 404 until it has been synced.
 */
export function linkRecalled(db: DB, userId: number, jobId: number, slug: string, providerId: string, jobIdOf: (slug: string) => number | undefined, now: string) {
  targetOf(db, userId, jobId)
  const id = db.prepare('SELECT id FROM emails WHERE user_id = ? AND external_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1').pluck().get(userId, providerId) as number | undefined
  if (id === undefined) {
    const connected = db.prepare('SELECT 1 FROM gmail_connections WHERE user_id = ? UNION ALL SELECT 1 FROM imap_accounts WHERE user_id = ?').get(userId, userId)
    if (!connected) throw serviceUnavailable('no mailbox to import from')
    throw notFound('no such message in your mail yet; sync the mailbox and recall again')
  }
  return linkMessage(db, userId, emailRow(db, userId, id)!.id, slug, jobIdOf, now)
}
