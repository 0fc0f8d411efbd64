import type { H3Event } from 'h3'
import type { AppContext } from '../context.ts'
import { resolveCaller, type Caller } from '../account/caller.ts'

/**
 * The caller of a request, resolved once per request: the rate limiter, the auth check in
 * defineRoute and the request log all ask, and resolving reads the database.
 */
export function requestCaller(ctx: AppContext, event: H3Event): Promise<Caller | null> {
  const cached = event.context.callerPromise as Promise<Caller | null> | undefined
  if (cached) return cached
  const pending = resolveCaller(ctx, event).then((caller) => {
    event.context.callerKind = caller ? caller.kind : 'anonymous'
    return caller
  })
  event.context.callerPromise = pending
  return pending
}

/** 'session' | 'key' | 'anonymous' once the caller was resolved, else undefined (for the log). */
export function resolvedCallerKind(event: H3Event): string | undefined {
  return event.context.callerKind as string | undefined
}
