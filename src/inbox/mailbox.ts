import type { DB } from '../db/connection.ts'

/**
 * Hosted mailbox addresses: each user may claim one `<handle>@<MAIL_DOMAIN>`, the handle derived
 * from the local part of their account email (letters, digits, dots; a number added when taken;
 * role names such as postmaster never given out). `handle+anything@` reaches the same user, so
 * one may tag the address per employer. Releasing the address deletes the hosted mail with it.
 */
const RESERVED = new Set(['postmaster', 'abuse', 'admin', 'administrator', 'root', 'hostmaster', 'webmaster', 'noreply', 'no-reply', 'mailer-daemon', 'security', 'support', 'info'])

export function handleBase(email: string): string {
  const local = email.slice(0, email.lastIndexOf('@')).split('+')[0]!.toLowerCase()
  const base = local.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9]+/g, '.').replace(/^\.+|\.+$/g, '').slice(0, 40)
  return base.length >= 2 && !RESERVED.has(base) ? base : `user.${base || 'mail'}`
}

export function addressOf(db: DB, userId: number, domain: string): string | null {
  const local = db.prepare('SELECT local_part FROM mail_addresses WHERE user_id = ?').pluck().get(userId) as string | undefined
  return local === undefined ? null : `${local}@${domain}`
}

/** The user's address, claimed now when they have none. */
export function claimAddress(db: DB, userId: number, accountEmail: string, domain: string, now: string): string {
  return db.transaction(() => {
    const existing = addressOf(db, userId, domain)
    if (existing) return existing
    const base = handleBase(accountEmail)
    const taken = db.prepare('SELECT 1 FROM mail_addresses WHERE local_part = ?')
    let local = base
    for (let n = 2; taken.get(local); n++) local = `${base}${n}`
    db.prepare('INSERT INTO mail_addresses (user_id, local_part, created_at) VALUES (?, ?, ?)').run(userId, local, now)
    return `${local}@${domain}`
  })()
}

/** Releases the address and deletes every hosted message of the user. */
export function releaseAddress(db: DB, userId: number): void {
  db.transaction(() => {
    db.prepare('DELETE FROM mail_addresses WHERE user_id = ?').run(userId)
    deleteMailOfSource(db, userId, 'hosted')
  })()
}

/** Deletes (for good) every message of one source: a released address or a disconnected mailbox. */
export function deleteMailOfSource(db: DB, userId: number, source: 'hosted' | 'gmail' | 'imap'): number {
  db.prepare("UPDATE application_events SET email_id = NULL WHERE user_id = ? AND email_id IN (SELECT id FROM emails WHERE user_id = ? AND source = ?)").run(userId, userId, source)
  return db.prepare('DELETE FROM emails WHERE user_id = ? AND source = ?').run(userId, source).changes
}

/** The user an inbound recipient address belongs to, or undefined (wrong domain, no such handle). */
export function recipientUser(db: DB, address: string, domain: string): number | undefined {
  const at = address.lastIndexOf('@')
  if (at < 1 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return undefined
  const local = address.slice(0, at).toLowerCase().split('+')[0]!
  return db.prepare('SELECT user_id FROM mail_addresses WHERE local_part = ?').pluck().get(local) as number | undefined
}
