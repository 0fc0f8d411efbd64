import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '../db/connection.ts'

/**
 * Short signed tokens for links that work without signing in (unsubscribe) and for the chat-link
 * flows (Telegram `/start <token>`, Discord `/link token:<token>`). Telegram allows at most 64
 * characters of [A-Za-z0-9_-] after `start=`, so the token is compact binary in base64url (34
 * characters): purpose, user, expiry, subject, then 12 bytes of HMAC-SHA256 over them. The key is
 * made by the server on first use and kept in the database, so tokens survive restarts and no
 * setting is needed.
 */
export type TokenPurpose = 'unsub' | 'tg' | 'dc'
const PURPOSE_CODES: Record<TokenPurpose, number> = { unsub: 1, tg: 2, dc: 3 }
const BODY_BYTES = 13
const MAC_BYTES = 12

export interface TokenClaims {
  purpose: TokenPurpose
  userId: number
  /** Unix seconds; absent = does not expire. */
  expiresAt?: number
  /** Purpose-specific detail, e.g. the subscription an unsubscribe link stops. */
  subject?: number
}

function signingKey(db: DB): Buffer {
  const read = () => db.prepare("SELECT value FROM server_secrets WHERE name = 'token-signing'").get() as { value: Buffer } | undefined
  const existing = read()
  if (existing) return existing.value
  db.prepare("INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES ('token-signing', ?, ?)").run(randomBytes(32), new Date().toISOString())
  return read()!.value
}

const mac = (key: Buffer, body: Buffer) => createHmac('sha256', key).update(body).digest().subarray(0, MAC_BYTES)

export function signToken(db: DB, claims: TokenClaims): string {
  const body = Buffer.alloc(BODY_BYTES)
  body.writeUInt8(PURPOSE_CODES[claims.purpose], 0)
  body.writeUInt32BE(claims.userId, 1)
  body.writeUInt32BE(claims.expiresAt ?? 0, 5)
  body.writeUInt32BE(claims.subject ?? 0, 9)
  return Buffer.concat([body, mac(signingKey(db), body)]).toString('base64url')
}

/** The claims of a well-signed, unexpired token of that purpose; null otherwise (never throws). */
export function verifyToken(db: DB, token: string, purpose: TokenPurpose, nowSeconds: number): TokenClaims | null {
  if (!/^[A-Za-z0-9_-]{34}$/.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== BODY_BYTES + MAC_BYTES) return null
  const body = bytes.subarray(0, BODY_BYTES)
  if (!timingSafeEqual(bytes.subarray(BODY_BYTES), mac(signingKey(db), body))) return null
  if (body.readUInt8(0) !== PURPOSE_CODES[purpose]) return null
  const expiresAt = body.readUInt32BE(5)
  if (expiresAt !== 0 && expiresAt < nowSeconds) return null
  const subject = body.readUInt32BE(9)
  return { purpose, userId: body.readUInt32BE(1), ...(expiresAt ? { expiresAt } : {}), ...(subject ? { subject } : {}) }
}
