import type { H3Event, Middleware } from 'h3'

/**
 * Sets a response header that must survive a thrown error too (CORS, rate limits): h3 keeps
 * `errHeaders` for error responses, and app.ts's error mapper merges them into the `{ error }` reply.
 */
export function setEdgeHeader(event: H3Event, name: string, value: string): void {
  event.res.headers.set(name, value)
  event.res.errHeaders.set(name, value)
}

/** Adds the staged edge headers to an error reply, without overriding the error's own headers. */
export function mergeEdgeHeaders(target: Headers, staged: Headers): void {
  for (const [name, value] of staged) {
    if (name === 'set-cookie') target.append(name, value)
    else if (!target.has(name)) target.set(name, value)
  }
}

/**
 * Headers every answer carries, errors included: `nosniff`, so a browser never reads a JSON error
 * (which may quote input) as HTML or script. Mounted first in src/app.ts.
 */
export function baseHeaders(): Middleware {
  return (event, next) => {
    setEdgeHeader(event, 'x-content-type-options', 'nosniff')
    return next()
  }
}

/** Signed-in answers are private to one caller: no cache, shared or browser, may keep them. */
export function privateAnswer(): Middleware {
  return (event, next) => {
    setEdgeHeader(event, 'cache-control', 'no-store')
    return next()
  }
}
