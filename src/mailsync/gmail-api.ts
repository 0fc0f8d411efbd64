import type { Config } from '../config.ts'

/**
 * The Gmail REST API and Google's OAuth token endpoint, spoken with fetch. Every base URL is a
 * setting, so the tests run a stand-in speaking the same shapes on this machine. An access token
 * that answers 401 is refreshed once with the refresh token and the call retried; a refresh token
 * Google no longer honours (revoked, expired, scope withdrawn) is a GmailReconsent: the connection
 * needs the user to connect again. Tokens and bodies are never logged or put in error messages.
 */
export interface GmailTokens {
  accessToken: string
  refreshToken: string
  /** Unix milliseconds. */
  expiresAt: number
}

export class GmailReconsent extends Error {}
export class GmailUnavailable extends Error {}
/** The history id is older than Gmail keeps history: a full read is needed. */
export class GmailHistoryGone extends Error {}

export const GMAIL_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly'

async function call(config: Config, url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(config.mailSyncTimeoutMs) })
  } catch {
    throw new GmailUnavailable('Gmail could not be reached')
  }
}

async function tokenRequest(config: Config, form: Record<string, string>, previous?: GmailTokens): Promise<GmailTokens> {
  const body = new URLSearchParams({ ...form, client_id: config.gmailClientId, client_secret: config.gmailClientSecret })
  const response = await call(config, config.gmailTokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body })
  const json = (await response.json().catch(() => null)) as { access_token?: unknown; refresh_token?: unknown; expires_in?: unknown; error?: unknown } | null
  if (response.status >= 500) throw new GmailUnavailable('the Google token endpoint failed')
  if (!response.ok || typeof json?.access_token !== 'string') throw new GmailReconsent('Google refused the grant')
  const refreshToken = typeof json.refresh_token === 'string' ? json.refresh_token : previous?.refreshToken
  if (!refreshToken) throw new GmailReconsent('Google granted no offline access')
  const expiresIn = typeof json.expires_in === 'number' ? json.expires_in : 3600
  return { accessToken: json.access_token, refreshToken, expiresAt: Date.now() + expiresIn * 1000 }
}

/** Authorization code (+ PKCE verifier) -> tokens, at the end of the connect flow. */
export function exchangeGmailCode(config: Config, code: string, redirectUri: string, codeVerifier: string): Promise<GmailTokens> {
  return tokenRequest(config, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: codeVerifier })
}

/** Best effort: Google forgets the grant. Failures are ignored (the local tokens go anyway). */
export async function revokeGmailToken(config: Config, token: string): Promise<void> {
  await call(config, config.gmailRevokeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) }).catch(() => undefined)
}

export interface GmailMessageRef {
  id: string
  threadId?: string
  labelIds?: string[]
}

/** One user's mailbox: `onTokens` is told when a refresh replaced the tokens (to store them sealed). */
export class GmailMailbox {
  constructor(
    private readonly config: Config,
    private tokens: GmailTokens,
    private readonly onTokens: (tokens: GmailTokens) => void,
  ) {}

  private async get(path: string, query: Record<string, string | string[]> = {}): Promise<unknown> {
    const url = new URL(`${this.config.gmailApiUrl.replace(/\/$/, '')}/users/me/${path}`)
    for (const [name, value] of Object.entries(query)) for (const one of [value].flat()) url.searchParams.append(name, one)
    if (this.tokens.expiresAt <= Date.now() + 30_000) await this.refresh()
    let response = await this.send(url)
    if (response.status === 401) {
      await this.refresh()
      response = await this.send(url)
    }
    if (response.status === 401 || response.status === 403) throw new GmailReconsent('Gmail refused the access token')
    if (response.status === 404 && path === 'history') throw new GmailHistoryGone('history id too old')
    if (!response.ok) throw new GmailUnavailable(`Gmail answered ${response.status}`)
    return response.json().catch(() => {
      throw new GmailUnavailable('Gmail answered something that is not JSON')
    })
  }

