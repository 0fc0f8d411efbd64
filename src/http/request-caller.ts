import type { H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import type { Caller } from '../account/caller.ts'
import { validateApiKey } from '../account/api-keys.ts'
import { EXTENSION_TOKEN_PREFIX, validateSessionToken } from '../account/sessions.ts'
import { findUserById } from '../account/users.ts'
import { readSessionCookie, setSessionCookie } from './cookie.ts'
import { assertSameSiteWrite } from './origin.ts'

/**
 * The caller of a request, resolved once per request: the rate limiter, the auth check in
 * defineOperation and the request log all ask, and resolving reads the database.
 */
export function requestCaller(ctx: AppContext, event: H3Event): Promise<Caller | null> {
  const cached = event.context.callerPromise as Promise<Caller | null> | undefined
  if (cached) return cached
  const pending = resolveCaller(ctx, event).then((caller) => {
    event.context.callerKind = caller ? caller.kind : 'anonymous'
    return caller
  })
  event.context.callerPromise = pending
  return pending
}

/** 'session' | 'key' | 'anonymous' once the caller was resolved, else undefined (for the log). */
export function resolvedCallerKind(event: H3Event): string | undefined {
  return event.context.callerKind as string | undefined
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
