import type { H3Event } from 'h3'

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
