import { setTimeout as sleep } from 'node:timers/promises'
import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { VERSION } from '../version.ts'
import { NonPublicAddressError, publicRequest } from '../public-address.ts'
import { checkBoardUrl, CrawlError, RefusedHostError } from './board-url.ts'
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsRules } from './robots.ts'

/**
 * The crawler's only way out: GET with per-host politeness (one request at a time per host and a
 * pause between them, robots.txt honoured), conditional requests (a 304 reuses the stored body),
 * a time-out and a size cap covering the whole body, and retries with exponential back-off on
 * network errors, time-outs, 429 and 5xx. Failures are CrawlErrors whose message says what happened.
 */
export interface BoardHttp {
  get(url: string, options?: { accept?: string; signal?: AbortSignal }): Promise<string>
  userAgent: string
}

const ROBOTS_TOKEN = 'openroles'
const ROBOTS_TTL_MS = 60 * 60 * 1000
const MAX_REDIRECTS = 5
const MAX_RETRY_AFTER_MS = 60_000

interface Fetched {
  status: number
  headers: Headers
  body: Buffer
}

export function createBoardHttp(config: Config, db: DB): BoardHttp {
  // Who we are and, when the operator said where the service lives, where to find out more.
  const userAgent = config.sourcesUserAgent || `openroles-crawler/${VERSION} (job board crawler${config.publicOrigin ? `; +${config.publicOrigin}` : ' of a self-hosted openroles'})`
  const hosts = new Map<string, { tail: Promise<unknown>; lastAt: number }>()
  const robots = new Map<string, { rules: RobotsRules; at: number }>()
  const cacheGet = db.prepare('SELECT etag, last_modified, body FROM board_http_cache WHERE url = ?')
  const cachePut = db.prepare(
    `INSERT INTO board_http_cache (url, etag, last_modified, body, fetched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (url) DO UPDATE SET etag = excluded.etag, last_modified = excluded.last_modified, body = excluded.body, fetched_at = excluded.fetched_at`,
  )
  const cacheDrop = db.prepare('DELETE FROM board_http_cache WHERE url = ?')

  /** Runs `fn` when the host is free and its pause has passed; requests to one host never overlap. */
  function politely<T>(host: string, delayMs: number, signal: AbortSignal | undefined, fn: () => Promise<T>): Promise<T> {
    const state = hosts.get(host) ?? { tail: Promise.resolve(), lastAt: 0 }
    hosts.set(host, state)
    const run = state.tail.then(async () => {
      const wait = state.lastAt + delayMs - Date.now()
      if (wait > 0) await sleep(wait, undefined, { signal })
      try {
        return await fn()
      } finally {
        state.lastAt = Date.now()
      }
    })
    state.tail = run.catch(() => undefined)
    return run
  }

  async function fetchOnce(url: string, headers: Record<string, string>, signal: AbortSignal | undefined): Promise<Fetched> {
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new CrawlError(`no complete answer from ${url} within ${config.sourcesTimeoutMs} ms (timed out)`, { unreachable: true })), config.sourcesTimeoutMs)
    const stop = () => controller.abort(signal?.reason)
    signal?.addEventListener('abort', stop)
    try {
      // Connects only to a checked public address (or any, with SOURCES_ALLOW_PRIVATE_HOSTS); a
      // redirect comes back as it is, and get() checks the next hop as a new URL.
      const response = await publicRequest(new URL(url), { headers, signal: controller.signal }, config.sourcesAllowPrivateHosts)
      const tooLarge = () => new CrawlError(`${url} answered more than ${config.sourcesMaxBytes} bytes`)
      if (Number(response.headers.get('content-length') ?? 0) > config.sourcesMaxBytes) {
        controller.abort(tooLarge())
        throw tooLarge()
      }
      const chunks: Buffer[] = []
      let size = 0
      if (response.body) {
        for await (const chunk of response.body) {
          size += chunk.length
          if (size > config.sourcesMaxBytes) {
            controller.abort(tooLarge())
            throw tooLarge()
          }
          chunks.push(Buffer.from(chunk))
        }
      }
      return { status: response.status, headers: response.headers, body: Buffer.concat(chunks) }
    } catch (error) {
      // An abort surfaces as the reason we gave it (time-out, size) or the caller's stop.
      if (controller.signal.aborted && controller.signal.reason instanceof Error) throw controller.signal.reason
      if (error instanceof CrawlError) throw error
      if (error instanceof NonPublicAddressError) throw new RefusedHostError(`${error.host} resolves to a private or loopback address (set SOURCES_ALLOW_PRIVATE_HOSTS=true to crawl it)`)
      throw new CrawlError(connectionFailure(url, error), { cause: error, unreachable: true })
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
    }
  }

  /** One logical GET with retries; retryable failures are retried, the last one is thrown. */
  async function withRetries(url: URL, headers: Record<string, string>, signal: AbortSignal | undefined, delayMs: number): Promise<Fetched> {
    for (let attempt = 0; ; attempt++) {
      let retryAfterMs = 0
      try {
        const fetched = await politely(url.host, delayMs, signal, () => fetchOnce(url.href, headers, signal))
        if (fetched.status !== 429 && fetched.status < 500) return fetched
        if (attempt >= config.sourcesRetries) throw new CrawlError(`${url.href} answered HTTP ${fetched.status} (after ${attempt + 1} attempts)`)
        const retryAfter = Number(fetched.headers.get('retry-after'))
        if (Number.isFinite(retryAfter) && retryAfter > 0) retryAfterMs = Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS)
      } catch (error) {
        if (signal?.aborted) throw signal.reason ?? error
        if (attempt >= config.sourcesRetries || error instanceof RefusedHostError) throw error
      }
      await sleep(Math.max(config.sourcesBackoffMs * 2 ** attempt, retryAfterMs), undefined, { signal })
    }
  }

  /** RFC 9309: a 4xx means no rules; a robots.txt answering 5xx means everything is disallowed. */
  async function robotsFor(url: URL, signal: AbortSignal | undefined): Promise<RobotsRules> {
    const known = robots.get(url.origin)
    if (known && Date.now() - known.at < ROBOTS_TTL_MS) return known.rules
    let rules: RobotsRules
    try {
      const fetched = await withRetries(new URL('/robots.txt', url), { 'user-agent': userAgent, accept: 'text/plain' }, signal, config.sourcesHostDelayMs)
      // A redirected robots.txt is not followed; like a 4xx it means no rules.
      rules = fetched.status >= 200 && fetched.status < 300 ? parseRobots(fetched.body.toString('utf8'), ROBOTS_TOKEN) : fetched.status < 500 ? ALLOW_ALL : DISALLOW_ALL
    } catch (error) {
      if (signal?.aborted || error instanceof RefusedHostError) throw error
      // A host that cannot be reached at all (DNS, refused, TLS, time-out) fails the crawl for that
      // reason: the board request would fail the same, and "robots.txt disallows" would hide why.
      if (error instanceof CrawlError && error.unreachable) throw error
      rules = DISALLOW_ALL
    }
    robots.set(url.origin, { rules, at: Date.now() })
    return rules
  }

  async function get(raw: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<string> {
    let url = checkBoardUrl(raw, config.sourcesAllowPrivateHosts)
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const rules = await robotsFor(url, options.signal)
      if (!rules.allows(url.pathname + url.search)) throw new CrawlError(`robots.txt of ${url.host} disallows ${url.pathname}`)
      const delayMs = Math.max(config.sourcesHostDelayMs, (rules.crawlDelaySeconds ?? 0) * 1000)
      const cached = cacheGet.get(url.href) as { etag: string | null; last_modified: string | null; body: Buffer } | undefined
      const headers: Record<string, string> = { 'user-agent': userAgent, accept: options.accept ?? 'application/json' }
      if (cached?.etag) headers['if-none-match'] = cached.etag
      if (cached?.last_modified) headers['if-modified-since'] = cached.last_modified
      const fetched = await withRetries(url, headers, options.signal, delayMs)
      if (fetched.status === 304 && cached) return cached.body.toString('utf8')
      if (fetched.status >= 300 && fetched.status < 400 && fetched.headers.get('location')) {
        url = checkBoardUrl(new URL(fetched.headers.get('location')!, url).href, config.sourcesAllowPrivateHosts)
        continue
      }
      if (fetched.status < 200 || fetched.status >= 300) throw new CrawlError(`${url.href} answered HTTP ${fetched.status}`)
      const etag = fetched.headers.get('etag')
      const lastModified = fetched.headers.get('last-modified')
      if (etag || lastModified) cachePut.run(url.href, etag, lastModified, fetched.body, new Date().toISOString())
      else if (cached) cacheDrop.run(url.href)
      return fetched.body.toString('utf8')
    }
    throw new CrawlError(`more than ${MAX_REDIRECTS} redirects from ${raw}`)
  }

  return { get, userAgent }
}

