import type { DB } from '../db/connection.ts'
import { badGateway, DomainError, notFound, serviceUnavailable } from '../errors.ts'
import { HOUR, spendCap } from '../plan/caps.ts'
import { companyKey, hostOf, normalizeWords, rootDomain } from './linking.ts'
import { domainOf } from './triage.ts'
import type { EmailRow } from './store.ts'
import { linkMessage } from './messages.ts'
import type { LiveMailbox } from './live-mailbox.ts'

/**
 * Mail recall: which mail since the application might belong to it and is not linked to it yet —
 * sender on the company's domain, the company's name or the role's title in the sender, subject or
 * body. Stored mail is scanned; a connected mailbox (IMAP, Gmail) is searched live too, and what is
 * found only there is listed with id 0 and its provider id. Deterministic; it writes nothing
 * (beyond counting the call against the hourly budget). The user links a candidate with
 * mail-recall/link, which imports it first when it is not stored yet.
 */
interface Target {
  jobId: number
  appliedAt: string
  title: string
  company: string
  domains: string[]
}

export interface RecallDeps {
  db: DB
  liveMailbox: LiveMailbox | null
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

function mentions(target: Target, mail: Pick<EmailRow, 'from_addr' | 'from_name' | 'subject'> & { body_text?: string }): boolean {
  if (mail.from_addr.includes('@') && target.domains.includes(rootDomain(domainOf(mail.from_addr)))) return true
  const text = normalizeWords(`${mail.from_name} ${mail.subject} ${mail.body_text ?? ''}`)
  const key = companyKey(target.company)
  return (key.trim().length >= 2 && text.includes(key)) || text.includes(normalizeWords(target.title))
}

/** A live read that failed is the provider's fault: 502, never a 500. */
async function live<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof DomainError) throw error
    throw badGateway('provider read failed')
  }
}

export async function recallMail(deps: RecallDeps, userId: number, jobId: number, options: { now: Date; perHour: number }) {
  const { db } = deps
  const target = targetOf(db, userId, jobId)
  db.transaction(() => {
    spendCap(db, userId, { kind: 'mail_recall', limit: options.perHour, windowSeconds: HOUR, what: 'mail recalls' }, options.now)
  })()
  // A day's slack before the applied time: the receipt often carries the minute of the click.
  const since = new Date(Date.parse(target.appliedAt) - 86_400_000)
  const rows = db
    .prepare('SELECT * FROM emails WHERE user_id = ? AND deleted_at IS NULL AND received_at >= ? AND (job_id IS NULL OR job_id <> ?) ORDER BY received_at DESC, id DESC')
    .all(userId, since.toISOString(), jobId) as EmailRow[]
  const stored = rows.filter((mail) => mentions(target, mail)).map((mail) => ({
    id: mail.id,
    provider_id: mail.external_id,
    from_addr: mail.from_addr,
    from_name: mail.from_name,
    subject: mail.subject,
    received_at: mail.received_at,
    invitation: mail.invitation !== null,
  }))
  const liveFound = deps.liveMailbox ? ((await live(() => deps.liveMailbox!.search(userId, { since, terms: [target.company, target.title], limit: 50 }))) ?? []) : []
  const known = new Set((db.prepare('SELECT external_id FROM emails WHERE user_id = ?').pluck().all(userId) as string[]))
  const fromMailbox = liveFound
    .filter((c) => !known.has(c.provider_id) && mentions(target, c))
    .map((c) => ({ id: 0, provider_id: c.provider_id, from_addr: c.from_addr, from_name: c.from_name, subject: c.subject, received_at: c.received_at, invitation: false }))
  const suggested = [...stored, ...fromMailbox].sort((a, b) => b.received_at.localeCompare(a.received_at))
  return { scanned: rows.length + liveFound.length, suggested, invitations: suggested.filter((s) => s.invitation).length }
}

/**
 * Links a recalled message by its provider id: a stored one at once; one only in a connected
 * mailbox is imported through the ingest path first. No stored message and no connected mailbox:
 * 503; the mailbox has no such message: 404; the provider cannot be read: 502.
 */
export async function linkRecalled(deps: RecallDeps, userId: number, jobId: number, slug: string, providerId: string, jobIdOf: (slug: string) => number | undefined, now: string) {
  const { db } = deps
  targetOf(db, userId, jobId)
  const storedId = db.prepare('SELECT id FROM emails WHERE user_id = ? AND external_id = ? AND deleted_at IS NULL ORDER BY id LIMIT 1').pluck().get(userId, providerId) as number | undefined
  const id = storedId ?? (deps.liveMailbox ? await live(() => deps.liveMailbox!.importByProviderId(userId, providerId)) : null)
  if (id === null || id === undefined) throw serviceUnavailable('no mailbox to import from')
  return linkMessage(db, userId, id, slug, jobIdOf, now)
}
