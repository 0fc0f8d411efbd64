/** Who is calling (resolved from the request by src/http/request-caller.ts). Resolved from the session cookie or a Bearer API key; null for anonymous callers. */
export interface Caller {
  /** 'session' only for the browser cookie; API keys and extension tokens are 'key' (they cannot manage credentials). */
  kind: 'session' | 'key'
  userId: number
  role: 'user' | 'moderator'
  /** Id of the session row (cookie, extension) or API key row that authenticated the request. */
  credentialId: number
  credential: 'cookie' | 'api-key' | 'extension'
}
