import { deleteCookie, getCookie, getRequestProtocol, setCookie, type H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import type { Caller } from '../account/caller.ts'
import { createBrowserSession } from '../account/sign-in.ts'

/** The browser session cookie. No Domain attribute: it stays with the exact host that set it. */
export const SESSION_COOKIE = 'openroles_session'

/** HTTPS as the browser sees it: the request's own protocol, or X-Forwarded-Proto behind a trusted proxy. */
function isHttps(ctx: AppContext, event: H3Event): boolean {
  return getRequestProtocol(event, { xForwardedProto: ctx.config.trustProxy }) === 'https'
}

export function readSessionCookie(event: H3Event): string | undefined {
  return getCookie(event, SESSION_COOKIE) || undefined
}

/** Any response that sets the cookie is private: a shared cache must never store (and replay) a Set-Cookie. */
function markPrivate(event: H3Event): void {
  event.res.headers.set('cache-control', 'private, no-store')
}

export function setSessionCookie(ctx: AppContext, event: H3Event, token: string, expiresAt: string): void {
  markPrivate(event)
  setCookie(event, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(ctx, event),
    path: '/',
    expires: new Date(expiresAt),
  })
}

export function clearSessionCookie(ctx: AppContext, event: H3Event): void {
  markPrivate(event)
  deleteCookie(event, SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: isHttps(ctx, event), path: '/' })
}

/**
 * The primary's position after a caller's write (src/http/replica.ts): a replica holds that caller's
 * next reads until it has caught up. Short-lived: past a minute any replica has caught up.
 */
export const POSITION_COOKIE = 'openroles_position'
const POSITION_SECONDS = 60

export function setPositionCookie(ctx: AppContext, event: H3Event, position: string): void {
  setCookie(event, POSITION_COOKIE, position, { httpOnly: true, sameSite: 'lax', secure: isHttps(ctx, event), path: '/', maxAge: POSITION_SECONDS })
}

export function readPositionCookie(event: H3Event): string | undefined {
  return getCookie(event, POSITION_COOKIE) || undefined
}

/**
 * The pending OAuth sign-in's `state`, held by the browser that started it: the callback accepts a
 * state only from the browser carrying the same value, so a callback URL minted by someone else
 * (login CSRF) is refused. Scoped to the OAuth paths and as short-lived as the state itself.
 */
export const OAUTH_STATE_COOKIE = 'openroles_oauth_state'
const OAUTH_COOKIE_PATH = '/api/v1/auth/oauth/'

export function setOAuthStateCookie(ctx: AppContext, event: H3Event, state: string): void {
  markPrivate(event)
  setCookie(event, OAUTH_STATE_COOKIE, state, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(ctx, event),
    path: OAUTH_COOKIE_PATH,
    maxAge: ctx.config.oauthStateMinutes * 60,
  })
}

export function readOAuthStateCookie(event: H3Event): string | undefined {
  return getCookie(event, OAUTH_STATE_COOKIE) || undefined
}

export function clearOAuthStateCookie(ctx: AppContext, event: H3Event): void {
  deleteCookie(event, OAUTH_STATE_COOKIE, { httpOnly: true, sameSite: 'lax', secure: isHttps(ctx, event), path: OAUTH_COOKIE_PATH })
}

/** Starts a browser session for the user and hands its token to the client as the session cookie. */
export function startBrowserSession(ctx: AppContext, event: H3Event, userId: number, replacing?: Caller | null): { token: string; expiresAt: string } {
  const session = createBrowserSession(ctx, userId, replacing)
  setSessionCookie(ctx, event, session.token, session.expiresAt)
  return session
}
