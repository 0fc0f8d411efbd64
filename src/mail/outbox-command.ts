import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { listOutbox, redactOldBodies } from './outbox.ts'

/**
 * `openroles mail outbox [--to EMAIL] [--limit N]`: prints recorded outgoing mail, newest first, so an
 * operator without SMTP can read a verification or reset code and pass it on.
 */
export function mailCommand(args: string[]): void {
  const [action, ...rest] = args
  if (action !== 'outbox') throw new Error('usage: openroles mail outbox [--to EMAIL] [--limit N]')
  const option = (name: string) => {
    const at = rest.indexOf(name)
    return at >= 0 ? rest[at + 1] : undefined
  }
  const limit = Number(option('--limit') ?? 20)
  if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive whole number')
  const to = option('--to')?.trim().toLowerCase()
  const config = loadConfig()
  const db = openDatabase(config.dbPath)
  try {
    redactOldBodies(db, new Date(Date.now() - config.mailKeepMinutes * 60_000).toISOString())
    const entries = listOutbox(db, { recipient: to, limit })
    if (!entries.length) console.log('the outbox is empty')
    for (const entry of entries) {
      console.log(`#${entry.id}  ${entry.createdAt}  ${entry.status}  to ${entry.recipient}\nSubject: ${entry.subject}\n\n${entry.bodyText}\n${'-'.repeat(60)}`)
    }
  } finally {
    db.close()
  }
}
