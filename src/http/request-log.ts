import type { H3Config, H3Event } from 'h3'
import type { Logger } from '../log.ts'
import { resolvedCallerKind } from './request-caller.ts'

/**
 * One structured line per request: method, route, status, duration, caller kind and the
 * owner/project part of an identifying User-Agent (spec Authentication 7). Matched requests are
 * logged by route pattern (`/api/v1/jobs/:slug`), never by query string or raw path, so tokens in
 * either never reach the log.
 */
const MAX_LOGGED_PATH = 200
const MAX_LOGGED_AGENT = 80

export function requestLogHooks(log: Logger): Pick<H3Config, 'onRequest' | 'onResponse'> {
  return {
    onRequest(event) {
      event.context.receivedAt = performance.now()
    },
    onResponse(response, event) {
      const receivedAt = event.context.receivedAt as number | undefined
      log.info('request', {
        method: event.req.method,
        route: loggedRoute(event),
        status: response.status,
        ms: receivedAt === undefined ? undefined : Math.round((performance.now() - receivedAt) * 10) / 10,
        caller: resolvedCallerKind(event),
        agent: agentOwner(event.req.headers.get('user-agent')),
      })
    },
  }
}

function loggedRoute(event: H3Event): string {
  const pattern = event.context.matchedRoute?.route
  if (pattern && !pattern.includes('**')) return pattern
  return event.url.pathname.slice(0, MAX_LOGGED_PATH)
}

/** `owner/project` of `owner/project[/version] [(+contact URL)]`; other agents by their first token. */
export function agentOwner(userAgent: string | null): string | undefined {
  const first = userAgent?.trim().split(/\s/, 1)[0]
  if (!first) return undefined
  return first.split('/').slice(0, 2).join('/').slice(0, MAX_LOGGED_AGENT)
}
