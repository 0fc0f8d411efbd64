import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import { ingestRawMessage } from './ingest.ts'
import { recipientUser } from './mailbox.ts'
import { HOUR, spendKeyedCaps, type Cap, type KeyedKind } from '../plan/caps.ts'

/**
 * The hosted mailbox's inbound SMTP listener (smtp-server), inside the serving process, for
 * MAIL_DOMAIN only. It is no relay: a recipient outside the domain is refused at RCPT (550), and
 * so is an address nobody claimed. The SIZE limit is announced and enforced while the message
 * streams (552 past it); each sending address and each client address may deliver
 * MAIL_SENDER_PER_HOUR messages per hour (451, try later), counted across every serving process.
 * No AUTH (nobody sends through it). Accepted mail goes through the one ingest path, for each
 * recipient.
 */
export interface HostedMailListener {
  /** Resolves with the bound port once listening. */
  ready: Promise<number>
  close(): Promise<void>
}

function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code })
}

export function startHostedMailListener(deps: { config: Config; db: DB; log: Logger; now: () => Date }): HostedMailListener {
  const { config, db, log } = deps
  const domain = config.mailDomain.toLowerCase()
  // Counted in the database (src/plan/caps.ts), so every serving process counts the same mail.
  const cap = (kind: KeyedKind): Cap<KeyedKind> => ({ kind, limit: config.mailSenderPerHour, windowSeconds: HOUR, what: 'messages' })
  const [clients, senders] = [cap('mail_client'), cap('mail_sender')]
  const server = new SMTPServer({
    name: domain,
    banner: 'openroles hosted mailbox',
    size: config.mailMaxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onMailFrom(address: SMTPServerAddress, session: SMTPServerSession, callback) {
      const spends = [{ key: session.remoteAddress, cap: clients }, { key: address.address.toLowerCase(), cap: senders }]
      let wait: number
      try {
        wait = spendKeyedCaps(db, spends, deps.now())
      } catch (error) {
        log.error('hosted mail could not be counted', { error: error instanceof Error ? error.message : String(error) })
        return callback(smtpError(451, '4.3.0 try again later'))
      }
      if (wait > 0) return callback(smtpError(451, '4.7.1 too many messages from this sender; try again later'))
      callback()
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const at = address.address.lastIndexOf('@')
      if (address.address.slice(at + 1).toLowerCase() !== domain) return callback(smtpError(550, '5.7.1 relaying denied'))
      if (recipientUser(db, address.address, domain) === undefined) return callback(smtpError(550, '5.1.1 no such mailbox'))
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk)
      })
      stream.on('error', callback)
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback(smtpError(552, `5.3.4 message too big (at most ${config.mailMaxBytes} bytes)`))
        const raw = Buffer.concat(chunks)
        const users = new Set(session.envelope.rcptTo.map((r) => recipientUser(db, r.address, domain)).filter((id): id is number => id !== undefined))
        Promise.all([...users].map((userId) => ingestRawMessage(db, userId, raw, 'hosted', { now: deps.now().toISOString() })))
          .then((results) => {
            log.info('hosted mail delivered', { recipients: results.length, bytes: raw.length })
            callback()
          })
          .catch((error: unknown) => {
            log.error('hosted mail could not be stored', { error: error instanceof Error ? error.message : String(error) })
            callback(smtpError(451, '4.3.0 could not store the message; try again later'))
          })
      })
    },
  })
  const ready = new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.mailSmtpPort, config.mailSmtpHost || config.host, () => resolve((server.server.address() as AddressInfo).port))
  })
  server.on('error', (error: Error) => log.error('hosted mail listener error', { error: error.message }))
  ready.then((port) => log.info('hosted mailbox listening', { domain, port })).catch(() => {})
  return {
    ready,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
