import type { AppContext } from '../context.ts'
import { badRequest } from '../errors.ts'
import { deleteMailOfSource } from '../inbox/mailbox.ts'
import { revokeGmailToken } from './gmail-api.ts'
import { gmailAvailable } from './gmail-oauth.ts'
import { deleteGmailConnection, findGmailConnection, gmailTokensOf } from './gmail-store.ts'
import { syncGmailMailbox } from './gmail-sync.ts'

/**
 * Showing, syncing and disconnecting a user's Gmail (GET/DELETE /me/gmail, POST /me/gmail/sync).
 * Calendar access is not part of this connection, so `calendar_connected` is always false.
 */
export function gmailStatus(ctx: AppContext, userId: number) {
  const available = gmailAvailable(ctx.config)
  const row = findGmailConnection(ctx.db, userId)
  if (!row) return { connected: false as const, available, calendar_connected: false }
  return { connected: true as const, email: row.email, status: row.status, available, calendar_connected: false, connected_at: row.created_at, last_sync_at: row.last_sync_at, last_error: row.last_error }
}

/** Starts a sync in the background; refuses when there is nothing Google lets us read. */
export function startGmailSync(ctx: AppContext, userId: number): void {
  const row = findGmailConnection(ctx.db, userId)
  if (!row) throw badRequest('Gmail is not connected')
  if (row.status !== 'connected') throw badRequest('Gmail needs to be connected again: Google no longer grants access')
  ctx.background.run('Gmail sync', async () => {
    await syncGmailMailbox(ctx, userId)
  })
}

/**
 * Asks Google, after the answer, to forget the grant of the user's connection (best effort: the
 * local tokens go whatever Google says). Called before the tokens are deleted, which it reads.
 */
export function revokeGmailGrantLater(ctx: AppContext, userId: number): void {
  const row = findGmailConnection(ctx.db, userId)
  if (!row) return
  let token: string
  try {
    token = gmailTokensOf(ctx.config, row).refreshToken
  } catch {
    return // sealed under a key this server no longer has: nothing to revoke with
  }
  ctx.background.run('Gmail revoke', () => revokeGmailToken(ctx.config, token))
}

/** Deletes the tokens and every message the Gmail sync brought in, and revokes the grant. */
export function disconnectGmail(ctx: AppContext, userId: number): void {
  revokeGmailGrantLater(ctx, userId)
  ctx.db.transaction(() => {
    deleteGmailConnection(ctx.db, userId)
    deleteMailOfSource(ctx.db, userId, 'gmail')
  })()
}
