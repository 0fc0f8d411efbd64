import { isIP } from 'node:net'

/**
 * Which URLs the crawler may fetch: http(s) only, and never a loopback, private or link-local
 * address unless the operator allows it (SOURCES_ALLOW_PRIVATE_HOSTS, for a stand-in board on the
 * same machine). A moderator types board URLs; this keeps the crawler from probing the server's own
 * network. Names that resolve to private addresses are not looked up here.
 */
export class CrawlError extends Error {}

function privateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number]
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127)
}

export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return true
  const version = isIP(host)
  if (version === 4) return privateV4(host)
  if (version === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)
    if (mapped) return privateV4(mapped[1]!)
    return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host)
  }
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
