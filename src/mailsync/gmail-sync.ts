import type { AppContext } from '../context.ts'
import { ingestRawMessage } from '../inbox/ingest.ts'
import { GmailMailbox, GmailReconsent, GmailUnavailable } from './gmail-api.ts'
import { fetchGmail } from './gmail-fetch.ts'
import { findGmailConnection, gmailTokensOf, recordGmailSync, updateGmailTokens } from './gmail-store.ts'
import { runExclusive } from './sync-guard.ts'

/**
 * One sync of a user's Gmail: read what the history says arrived since the checkpoint, hand each
 * raw message to the inbox (deduped on Message-ID, triaged, linked), then move the checkpoint. A
 * grant Google no longer honours marks the connection `needs_reconsent` and stops syncing it until
 * the user connects again; Gmail being out of reach is recorded and retried next time.
 */
export interface GmailSyncReport {
  fetched: number
  stored: number
}

class StoreFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('storing a message failed')
  }
}

/** Null when there is nothing to sync (not connected, needs reconsent) or a sync is under way. */
export async function syncGmailMailbox(ctx: AppContext, userId: number): Promise<GmailSyncReport | null> {
  const connection = findGmailConnection(ctx.db, userId)
  if (!connection || connection.status !== 'connected') return null
  let tokens
  try {
    tokens = gmailTokensOf(ctx.config, connection)
  } catch {
    recordGmailSync(ctx.db, userId, ctx.now().toISOString(), { error: 'the stored Google grant cannot be opened (SECRETS_KEY is missing or changed); connect Gmail again', reconsent: true })
    return null
  }
  return runExclusive(ctx.db, `gmail:${userId}`, async () => {
    const mailbox = new GmailMailbox(ctx.config, tokens, (next) => updateGmailTokens(ctx.db, ctx.config, userId, next))
    let stored = 0
    try {
      const result = await fetchGmail(mailbox, connection.history_id, { maxMessages: ctx.config.mailSyncMaxMessages, firstSyncDays: ctx.config.mailSyncFirstDays }, async (ref, raw) => {
        // Disconnected while this sync ran: nothing more arrives for an account that let go.
        if (!findGmailConnection(ctx.db, userId)) throw new GmailUnavailable('disconnected during the sync')
        const ingested = await ingestRawMessage(ctx.db, userId, raw, 'gmail', { externalId: ref.id, ...(ref.threadId ? { threadId: ref.threadId } : {}), now: ctx.now().toISOString() }).catch((error: unknown) => {
          throw new StoreFailure(error)
        })
        if (!ingested.duplicate) stored++
      })
      recordGmailSync(ctx.db, userId, ctx.now().toISOString(), { historyId: result.historyId })
      return { fetched: result.fetched, stored }
    } catch (error) {
      if (error instanceof StoreFailure) throw error.cause
      if (error instanceof GmailReconsent) recordGmailSync(ctx.db, userId, ctx.now().toISOString(), { error: 'Google no longer grants access to this mailbox; connect Gmail again', reconsent: true })
      else if (error instanceof GmailUnavailable) recordGmailSync(ctx.db, userId, ctx.now().toISOString(), { error: 'Gmail could not be reached; the next sync tries again', reconsent: false })
      else throw error
      return { fetched: 0, stored }
    }
  })
}
