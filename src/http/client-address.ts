import { isIP } from 'node:net'
import { getRequestIP, type H3Event } from 'h3'
import type { Config } from '../config.ts'

/** The client address for login throttling: the same trusted-proxy rule and IPv6 /64 blocks as the rate limiter. */
export function clientIp(config: Config, event: H3Event): string {
  return clientAddressBlock(config, event) ?? 'unknown'
}

/**
 * The client's address block, for budgets and throttles: proxy headers count only with
 * TRUST_PROXY, and then only the hop our own proxy appended (the last X-Forwarded-For entry),
 * since earlier entries are whatever the client sent. Undefined when there is no address (in-process calls).
 */
export function clientAddressBlock(config: Config, event: H3Event): string | undefined {
  const ip = clientAddress(config, event)
  return ip ? addressBlock(ip) : undefined
}

/**
 * IPv4 addresses count one by one; IPv6 ones by their /64, the block one subscriber usually holds
 * (otherwise a single host could rotate through 2^64 fresh budgets). IPv4-mapped IPv6 reads as IPv4.
 */
export function addressBlock(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  if (!ip.includes(':')) return ip
  const [head, tail = ''] = ip.split('%')[0].toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = ip.includes('::') && tail ? tail.split(':') : []
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

/**
 * The network an address block lies in, for the account budget's second bucket: an IPv4 address's
 * /24, an IPv6 /64's /48 (a site's usual allocation), so rotating addresses within one's own range
 * draws on one bucket.
 */
export function networkOfBlock(block: string): string {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(block)
  if (v4) return `${v4[1]}.0/24`
  if (!block.endsWith('::/64')) return block
  return `${block.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`
}

/**
 * A forwarded hop counts only when it is an IP address: anything else (a name, garbage, 8 KB of
 * padding) falls back to the socket address, so a client cannot mint budget keys of its choosing.
 */
export function clientAddress(config: Config, event: H3Event): string | undefined {
  if (config.trustProxy) {
    const forwarded = event.req.headers.get('x-forwarded-for')?.split(',').map((hop) => hop.trim()).filter(Boolean)
    const hop = forwarded?.length ? forwarded[forwarded.length - 1] : event.req.headers.get('x-real-ip')?.trim()
    if (hop && hop.length <= MAX_IP_LENGTH && isIP(hop)) return hop
  }
  return getRequestIP(event)
}

/** The longest textual IP address (IPv4-mapped IPv6 with a zone id allowance). */
const MAX_IP_LENGTH = 64

