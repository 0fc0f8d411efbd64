import { outboundUrl } from '../public-address.ts'

/**
 * Which URLs the crawler may fetch: http(s) only, and never a loopback, private or link-local
 * address unless the operator allows it (SOURCES_ALLOW_PRIVATE_HOSTS, for a stand-in board on the
 * same machine). A moderator types board URLs; this keeps the crawler from probing the server's own
 * network. This is the check of the URL as typed; names that resolve to private addresses are
 * refused when connecting (src/public-address.ts, used by src/sources/board-http.ts).
 */
export class CrawlError extends Error {
  /** The host could not be reached at all (DNS, refused, TLS, time-out), as opposed to an answer we refuse. */
  readonly unreachable: boolean
  constructor(message: string, options: { unreachable?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause })
    this.unreachable = options.unreachable ?? false
  }
}

/** The host is, or resolves to, an address the crawler may not reach: never retried, never read as "robots.txt unreachable". */
export class RefusedHostError extends CrawlError {}

/** The URL when the crawler may fetch it; otherwise a CrawlError saying why. */
export function checkBoardUrl(raw: string, allowPrivate: boolean): URL {
  const { url, problem } = outboundUrl(raw, allowPrivate)
  if (problem === 'not-a-url') throw new CrawlError('not a URL')
  if (problem === 'scheme') throw new CrawlError('only http and https URLs can be crawled')
  if (problem === 'credentials') throw new CrawlError('URLs with credentials are not crawled')
  if (problem === 'private-host') throw new RefusedHostError(`${new URL(raw).hostname} is a private or loopback address (set SOURCES_ALLOW_PRIVATE_HOSTS=true to crawl it)`)
  return url!
}
