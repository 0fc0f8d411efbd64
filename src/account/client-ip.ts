import type { H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { clientAddressBlock } from '../http/client-address.ts'

/** The client address for login throttling: the same trusted-proxy rule and IPv6 /64 blocks as the rate limiter. */
export function clientIp(ctx: AppContext, event: H3Event): string {
  return clientAddressBlock(ctx.config, event) ?? 'unknown'
}
