import { getRequestURL, type H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { forbidden } from '../errors.ts'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * The site's own origin: PUBLIC_ORIGIN, else the request's (behind a trusted proxy, as the proxy
 * forwarded it). The one origin allowed to make cookie-authenticated writes, and the base of
 * absolute links (feeds).
 */
export function allowedOrigin(ctx: AppContext, event: H3Event): string {
  if (ctx.config.publicOrigin) return new URL(ctx.config.publicOrigin).origin
  const trust = ctx.config.trustProxy
  return getRequestURL(event, { xForwardedHost: trust, xForwardedProto: trust }).origin
}

/**
 * True when a browser says the request comes from another site: an Origin that is not ours, or
 * Sec-Fetch-Site other than same-origin/none. Clients that send neither header (curl, mobile apps)
 * are not browsers acting on a user's behalf, so they pass.
 */
export function isForeignSite(ctx: AppContext, event: H3Event): boolean {
  const origin = event.req.headers.get('origin')
  if (origin !== null) {
    try {
      return new URL(origin).origin !== allowedOrigin(ctx, event)
    } catch {
      return true
    }
  }
  const site = event.req.headers.get('sec-fetch-site')
  return site !== null && site !== 'same-origin' && site !== 'none'
}

/** Refuses (403) a write from a foreign site; used wherever a cookie is read or set on a write. */
export function assertSameSiteWrite(ctx: AppContext, event: H3Event): void {
  if (!WRITE_METHODS.has(event.req.method)) return
  if (isForeignSite(ctx, event)) throw forbidden('cross-site request refused: cookie-authenticated writes must come from this site')
}
