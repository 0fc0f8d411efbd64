import { bodyLimit, type Middleware } from 'h3'
import type { AppContext } from '../context.ts'
import type { RouteSpec } from './route.ts'
import { badRequest } from '../errors.ts'
import { corsMiddleware, isPublicRead } from './cors.ts'
import { rateLimitMiddleware } from './rate-limit.ts'
import { privateAnswer } from './edge-headers.ts'

/**
 * The middleware every route gets from its RouteSpec alone (docs/edge.md), in this order: CORS
 * (so even a 429 is readable cross-origin), its rate budget (so every reply, 400s included, carries
 * the X-RateLimit headers), `Cache-Control: no-store` on signed-in routes, the `q` length cap, and
 * a streaming body-size cap for routes with a body.
 */
export function edgeMiddleware(ctx: AppContext, route: RouteSpec): Middleware[] {
  const chain: Middleware[] = []
  if (isPublicRead(route)) chain.push(corsMiddleware())
  if (route.budget) chain.push(rateLimitMiddleware(ctx, route.budget))
  if (route.auth !== 'public') chain.push(privateAnswer())
  chain.push(queryLengthCap(ctx.config.maxQueryLength))
  if (route.body) chain.push(bodyLimit(ctx.config.maxBodyBytes))
  return chain
}

/** A `q` longer than MAX_QUERY_LENGTH is refused with a 400 rather than silently truncated. */
function queryLengthCap(maxLength: number): Middleware {
  return (event, next) => {
    for (const q of event.url.searchParams.getAll('q')) {
      if (q.length > maxLength) throw badRequest(`invalid query parameter "q": at most ${maxLength} characters`)
    }
    return next()
  }
}
