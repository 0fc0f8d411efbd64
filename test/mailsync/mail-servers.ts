import { after, before } from 'node:test'
import type { ImapFlow } from 'imapflow'
import { startDovecot, type Dovecot } from '../helpers/dovecot.ts'
import { startGmailStandIn } from '../helpers/gmail-stand-in.ts'

/**
 * The mail servers of a test file, started before its tests and stopped after: a real Dovecot with
 * one user, an IMAP client signed in as that user (to put mail in), and the Gmail stand-in.
 */
export function mailServers(user: string, password: string) {
  const servers = {} as { dovecot: Dovecot; mailer: ImapFlow; google: Awaited<ReturnType<typeof startGmailStandIn>> }
  before(async () => {
    servers.dovecot = await startDovecot()
    await servers.dovecot.setUser(user, password)
    servers.mailer = await servers.dovecot.client(user, password)
    servers.google = await startGmailStandIn()
  })
  after(async () => {
    await servers.mailer?.logout()
    await servers.dovecot?.stop()
    await servers.google?.close()
  })
  return servers
}
