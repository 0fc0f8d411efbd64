import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { openSecret, sealSecret } from '../secret-box.ts'
import type { ImapLogin } from './imap-client.ts'
import type { FolderCheckpoint } from './imap-fetch.ts'

/**
 * A user's connected IMAP mailbox (`imap_accounts`) and its per-folder checkpoints
 * (`imap_checkpoints`). The app password is sealed with SECRETS_KEY, bound to the row's user
 * (`imap:<user id>`), and only ever opened to log in: no encoder here returns it.
 */
export interface ImapAccountRow {
  user_id: number
  host: string
  port: number
  tls: number
  username: string
  secret_enc: Buffer
  folders: string
  created_at: string
  last_sync_at: string | null
  last_error: string | null
}

export interface ImapAccountInput {
  host: string
  port: number
  tls: boolean
  username: string
  /** Absent: keep the stored password (allowed only while host and user name stay the same). */
  password?: string
  folders: string[]
}

const secretContext = (userId: number) => `imap:${userId}`

export function findImapAccount(db: DB, userId: number): ImapAccountRow | undefined {
  return db.prepare('SELECT * FROM imap_accounts WHERE user_id = ?').get(userId) as ImapAccountRow | undefined
}

/** Every account, least recently synced first (the scheduler's order). */
export function imapAccountsDue(db: DB, syncedBefore: string): number[] {
  return (db.prepare('SELECT user_id FROM imap_accounts WHERE last_sync_at IS NULL OR last_sync_at <= ? ORDER BY last_sync_at IS NOT NULL, last_sync_at').all(syncedBefore) as { user_id: number }[]).map(
    (row) => row.user_id,
  )
}

export function imapLoginOf(config: Config, row: ImapAccountRow): ImapLogin {
  return { host: row.host, port: row.port, tls: row.tls === 1, username: row.username, password: openSecret(config, row.secret_enc, secretContext(row.user_id)) }
}

export function foldersOf(row: ImapAccountRow): string[] {
  return JSON.parse(row.folders) as string[]
}

/**
 * Creates or replaces the account. Another server or mailbox (host, port or user name changed)
 * starts with no checkpoints: its UIDs have nothing to do with the old ones. A folder no longer
 * named loses its checkpoint, so naming it again later reads it afresh.
 */
export function saveImapAccount(db: DB, config: Config, userId: number, input: ImapAccountInput & { password: string }, now: string): void {
  db.transaction(() => {
    const old = findImapAccount(db, userId)
    const sameMailbox = old && old.host === input.host && old.port === input.port && old.username === input.username
    if (!sameMailbox) db.prepare('DELETE FROM imap_checkpoints WHERE user_id = ?').run(userId)
    else {
      const keep = new Set(input.folders)
      for (const folder of foldersOf(old)) if (!keep.has(folder)) db.prepare('DELETE FROM imap_checkpoints WHERE user_id = ? AND folder = ?').run(userId, folder)
    }
    db.prepare(
      `INSERT INTO imap_accounts (user_id, host, port, tls, username, secret_enc, folders, created_at, last_sync_at, last_error)
       VALUES (@userId, @host, @port, @tls, @username, @secret, @folders, @now, NULL, NULL)
       ON CONFLICT (user_id) DO UPDATE SET host = excluded.host, port = excluded.port, tls = excluded.tls, username = excluded.username,
         secret_enc = excluded.secret_enc, folders = excluded.folders, last_error = NULL,
         last_sync_at = CASE WHEN @sameMailbox THEN imap_accounts.last_sync_at ELSE NULL END`,
    ).run({
      userId,
      host: input.host,
      port: input.port,
      tls: input.tls ? 1 : 0,
      username: input.username,
      secret: sealSecret(config, input.password, secretContext(userId)),
      folders: JSON.stringify(input.folders),
      now,
      sameMailbox: sameMailbox ? 1 : 0,
    })
  })()
}

/** The account and its checkpoints; true when there was one. */
export function deleteImapAccount(db: DB, userId: number): boolean {
  return db.transaction(() => {
    db.prepare('DELETE FROM imap_checkpoints WHERE user_id = ?').run(userId)
    return db.prepare('DELETE FROM imap_accounts WHERE user_id = ?').run(userId).changes > 0
  })()
}

export function recordImapSync(db: DB, userId: number, at: string, error: string | null): void {
  db.prepare('UPDATE imap_accounts SET last_sync_at = ?, last_error = ? WHERE user_id = ?').run(at, error, userId)
}

export function imapCheckpoint(db: DB, userId: number, folder: string): FolderCheckpoint | null {
  const row = db.prepare('SELECT uidvalidity, last_uid FROM imap_checkpoints WHERE user_id = ? AND folder = ?').get(userId, folder) as
    | { uidvalidity: number; last_uid: number }
    | undefined
  return row ? { uidvalidity: row.uidvalidity, lastUid: row.last_uid } : null
}

/** Moves forward only (a slower sync running alongside cannot move it back), or starts over on a new UIDVALIDITY. */
export function saveImapCheckpoint(db: DB, userId: number, folder: string, checkpoint: FolderCheckpoint): void {
  db.prepare(
    `INSERT INTO imap_checkpoints (user_id, folder, uidvalidity, last_uid) VALUES (?, ?, ?, ?)
     ON CONFLICT (user_id, folder) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid
     WHERE excluded.uidvalidity <> imap_checkpoints.uidvalidity OR excluded.last_uid > imap_checkpoints.last_uid`,
  ).run(userId, folder, checkpoint.uidvalidity, checkpoint.lastUid)
}

/** The connection as GET /me/imap shows it: never the password. */
export function toImapJson(row: ImapAccountRow) {
  return {
    connected: true as const,
    host: row.host,
    port: row.port,
    tls: row.tls === 1,
    username: row.username,
    folders: foldersOf(row),
    connected_at: row.created_at,
    last_sync_at: row.last_sync_at,
    last_error: row.last_error,
  }
}
