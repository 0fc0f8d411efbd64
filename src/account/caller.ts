import type { H3Event } from 'h3'
import type { AppContext } from '../context.ts'

/** Who is calling. Resolved from the session cookie or a Bearer API key; null for anonymous callers. */
export interface Caller {
  kind: 'session' | 'key'
  userId: number
  role: 'user' | 'moderator'
  /** Id of the session row or API key row that authenticated the request. */
  credentialId: number
}

/** Resolves the caller of a request (null when anonymous or the credential is invalid). */
export async function resolveCaller(_ctx: AppContext, _event: H3Event): Promise<Caller | null> {
  return null
}
