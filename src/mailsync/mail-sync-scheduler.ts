import type { AppContext } from '../context.ts'
import { DomainError } from '../errors.ts'
import { gmailAvailable } from './gmail-oauth.ts'
import { gmailConnectionsDue } from './gmail-store.ts'
import { syncGmailMailbox } from './gmail-sync.ts'
import { imapAccountsDue } from './imap-store.ts'
import { syncImapMailbox } from './imap-sync.ts'

/**
 * Periodic sync of every connected mailbox, inside the serving process that holds the scheduler
 * lease (src/db/lease.ts). A mailbox is due MAIL_SYNC_INTERVAL_MINUTES after its last sync,
 * failed or not, so a mailbox whose password changed is not hammered every minute; due times live
 * in the database, so a restart or a new lease holder carries on. Mailboxes sync one after another
 * (each is a connection to someone's mail server); a tick still running makes the next one skip.
 */
const TICK_MS = 60_000

export interface MailSyncRun {
  imap: number
  gmail: number
}

/** Syncs every mailbox that is due; stops between mailboxes once `signal` aborts. */
export async function syncDueMailboxes(ctx: AppContext, signal?: AbortSignal): Promise<MailSyncRun> {
  const before = new Date(ctx.now().getTime() - ctx.config.mailSyncIntervalMinutes * 60_000).toISOString()
  const run: MailSyncRun = { imap: 0, gmail: 0 }
  for (const userId of imapAccountsDue(ctx.db, before)) {
    if (signal?.aborted) return run
    try {
      await syncImapMailbox(ctx, userId)
    } catch (error) {
      // The account's last_error holds the user's server problem; anything else is ours and logged.
      if (!(error instanceof DomainError)) ctx.log.error('IMAP sync failed', { user: userId, error: error instanceof Error ? error.message : String(error) })
    }
    run.imap++
  }
  if (!gmailAvailable(ctx.config)) return run
  for (const userId of gmailConnectionsDue(ctx.db, before)) {
    if (signal?.aborted) return run
    try {
      await syncGmailMailbox(ctx, userId)
    } catch (error) {
      ctx.log.error('Gmail sync failed', { user: userId, error: error instanceof Error ? error.message : String(error) })
    }
    run.gmail++
  }
  return run
}

export interface MailSyncScheduler {
  /** Resolves when the tick in flight, if any, has finished. */
  idle(): Promise<void>
  /** Stops the timer; the sync in flight stops after its current mailbox. */
  stop(): Promise<void>
}

export function startMailSyncScheduler(ctx: AppContext): MailSyncScheduler {
  const minutes = ctx.config.mailSyncIntervalMinutes
  if (minutes <= 0) return { idle: async () => {}, stop: async () => {} }
  const controller = new AbortController()
  let current: Promise<unknown> | null = null
  const tick = () => {
    if (current) return
    current = syncDueMailboxes(ctx, controller.signal)
      .catch((error: unknown) => ctx.log.error('mail sync scheduler failed', { error: String(error) }))
      .finally(() => (current = null))
  }
  const timer = setInterval(tick, Math.min(TICK_MS, minutes * 60_000))
  timer.unref()
  return {
    async idle() {
      await current
    },
    async stop() {
      clearInterval(timer)
      controller.abort()
      await current
    },
  }
}
