/**
 * The edge of a service split into one primary that writes and replicas that only read
 * (docs/scaling.md). A replica answers reads itself and hands the primary everything that writes:
 * every method but GET/HEAD/OPTIONS, the reads that write on every call (sign-in's redirects and
 * callbacks, the CV link's visit count), and, caught as it happens, any other read that finds it
 * must write (a session's hourly renewal, an API key's last use, derived data the primary has not
 * brought up to date yet): the file refuses the write, nothing was committed, and the same request
 * goes to the primary instead. So no write is lost and none waits on a replica.
 *
 * Read-your-writes: the primary answers every write with its position (header and short cookie,
 * src/cluster/role.ts filePosition); a replica holds a read that carries a position it has not
 * reached up to REPLICA_CATCH_UP_MS, then hands it to the primary.
 */
import { getRequestURL, type H3Event, type Middleware } from 'h3'
import type { AppContext } from '../context.ts'
import { filePosition, reached } from '../search/position.ts'
import { badGateway, serviceUnavailable } from '../errors.ts'
import { clientAddress } from './client-address.ts'
import { readPositionCookie, setPositionCookie } from './cookie.ts'

export const POSITION_HEADER = 'openroles-position'
/** Says which process answered a replica's request: `primary` when the replica handed it on. */
export const SERVED_BY_HEADER = 'openroles-served-by'
/** Marks a request a replica forwarded, so one whose PRIMARY_URL names another replica fails instead of looping. */
const FORWARDED_HEADER = 'openroles-forwarded'

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Reads that write on every call: OAuth and extension sign-in (state, sessions), Gmail's connect and callback (tokens), a CV link visit. */
const WRITING_READS = [/^\/api\/v1\/auth\//, /^\/api\/v1\/me\/gmail\/(connect|callback)$/, /^\/cv\//]
// Per hop, or set by fetch itself (which refuses `expect`, as curl sends for larger bodies).
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect', 'host', 'content-length']
const CATCH_UP_POLL_MS = 20

/** Whether the primary must answer this request: it writes, or it creates or ends a session. */
export function writes(method: string, path: string): boolean {
  return !READ_METHODS.has(method) || WRITING_READS.some((pattern) => pattern.test(path))
}

/** SQLite's refusal of a write on a read-only connection. */
function readOnlyRefusal(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_READONLY'
}

/** On the primary: every write's answer carries the position a replica must reach to show it. */
export function primaryEdge(ctx: AppContext): Middleware {
  return async (event, next) => {
    const answer = await next()
    if (writes(event.req.method, event.url.pathname)) {
      const position = filePosition(ctx.db)
      event.res.headers.set(POSITION_HEADER, position)
      setPositionCookie(ctx, event, position)
    }
    return answer
  }
}

/** On a replica, mounted first: forwards what writes, holds a read back until it caught up with the caller's write. */
export function replicaEdge(ctx: AppContext, primaryUrl: string): Middleware {
  return async (event, next) => {
    if (event.req.headers.has(FORWARDED_HEADER)) throw badGateway('a replica was handed a forwarded request: PRIMARY_URL must name the primary')
    if (writes(event.req.method, event.url.pathname)) return forward(ctx, event, primaryUrl)
    const wanted = event.req.headers.get(POSITION_HEADER) ?? readPositionCookie(event)
    if (wanted && !(await caughtUp(ctx, wanted))) return forward(ctx, event, primaryUrl)
    try {
      return await next()
    } catch (error) {
      if (!readOnlyRefusal(error)) throw error
      ctx.log.debug('replica: a read had to write; the primary answers it', { path: event.url.pathname })
      return forward(ctx, event, primaryUrl)
    }
  }
}

async function caughtUp(ctx: AppContext, wanted: string): Promise<boolean> {
  const deadline = Date.now() + ctx.config.replicaCatchUpMs
  while (!reached(filePosition(ctx.db), wanted)) {
    if (Date.now() >= deadline) return false
    await new Promise((resolve) => setTimeout(resolve, CATCH_UP_POLL_MS))
  }
  return true
}

/**
 * Hands the request to the primary as it came, body streamed, and its answer back as it comes. The
 * caller's address travels as the one X-Forwarded-For entry (the primary runs with TRUST_PROXY and
 * takes the last entry, so budgets and throttles count the caller, not the replica), with the host
 * and scheme the caller used (origin checks, cookies' Secure).
 */
async function forward(ctx: AppContext, event: H3Event, primaryUrl: string): Promise<Response> {
  const seen = getRequestURL(event, { xForwardedHost: ctx.config.trustProxy, xForwardedProto: ctx.config.trustProxy })
  const headers = new Headers(event.req.headers)
  for (const name of HOP_BY_HOP) headers.delete(name)
  const caller = clientAddress(ctx.config, event)
  if (caller) headers.set('x-forwarded-for', caller)
  else headers.delete('x-forwarded-for')
  headers.set('x-forwarded-host', seen.host)
  headers.set('x-forwarded-proto', seen.protocol.replace(':', ''))
  headers.set(FORWARDED_HEADER, '1')
  // fetch would decompress a compressed answer under its unchanged Content-Encoding.
  headers.set('accept-encoding', 'identity')
  const method = event.req.method
  let answer: Response
  try {
    answer = await fetch(new URL(event.url.pathname + event.url.search, primaryUrl), {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : event.req.body,
      redirect: 'manual',
      // Streams the request body instead of reading it whole first.
      duplex: 'half',
    } as RequestInit)
  } catch (error) {
    ctx.log.error('replica: the primary cannot be reached', { primary: primaryUrl, error: String(error) })
    throw serviceUnavailable('the primary, which takes every write, cannot be reached; try again shortly')
  }
  const out = new Headers()
  for (const [name, value] of answer.headers) if (!HOP_BY_HOP.includes(name)) out.append(name, value)
  out.set(SERVED_BY_HEADER, 'primary')
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
}