  private send(url: URL): Promise<Response> {
    return call(this.config, url.toString(), { headers: { authorization: `Bearer ${this.tokens.accessToken}`, accept: 'application/json' } })
  }

  private async refresh(): Promise<void> {
    this.tokens = await tokenRequest(this.config, { grant_type: 'refresh_token', refresh_token: this.tokens.refreshToken }, this.tokens)
    this.onTokens(this.tokens)
  }

  async profile(): Promise<{ email: string; historyId: string }> {
    const json = (await this.get('profile')) as { emailAddress?: unknown; historyId?: unknown }
    if (typeof json.emailAddress !== 'string' || (typeof json.historyId !== 'string' && typeof json.historyId !== 'number')) throw new GmailUnavailable('Gmail profile without an address')
    return { email: json.emailAddress, historyId: String(json.historyId) }
  }

  async listMessages(q: string, pageToken?: string): Promise<{ messages: GmailMessageRef[]; nextPageToken?: string }> {
    const json = (await this.get('messages', { q, maxResults: '100', ...(pageToken ? { pageToken } : {}) })) as { messages?: GmailMessageRef[]; nextPageToken?: string }
    return { messages: Array.isArray(json.messages) ? json.messages : [], ...(json.nextPageToken ? { nextPageToken: json.nextPageToken } : {}) }
  }

  /** The records after `startHistoryId` that added messages. */
  async history(startHistoryId: string, pageToken?: string): Promise<{ records: { id: string; added: GmailMessageRef[] }[]; historyId: string; nextPageToken?: string }> {
    const json = (await this.get('history', { startHistoryId, historyTypes: 'messageAdded', ...(pageToken ? { pageToken } : {}) })) as {
      history?: { id?: unknown; messagesAdded?: { message?: GmailMessageRef }[] }[]
      historyId?: unknown
      nextPageToken?: string
    }
    const records = (json.history ?? []).map((record) => ({
      id: String(record.id),
      added: (record.messagesAdded ?? []).flatMap((entry) => (entry.message?.id ? [entry.message] : [])),
    }))
    return { records, historyId: String(json.historyId ?? startHistoryId), ...(json.nextPageToken ? { nextPageToken: json.nextPageToken } : {}) }
  }

  /** From, Subject and Date of one message (Gmail's metadata format), or null when it is gone. */
  async headers(id: string): Promise<{ from: string; subject: string; date: string | null } | null> {
    const json = (await this.get(`messages/${encodeURIComponent(id)}`, { format: 'metadata', metadataHeaders: ['From', 'Subject', 'Date'] }).catch((error: unknown) => {
      if (error instanceof GmailUnavailable && /404/.test(error.message)) return null
      throw error
    })) as { payload?: { headers?: { name?: string; value?: string }[] }; internalDate?: string } | null
    if (!json) return null
    const header = (name: string) => json.payload?.headers?.find((h) => h.name?.toLowerCase() === name.toLowerCase())?.value ?? ''
    const internal = Number(json.internalDate)
    return { from: header('From'), subject: header('Subject'), date: Number.isFinite(internal) && internal > 0 ? new Date(internal).toISOString() : null }
  }

  /** The raw RFC 822 message, or null when it is larger than the cap or gone meanwhile. */
  async rawMessage(id: string): Promise<Buffer | null> {
    const json = (await this.get(`messages/${encodeURIComponent(id)}`, { format: 'raw' }).catch((error: unknown) => {
      if (error instanceof GmailUnavailable && /404/.test(error.message)) return null
      throw error
    })) as { raw?: unknown; sizeEstimate?: unknown } | null
    if (!json || typeof json.raw !== 'string') return null
    if (typeof json.sizeEstimate === 'number' && json.sizeEstimate > this.config.mailMaxBytes) return null
    return Buffer.from(json.raw, 'base64url')
  }
}
