import { getRequestIP, type H3Event } from 'h3'
import type { AppContext } from '../context.ts'

/** The client address for throttling; X-Forwarded-For only behind a trusted proxy. */
export function clientIp(ctx: AppContext, event: H3Event): string {
  return getRequestIP(event, { xForwardedFor: ctx.config.trustProxy }) ?? 'unknown'
}
