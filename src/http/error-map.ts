import type { IncomingMessage } from 'node:http'
import { HTTPError, type H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { DomainError, serviceUnavailable } from '../errors.ts'
import { diskFullText, isDiskFull } from '../db/disk-space.ts'
import { mergeEdgeHeaders } from './edge-headers.ts'

/**
 * The one error mapper: a DomainError (thrown anywhere, possibly wrapped by h3) or an h3 HTTPError
 * becomes `{ error, ...fields }` with its status and headers; anything else is a 500 whose message
 * is hidden from the caller and logged once as one JSON line.
 */
export function errorResponse(ctx: AppContext, error: unknown, event: H3Event): Response {
  const domain = findDomainError(error) ?? (isDiskFull(error) ? diskFull(ctx) : undefined)
  const status = domain?.status ?? (HTTPError.isError(error) && !error.unhandled ? error.status : 500)
  const unexpected = status >= 500 && !domain
  if (unexpected) ctx.log.error('unhandled error', { path: event.url.pathname, error: describe(error) })
  const message = unexpected ? 'internal server error' : (domain?.message ?? (error as Error).message) || 'error'
  const headers = new Headers(domain?.options.headers ?? (HTTPError.isError(error) ? error.headers : undefined))
  mergeEdgeHeaders(headers, event.res.errHeaders)
  headers.set('content-type', 'application/json; charset=utf-8')
  // An answer given before the body was read whole (413, 408, a 401 or a refused upload before
  // reading on): the connection cannot carry another request, so say so, and Node closes it cleanly
  // after the answer (discarding what is still arriving) instead of resetting the next request.
  if (status === 413 || status === 408 || !bodyComplete(event)) headers.set('connection', 'close')
  return new Response(JSON.stringify({ error: message, ...domain?.options.fields }), { status, headers })
}

/** Whether Node has parsed the whole request, body included (in-process requests have no socket: yes). */
function bodyComplete(event: H3Event): boolean {
  const node = (event.req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req
  return node?.complete ?? true
}

/** A write that met a full disk: a 503 that says so (the file's path goes to the log, not to the caller). */
function diskFull(ctx: AppContext): DomainError {
  ctx.log.error('write refused: disk full', { problem: diskFullText(ctx.db.name) })
  return serviceUnavailable('the service cannot save changes right now: no space left on its disk; try again later')
}

function findDomainError(error: unknown): DomainError | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof DomainError) return current
  }
  return undefined
}

/** The innermost cause with its stack, as one string (the log writes it inside one JSON line). */
function describe(error: unknown): string {
  let inner = error
  while (inner && typeof inner === 'object' && 'cause' in inner && (inner as { cause?: unknown }).cause) inner = (inner as { cause: unknown }).cause
  return inner instanceof Error ? (inner.stack ?? String(inner)) : String(inner)
}

