import type { DB } from '../../src/db/connection.ts'
import { listOutbox } from '../../src/mail/outbox.ts'

/** The six-digit code in the newest mail to `email` whose subject matches, read from the outbox. */
export function latestCode(db: DB, email: string, subject: RegExp): string {
  const mail = listOutbox(db, { recipient: email, limit: 50 }).find((entry) => subject.test(entry.subject))
  const code = mail?.bodyText.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no mail matching ${subject} for ${email}`)
  return code
}

export const json = (body: unknown) => JSON.stringify(body)
