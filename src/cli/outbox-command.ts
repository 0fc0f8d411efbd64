import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { intOption, UsageError, type CommandSpec, valueOption } from './command.ts'
import { listOutbox, redactOldBodies } from '../mail/outbox.ts'

/**
 * `openroles mail outbox [--to EMAIL] [--limit N]`: prints recorded outgoing mail, newest first, so an
 * operator without SMTP can read a verification or reset code and pass it on.
 */
export const mailCommand: CommandSpec = {
  name: 'mail',
  summary: 'outbox: print recorded outgoing mail, newest first (codes, when there is no SMTP).',
  positionals: { usage: 'outbox', min: 1, max: 1 },
  options: {
    to: valueOption('EMAIL', 'only mail to this address'),
    limit: valueOption('N', 'at most N messages (default 20)'),
  },
  run({ values, positionals: [action] }) {
    if (action !== 'outbox') throw new UsageError(`unknown action '${action}'`)
    const limit = intOption(values.limit, 20, 'limit', 1)
    const to = (values.to as string | undefined)?.trim().toLowerCase()
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
  },
}
