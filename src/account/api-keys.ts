import type { DB } from '../db/connection.ts'
import { writeUnlessDiskFull } from '../db/disk-space.ts'
import { generateSecret, hashSecret, secretMatches, splitToken } from './tokens.ts'

/**
 * Personal API keys: `or_live_<public id>_<secret>`. The recognizable prefix lets secret scanners and
 * people spot a leaked key; only SHA-256(secret) is stored, so a key is shown exactly once.
 */
export const API_KEY_PREFIX = 'or_live_'
/** last_used_at is written at most this often, so a busy key does not turn every read into a write. */
const LAST_USED_RESOLUTION_MS = 60 * 1000

export interface ApiKey {
  id: number
  userId: number
  name: string
  /** The non-secret start of the key, enough to recognize it in a list. */
  prefix: string
  createdAt: string
  lastUsedAt: string | null
}

interface ApiKeyRow {
  id: number
  public_id: string
  user_id: number
  name: string
  secret_hash: Uint8Array
  created_at: string
  last_used_at: string | null
}

const fromRow = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  prefix: `${API_KEY_PREFIX}${row.public_id}`,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

export function toApiKeyJson(key: ApiKey) {
  return { id: key.id, name: key.name, prefix: key.prefix, created_at: key.createdAt, last_used_at: key.lastUsedAt }
}

export function countApiKeys(db: DB, userId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM api_keys WHERE user_id = ?').get(userId) as { n: number }).n
}

export function createApiKey(db: DB, userId: number, name: string, now: Date): { apiKey: ApiKey; key: string } {
  const publicId = generateSecret(8)
  const secret = generateSecret(24)
  const result = db
    .prepare('INSERT INTO api_keys (public_id, user_id, name, secret_hash, created_at) VALUES (?, ?, ?, ?, ?)')
    .run(publicId, userId, name, hashSecret(secret), now.toISOString())
  const row = db.prepare('SELECT * FROM api_keys WHERE id = ?').get(result.lastInsertRowid) as ApiKeyRow
  return { apiKey: fromRow(row), key: `${API_KEY_PREFIX}${publicId}_${secret}` }
}

export function listApiKeys(db: DB, userId: number): ApiKey[] {
  const rows = db.prepare('SELECT * FROM api_keys WHERE user_id = ? ORDER BY id DESC').all(userId) as ApiKeyRow[]
  return rows.map(fromRow)
}

/** Deletes one of the user's keys; false when the user has no such key. */
export function deleteApiKey(db: DB, userId: number, keyId: number): boolean {
  return db.prepare('DELETE FROM api_keys WHERE id = ? AND user_id = ?').run(keyId, userId).changes > 0
}

/** The key a presented Bearer value names (recording its use), or null. */
export function validateApiKey(db: DB, presented: string, now: Date): ApiKey | null {
  if (!presented.startsWith(API_KEY_PREFIX)) return null
  const parts = splitToken(presented.slice(API_KEY_PREFIX.length), '_')
  if (!parts) return null
  const row = db.prepare('SELECT * FROM api_keys WHERE public_id = ?').get(parts.publicId) as ApiKeyRow | undefined
  if (!row || !secretMatches(parts.secret, row.secret_hash)) return null
  if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_RESOLUTION_MS) {
    const stamp = now.toISOString()
    if (writeUnlessDiskFull(() => db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').run(stamp, row.id))) row.last_used_at = stamp
  }
  return fromRow(row)
}

/** Revokes every key of the account (an OAuth sign-in taking over an unverified account). */
export function deleteUserApiKeys(db: DB, userId: number): void {
  db.prepare('DELETE FROM api_keys WHERE user_id = ?').run(userId)
}
