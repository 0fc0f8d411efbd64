import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { DB } from '../db/connection.ts'

/**
 * Short signed tokens for links that work without signing in (unsubscribe) and for the chat-link
 * flows (Telegram `/start <token>`, Discord `/link token:<token>`): `<payload>.<signature>`, both
 * base64url, the payload a small JSON object with a purpose `p`, a user `u` and an expiry `e`
 * (unix seconds). The HMAC-SHA256 key is made by the server on first use and kept in the database,
 * so tokens survive restarts and no setting is needed. Telegram allows 64 characters after
 * `start=`, which this shape fits for the link purposes.
 */
export type TokenPurpose = 'unsub' | 'tg' | 'dc'

export interface TokenClaims {
  purpose: TokenPurpose
  userId: number
  /** Unix seconds; absent = does not expire. */
  expiresAt?: number
  /** Purpose-specific detail, e.g. the subscription an unsubscribe link stops. */
  subject?: number
}

function signingKey(db: DB): Buffer {
  const existing = db.prepare("SELECT value FROM server_secrets WHERE name = 'token-signing'").get() as { value: Buffer } | undefined
  if (existing) return existing.value
  db.prepare("INSERT OR IGNORE INTO server_secrets (name, value, created_at) VALUES ('token-signing', ?, ?)").run(randomBytes(32), new Date().toISOString())
  return (db.prepare("SELECT value FROM server_secrets WHERE name = 'token-signing'").get() as { value: Buffer }).value
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url')

export function signToken(db: DB, claims: TokenClaims): string {
  const body: Record<string, unknown> = { p: claims.purpose, u: claims.userId }
  if (claims.expiresAt !== undefined) body.e = claims.expiresAt
  if (claims.subject !== undefined) body.s = claims.subject
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url')
  return `${payload}.${mac(signingKey(db), payload)}`
}

/** The claims of a well-signed, unexpired token of that purpose; null otherwise (never throws). */
export function verifyToken(db: DB, token: string, purpose: TokenPurpose, nowSeconds: number): TokenClaims | null {
  const [payload, signature, extra] = token.split('.')
  if (!payload || !signature || extra !== undefined) return null
  const expected = Buffer.from(mac(signingKey(db), payload))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  let body: { p?: unknown; u?: unknown; e?: unknown; s?: unknown }
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (body.p !== purpose || !Number.isInteger(body.u)) return null
  if (body.e !== undefined && (typeof body.e !== 'number' || body.e < nowSeconds)) return null
  return { purpose, userId: body.u as number, expiresAt: body.e as number | undefined, subject: Number.isInteger(body.s) ? (body.s as number) : undefined }
}
