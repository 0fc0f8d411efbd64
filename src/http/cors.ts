import type { H3Event, Middleware } from 'h3'
import type { RouteSpec } from './route.ts'
import { setEdgeHeader } from './edge-headers.ts'

/**
 * Cross-origin policy (docs/edge.md). Public reads (GET routes with auth 'public') answer any
 * origin with `Access-Control-Allow-Origin: *` and never with credentials, so a foreign page can
 * read them but no cookie ever rides along. Every other route sends no CORS headers at all: a
 * browser refuses foreign-origin calls to them, and the accounts module's origin check refuses
 * cross-site cookie writes that arrive anyway.
 */
export const EXPOSED_HEADERS = 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After'
const PREFLIGHT_MAX_AGE_SECONDS = '86400'
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/

export function isPublicRead(route: Pick<RouteSpec, 'auth' | 'method'>): boolean {
  return route.auth === 'public' && route.method === 'GET'
}

/** Route middleware for public reads: the headers go on success and error replies alike. */
export function corsMiddleware(): Middleware {
  return (event, next) => {
    setEdgeHeader(event, 'Access-Control-Allow-Origin', '*')
    setEdgeHeader(event, 'Access-Control-Expose-Headers', EXPOSED_HEADERS)
    return next()
  }
}

/**
 * Answers OPTIONS on a known path: always `Allow`; the CORS grant only when the method the
 * browser asks about is a public read of this path.
 */
export function optionsResponse(event: H3Event, routes: RouteSpec[], allow: string): Response {
  const headers = new Headers({ Allow: allow })
  const asked = event.req.headers.get('access-control-request-method')?.toUpperCase()
  const wanted = asked === 'HEAD' ? 'GET' : asked
  // The router prefers literal segments over parameters, so the route with the fewest parameters answers.
  const answering = routes.filter((route) => route.method === wanted).sort((a, b) => paramCount(a) - paramCount(b))[0]
  const granted = event.req.headers.has('origin') && !!answering && isPublicRead(answering)
  if (granted) {
    headers.set('Access-Control-Allow-Origin', '*')
    headers.set('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
    const askedHeaders = event.req.headers.get('access-control-request-headers')?.trim()
    if (askedHeaders && HEADER_LIST.test(askedHeaders)) headers.set('Access-Control-Allow-Headers', askedHeaders)
    headers.set('Access-Control-Max-Age', PREFLIGHT_MAX_AGE_SECONDS)
  }
  return new Response(null, { status: 204, headers })
}

function paramCount(route: RouteSpec): number {
  return route.path.split('/').filter((segment) => segment.startsWith(':')).length
}
