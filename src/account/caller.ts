import type { H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { validateApiKey } from './api-keys.ts'
import { readSessionCookie, setSessionCookie } from './cookie.ts'
import { assertSameSiteWrite } from './origin.ts'
import { EXTENSION_TOKEN_PREFIX, validateSessionToken } from './sessions.ts'
import { findUserById } from './users.ts'

/** Who is calling. Resolved from the session cookie or a Bearer API key; null for anonymous callers. */
export interface Caller {
  /** 'session' only for the browser cookie; API keys and extension tokens are 'key' (they cannot manage credentials). */
  kind: 'session' | 'key'
  userId: number
  role: 'user' | 'moderator'
  /** Id of the session row (cookie, extension) or API key row that authenticated the request. */
  credentialId: number
  credential: 'cookie' | 'api-key' | 'extension'
}

function bearerToken(event: H3Event): string | null {
  const header = event.req.headers.get('authorization')
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match ? match[1] : null
}

/**
 * Resolves the caller of a request (null when anonymous or the credential is invalid).
 * A Bearer credential wins over a cookie and is exempt from the origin check (a foreign page cannot
 * attach it). A write carrying the cookie from a foreign site is refused with 403 before anything runs.
 */
export async function resolveCaller(ctx: AppContext, event: H3Event): Promise<Caller | null> {
  const now = ctx.now()
  const bearer = bearerToken(event)
  if (bearer) {
    if (bearer.startsWith(EXTENSION_TOKEN_PREFIX)) {
      const token = bearer.slice(EXTENSION_TOKEN_PREFIX.length)
      const session = validateSessionToken(ctx.db, token, 'extension', ctx.config.extensionSessionDays, now)
      return session ? toCaller(ctx, session.userId, 'key', session.id, 'extension') : null
    }
    const key = validateApiKey(ctx.db, bearer, now)
    return key ? toCaller(ctx, key.userId, 'key', key.id, 'api-key') : null
  }
  const cookie = readSessionCookie(event)
  if (!cookie) return null
  assertSameSiteWrite(ctx, event)
  const session = validateSessionToken(ctx.db, cookie, 'browser', ctx.config.sessionDays, now)
  if (!session) return null
  // The cookie's own expiry slides with the session's.
  if (session.renewed) setSessionCookie(ctx, event, cookie, session.expiresAt)
  return toCaller(ctx, session.userId, 'session', session.id, 'cookie')
}

function toCaller(ctx: AppContext, userId: number, kind: Caller['kind'], credentialId: number, credential: Caller['credential']): Caller | null {
  const user = findUserById(ctx.db, userId)
  return user ? { kind, userId, role: user.role, credentialId, credential } : null
}
