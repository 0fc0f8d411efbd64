import nodemailer from 'nodemailer'
import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import type { Logger } from '../log.ts'
import { insertOutboxEntry, markOutboxEntry, redactOldBodies } from './outbox.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** Extra header lines, e.g. List-Unsubscribe on digests. */
  headers?: Record<string, string>
}

/** The one outgoing-mail interface. `send` records the message and returns without waiting for SMTP. */
export interface Mailer {
  send(message: MailMessage): void
  /**
   * Records the message and waits for SMTP: resolves once delivered (or kept in the outbox when no
   * SMTP is configured), rejects when the server refuses. For callers that retry on their own (the
   * delivery outbox of src/channels/).
   */
  deliver(message: MailMessage): Promise<void>
  /** Resolves when every SMTP delivery started so far has finished (tests, shutdown). */
  idle(): Promise<void>
}

interface Transport {
  deliver(message: MailMessage): Promise<void>
}

function smtpTransport(config: Config): Transport {
  const transporter = nodemailer.createTransport(config.smtpUrl)
  return {
    async deliver(message) {
      await transporter.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, headers: message.headers })
    },
  }
}

/**
 * Every message lands in the outbox table first. Without SMTP it stays there ('kept') for the
 * operator to read; with SMTP it is delivered in the background, so a response never waits on
 * (or reveals through its timing) a mail server. Message bodies are never logged: they carry codes.
 */
export function createMailer(config: Config, db: DB, log: Logger, now: () => Date, transport?: Transport): Mailer {
  const delivery = transport ?? (config.smtpUrl ? smtpTransport(config) : null)
  const inFlight = new Set<Promise<void>>()
  // Housekeeping on start and on every send: codes in kept or failed mail do not outlive MAIL_KEEP_MINUTES.
  const redactOld = () => redactOldBodies(db, new Date(now().getTime() - config.mailKeepMinutes * 60_000).toISOString())
  // A replica (read-only file) sends no mail: the requests that do are the primary's.
  if (!db.readonly) redactOld()
  return {
    send(message) {
      redactOld()
      const id = insertOutboxEntry(db, {
        recipient: message.to,
        subject: message.subject,
        bodyText: message.text,
        status: delivery ? 'pending' : 'kept',
        createdAt: now().toISOString(),
      })
      if (!delivery) return
      const job = delivery
        .deliver(message)
        .then(() => markOutboxEntry(db, id, 'sent', now().toISOString()))
        .catch((error: unknown) => {
          markOutboxEntry(db, id, 'failed', null)
          log.error('mail delivery failed', { outbox_id: id, error: error instanceof Error ? error.message : String(error) })
        })
        .finally(() => inFlight.delete(job))
      inFlight.add(job)
    },
    async deliver(message) {
      redactOld()
      const id = insertOutboxEntry(db, { recipient: message.to, subject: message.subject, bodyText: message.text, status: delivery ? 'pending' : 'kept', createdAt: now().toISOString() })
      if (!delivery) return
      try {
        await delivery.deliver(message)
        markOutboxEntry(db, id, 'sent', now().toISOString())
      } catch (error) {
        markOutboxEntry(db, id, 'failed', null)
        throw error
      }
    },
    async idle() {
      await Promise.all([...inFlight])
    },
  }
}
