import { lookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

const INFLATERS: Record<string, () => NodeJS.ReadWriteStream & Readable> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress }

/**
 * The one rule for every outbound connection a user or moderator can aim (board sources, browser
 * push endpoints, IMAP mailboxes, webhooks): resolve the name here, refuse it when any address it
 * resolves to is not public (unless the operator allows private hosts for that feature), and
 * connect to the address that was checked, so a second lookup cannot rebind the name to an inside
 * address. Redirects are never followed here: each hop is a new checked request.
 */

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

/** A host name or address literal that is not public by itself (no lookup): loopback names, private literals. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || host.endsWith('.local')) return true
  const version = isIP(host)
  if (version === 4) return NOT_PUBLIC.check(host, 'ipv4')
  if (version === 6) return NOT_PUBLIC.check(host, 'ipv6')
  return false
}

/** Why a URL a user typed may not be aimed at: not absolute, not http(s), carrying credentials, or naming a private host. */
export type UrlProblem = 'not-a-url' | 'scheme' | 'credentials' | 'private-host'

/**
 * The check of an outbound URL as typed (before any lookup): an absolute http(s) URL without
 * credentials whose host is not private by itself (unless `allowPrivate`). Each feature words the
 * problem its own way; names resolving inside are refused when connecting (publicRequest).
 */
export function outboundUrl(raw: string, allowPrivate: boolean): { url: URL; problem: null } | { url: null; problem: UrlProblem } {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { url: null, problem: 'not-a-url' }
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { url: null, problem: 'scheme' }
  if (url.username || url.password) return { url: null, problem: 'credentials' }
  if (!allowPrivate && isPrivateHost(url.hostname)) return { url: null, problem: 'private-host' }
  return { url, problem: null }
}

/** The host is, or resolves to, an address that is not public. */
export class NonPublicAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} is a private or loopback address; this server connects only to public hosts`)
  }
}

/** The host name did not resolve. */
export class UnresolvedHostError extends Error {
  constructor(readonly host: string, options?: ErrorOptions) {
    super(`${host} could not be resolved`, options)
  }
}

export interface CheckedAddress {
  address: string
  family: 4 | 6
}

/** Every address of `host`, each checked; the connection goes to these and no others. */
export async function checkedAddresses(host: string, allowPrivate: boolean): Promise<CheckedAddress[]> {
  if (!allowPrivate && isPrivateHost(host)) throw new NonPublicAddressError(host)
  const literal = host.replace(/^\[|\]$/g, '')
  const version = isIP(literal)
  const found = version
    ? [{ address: literal, family: version as 4 | 6 }]
    : await lookup(host, { all: true, verbatim: true }).then(
        (entries) => entries.map((entry) => ({ address: entry.address, family: entry.family as 4 | 6 })),
        (error: unknown) => {
          // The resolver's own error (ENOTFOUND, EAI_AGAIN) rides along, so a caller can say why.
          throw new UnresolvedHostError(host, { cause: error })
        },
      )
  if (!found.length) throw new UnresolvedHostError(host)
  if (!allowPrivate && found.some((entry) => isPrivateHost(entry.address))) throw new NonPublicAddressError(host)
  return found
}

/**
 * A `lookup` for net, tls and http(s) connections: the socket connects to what checkedAddresses
 * let through. (An address literal never reaches a lookup: publicRequest checks it first.)
 */
export function publicLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(hostname, allowPrivate).then(
      (found) => {
        if (options.all) callback(null, found)
        else callback(null, found[0]!.address, found[0]!.family)
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, ''),
    )
  }
}

export interface PublicRequestInit {
  method?: string
  headers?: Record<string, string>
  body?: Uint8Array
  signal?: AbortSignal
}

/**
 * One HTTP(S) request to a public address, answered as a fetch Response (body streamed). A
 * redirect is answered as it came (3xx with its Location): a caller that follows it makes a new
 * publicRequest, so the next hop is checked too. Throws NonPublicAddressError or
 * UnresolvedHostError before connecting.
 */
export async function publicRequest(url: URL, init: PublicRequestInit, allowPrivate: boolean): Promise<Response> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`only http and https URLs: ${url.protocol}`)
  if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await checkedAddresses(url.hostname, allowPrivate)
  const client = url.protocol === 'https:' ? https : http
  return new Promise<Response>((resolve, reject) => {
    // Compressed answers are asked for and inflated as they stream, as fetch does: a size cap the
    // caller counts while reading counts inflated bytes.
    const headers = { 'accept-encoding': 'gzip, deflate, br', ...init.headers }
    const request = client.request(url, { method: init.method ?? 'GET', headers, signal: init.signal, lookup: publicLookup(allowPrivate), agent: false }, (response) => {
      const answered = new Headers()
      const raw = response.rawHeaders
      for (let i = 0; i + 1 < raw.length; i += 2) answered.append(raw[i]!, raw[i + 1]!)
      const status = response.statusCode ?? 502
      const empty = status === 204 || status === 205 || status === 304 || init.method === 'HEAD'
      if (empty) response.resume()
      const inflate = INFLATERS[(answered.get('content-encoding') ?? '').trim().toLowerCase()]
      let body: Readable = response
      if (inflate && !empty) {
        body = response.pipe(inflate())
        response.on('error', (error) => body.destroy(error))
        answered.delete('content-encoding')
        answered.delete('content-length')
      }
      resolve(new Response(empty ? null : (Readable.toWeb(body) as ReadableStream<Uint8Array>), { status, headers: answered }))
    })
    request.on('error', reject)
    request.end(init.body)
  })
}