/** Node's connection error codes, by what an operator should check. */
const CONNECTION_CAUSES: [RegExp, string][] = [
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL)$/, 'DNS lookup failed (no such host, or no name server reachable)'],
  [/^ECONNREFUSED$/, 'connection refused'],
  [/^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/, 'connection reset by the server'],
  [/^(EHOSTUNREACH|ENETUNREACH|EHOSTDOWN|ENETDOWN)$/, 'no route to the host (network unreachable)'],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT|UND_ERR_HEADERS_TIMEOUT)$/, 'connection timed out'],
  [/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER/, 'TLS handshake failed (certificate or protocol)'],
]

/** What a failed fetch means, from the innermost cause's code: "cannot reach host: DNS lookup failed (ENOTFOUND)". */
function connectionFailure(url: string, error: unknown): string {
  let cause = error as { cause?: unknown; code?: unknown; message?: string }
  while (cause.cause && typeof cause.cause === 'object' && !(typeof cause.code === 'string')) cause = cause.cause as typeof cause
  const code = typeof cause.code === 'string' ? cause.code : undefined
  const host = new URL(url).host
  const what = code && CONNECTION_CAUSES.find(([pattern]) => pattern.test(code))?.[1]
  return what ? `cannot reach ${host}: ${what} (${code})` : `request to ${url} failed: ${cause.message ?? String(error)}`
}
