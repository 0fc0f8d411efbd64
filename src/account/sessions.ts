import type { DB } from '../db/connection.ts'
import { writeUnlessDiskFull } from '../db/disk-space.ts'
import { generateSecret, hashSecret, secretMatches, splitToken } from './tokens.ts'
import { addDays } from './time.ts'

/**
 * Sessions after Lucia: the token is `<public id>.<secret>`, only SHA-256(secret) is stored and it is
 * compared in constant time; expiry slides while the session is used, written at most hourly.
 * Extension sessions travel as `Authorization: Bearer or_ext_<token>` instead of the cookie.
 */
export type SessionKind = 'browser' | 'extension'
export const EXTENSION_TOKEN_PREFIX = 'or_ext_'
const RENEW_AFTER_MS = 60 * 60 * 1000

export interface Session {
  id: number
  userId: number
  kind: SessionKind
  expiresAt: string
}

interface SessionRow {
  id: number
  user_id: number
  secret_hash: Uint8Array
  kind: SessionKind
  created_at: string
  expires_at: string
}

/** Creates a session and returns it with its token (given to the client once, never stored). */
export function createSession(db: DB, userId: number, kind: SessionKind, lifetimeDays: number, now: Date): { session: Session; token: string } {
  const publicId = generateSecret(10)
  const secret = generateSecret(20)
  const expiresAt = addDays(now, lifetimeDays)
  // Housekeeping on the way in: sessions never presented again would otherwise stay forever.
  db.prepare('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?').run(userId, now.toISOString())
  const result = db
    .prepare('INSERT INTO sessions (public_id, user_id, secret_hash, kind, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(publicId, userId, hashSecret(secret), kind, now.toISOString(), expiresAt)
  return { session: { id: Number(result.lastInsertRowid), userId, kind, expiresAt }, token: `${publicId}.${secret}` }
}

/** The live session a token names, renewing its expiry when due (`renewed`); null for anything else. */
export function validateSessionToken(
  db: DB,
  token: string,
  kind: SessionKind,
  lifetimeDays: number,
  now: Date,
): (Session & { renewed: boolean }) | null {
  const parts = splitToken(token, '.')
  if (!parts) return null
  const row = db.prepare('SELECT * FROM sessions WHERE public_id = ?').get(parts.publicId) as SessionRow | undefined
  if (!row || row.kind !== kind || !secretMatches(parts.secret, row.secret_hash)) return null
  if (Date.parse(row.expires_at) <= now.getTime()) {
    db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id)
    return null
  }
  const extended = addDays(now, lifetimeDays)
  const renewed = Date.parse(extended) - Date.parse(row.expires_at) >= RENEW_AFTER_MS &&
    writeUnlessDiskFull(() => db.prepare('UPDATE sessions SET expires_at = ? WHERE id = ?').run(extended, row.id))
  return { id: row.id, userId: row.user_id, kind: row.kind, expiresAt: renewed ? extended : row.expires_at, renewed }
}

export function invalidateSession(db: DB, sessionId: number): void {
  db.prepare('DELETE FROM sessions WHERE id = ?').run(sessionId)
}

/** Signs the account out everywhere (browser and extension sessions). */
export function invalidateUserSessions(db: DB, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId)
}
