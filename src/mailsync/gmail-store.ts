import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { openSecret, sealSecret } from '../secret-box.ts'
import type { GmailTokens } from './gmail-api.ts'

/**
 * A user's Gmail connection (`gmail_connections`): the Google address, the OAuth tokens sealed
 * with SECRETS_KEY and bound to the user (`gmail:<user id>`), the history id the next sync starts
 * from, and whether Google still honours the grant (`needs_reconsent` once it does not).
 */
export interface GmailConnectionRow {
  user_id: number
  email: string
  token_enc: Buffer
  history_id: string | null
  status: 'connected' | 'needs_reconsent'
  created_at: string
  last_sync_at: string | null
  last_error: string | null
}

const secretContext = (userId: number) => `gmail:${userId}`

export function findGmailConnection(db: DB, userId: number): GmailConnectionRow | undefined {
  return db.prepare('SELECT * FROM gmail_connections WHERE user_id = ?').get(userId) as GmailConnectionRow | undefined
}

/** Connected accounts due a sync, least recently synced first. */
export function gmailConnectionsDue(db: DB, syncedBefore: string): number[] {
  return (
    db
      .prepare("SELECT user_id FROM gmail_connections WHERE status = 'connected' AND (last_sync_at IS NULL OR last_sync_at <= ?) ORDER BY last_sync_at IS NOT NULL, last_sync_at")
      .all(syncedBefore) as { user_id: number }[]
  ).map((row) => row.user_id)
}

export function gmailTokensOf(config: Config, row: GmailConnectionRow): GmailTokens {
  return JSON.parse(openSecret(config, row.token_enc, secretContext(row.user_id))) as GmailTokens
}

const seal = (config: Config, userId: number, tokens: GmailTokens) => sealSecret(config, JSON.stringify(tokens), secretContext(userId))

/**
 * Connects (or reconnects) the account. Another Google address than before starts its history
 * afresh; the same one keeps its checkpoint, so reconsenting does not read the mailbox again.
 */
export function saveGmailConnection(db: DB, config: Config, userId: number, email: string, tokens: GmailTokens, now: string): void {
  db.prepare(
    `INSERT INTO gmail_connections (user_id, email, token_enc, history_id, status, created_at) VALUES (?, ?, ?, NULL, 'connected', ?)
     ON CONFLICT (user_id) DO UPDATE SET token_enc = excluded.token_enc, status = 'connected', last_error = NULL,
       history_id = CASE WHEN gmail_connections.email = excluded.email THEN gmail_connections.history_id END,
       email = excluded.email`,
  ).run(userId, email, seal(config, userId, tokens), now)
}

export function updateGmailTokens(db: DB, config: Config, userId: number, tokens: GmailTokens): void {
  db.prepare('UPDATE gmail_connections SET token_enc = ? WHERE user_id = ?').run(seal(config, userId, tokens), userId)
}

export function recordGmailSync(db: DB, userId: number, at: string, outcome: { historyId: string } | { error: string; reconsent: boolean }): void {
  if ('historyId' in outcome) db.prepare('UPDATE gmail_connections SET history_id = ?, last_sync_at = ?, last_error = NULL WHERE user_id = ?').run(outcome.historyId, at, userId)
  else
    db.prepare(`UPDATE gmail_connections SET last_sync_at = ?, last_error = ?, status = CASE WHEN ? THEN 'needs_reconsent' ELSE status END WHERE user_id = ?`).run(
      at,
      outcome.error,
      outcome.reconsent ? 1 : 0,
      userId,
    )
}

export function deleteGmailConnection(db: DB, userId: number): boolean {
  return db.prepare('DELETE FROM gmail_connections WHERE user_id = ?').run(userId).changes > 0
}
