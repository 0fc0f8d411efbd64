import { BlockList, isIP } from 'node:net'

/**
 * Which URLs the crawler may fetch: http(s) only, and never a loopback, private or link-local
 * address unless the operator allows it (SOURCES_ALLOW_PRIVATE_HOSTS, for a stand-in board on the
 * same machine). A moderator types board URLs; this keeps the crawler from probing the server's own
 * network. Names that resolve to private addresses are not looked up here.
 */
export class CrawlError extends Error {
  /** The host could not be reached at all (DNS, refused, TLS, time-out), as opposed to an answer we refuse. */
  readonly unreachable: boolean
  constructor(message: string, options: { unreachable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.unreachable = options.unreachable ?? false
  }
}

/**
 * Addresses that are not somewhere on the public internet: this machine, private networks (RFC
 * 1918, CGNAT), link-local (cloud metadata), benchmarking, multicast and reserved ranges, and their
 * IPv6 counterparts. Node's BlockList also matches an IPv4-mapped IPv6 address (`::ffff:7f00:1`)
 * against the IPv4 rules; IPv4-compatible and NAT64 forms are refused whole.
 */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 3]] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [['::', 96], ['::1', 128], ['64:ff9b::', 96], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8]] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')

export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return true
  const version = isIP(host)
  if (version === 4) return NOT_PUBLIC.check(host, 'ipv4')
  if (version === 6) return NOT_PUBLIC.check(host, 'ipv6')
  return false
}

/** The URL when the crawler may fetch it; otherwise a CrawlError saying why. */
export function checkBoardUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new CrawlError('not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CrawlError('only http and https URLs can be crawled')
  if (url.username || url.password) throw new CrawlError('URLs with credentials are not crawled')
  if (!allowPrivate && isPrivateHost(url.hostname)) throw new CrawlError(`${url.hostname} is a private or loopback address (set SOURCES_ALLOW_PRIVATE_HOSTS=true to crawl it)`)
  return url
}
