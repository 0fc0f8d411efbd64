import { createServer, type Server } from 'node:http'
import { createHash } from 'node:crypto'
import { listenLocal } from './net.ts'

/**
 * An in-process stand-in for Google's OAuth endpoints and the Gmail REST API (the shapes of
 * gmail/v1 and oauth2.googleapis.com), holding one mailbox per Google account:
 * - `approve(authorizationUrl, email)` plays the user's consent and returns the redirect the
 *   browser would follow; /token checks the client, redirect URI and PKCE verifier, and refreshes;
 * - `deliver(email, raw)` puts a message in a mailbox and records a messageAdded history entry;
 * - `expireAccessTokens()`, `revokeGrants(email)` and `forgetHistory(email)` make the next calls
 *   answer 401, invalid_grant and 404 (history too old) as Gmail does.
 * Every request is recorded (method, path and query; tokens travel in headers and bodies, not
 * here) so tests can see what was asked.
 */
export const GMAIL_CLIENT = { gmailClientId: 'openroles-gmail-test', gmailClientSecret: 'gmail-shh' }

interface Mailbox {
  messages: { id: string; raw: string; labelIds: string[]; internalDate: number }[]
  history: { id: number; messageId: string; labelIds: string[] }[]
  historyFloor: number
}

export async function startGmailStandIn() {
  const mailboxes = new Map<string, Mailbox>()
  const grants = new Map<string, { challenge: string; redirectUri: string; email: string }>()
  const accessTokens = new Map<string, string>()
  const refreshTokens = new Map<string, string>()
  const requests: string[] = []
  let revoked: string[] = []
  let counter = 0
  let historyCounter = 1000
  const mailboxOf = (email: string): Mailbox => {
    let found = mailboxes.get(email)
    if (!found) mailboxes.set(email, (found = { messages: [], history: [], historyFloor: 0 }))
    return found
  }
  const issue = (email: string) => {
    const access = `ya29.access-${++counter}`
    accessTokens.set(access, email)
    return access
  }
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    requests.push(`${req.method} ${url.pathname}${url.search}`)
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    let raw = ''
    for await (const chunk of req) raw += chunk
    const form = new URLSearchParams(raw)
    if (req.method === 'POST' && url.pathname === '/token') {
      if (form.get('client_id') !== GMAIL_CLIENT.gmailClientId || form.get('client_secret') !== GMAIL_CLIENT.gmailClientSecret) return send(401, { error: 'invalid_client' })
      if (form.get('grant_type') === 'authorization_code') {
        const grant = grants.get(form.get('code') ?? '')
        grants.delete(form.get('code') ?? '')
        const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url')
        if (!grant || grant.challenge !== challenge || grant.redirectUri !== form.get('redirect_uri')) return send(400, { error: 'invalid_grant' })
        const refresh = `1//refresh-${++counter}`
        refreshTokens.set(refresh, grant.email)
        return send(200, { access_token: issue(grant.email), refresh_token: refresh, expires_in: 3599, token_type: 'Bearer', scope: 'https://www.googleapis.com/auth/gmail.readonly' })
      }
      if (form.get('grant_type') === 'refresh_token') {
        const email = refreshTokens.get(form.get('refresh_token') ?? '')
        if (!email) return send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
        return send(200, { access_token: issue(email), expires_in: 3599, token_type: 'Bearer' })
      }
      return send(400, { error: 'unsupported_grant_type' })
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      const token = form.get('token') ?? ''
      revoked.push(token)
      refreshTokens.delete(token)
      accessTokens.delete(token)
      return send(200, {})
    }
    const email = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''))
    if (!email) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } })
    const mailbox = mailboxOf(email)
    const latest = String(historyCounter)
    if (req.method !== 'GET') return send(405, { error: { code: 405 } })
    if (url.pathname === '/gmail/v1/users/me/profile') return send(200, { emailAddress: email, messagesTotal: mailbox.messages.length, threadsTotal: mailbox.messages.length, historyId: latest })
    if (url.pathname === '/gmail/v1/users/me/messages') {
      // Newest first, two per page, so paging is exercised. Of `q` only `after:` and the quoted
      // terms are understood (a message matches when its raw text holds any term).
      const q = url.searchParams.get('q') ?? ''
      const after = Number(/after:(\d+)/.exec(q)?.[1] ?? 0)
      const terms = [...q.matchAll(/"([^"]+)"/g)].map((m) => m[1]!.toLowerCase())
      const all = [...mailbox.messages]
        .reverse()
        .filter((m) => !m.labelIds.includes('DRAFT') && m.internalDate >= after * 1000 && (!terms.length || terms.some((t) => m.raw.toLowerCase().includes(t))))
      const start = Number(url.searchParams.get('pageToken') ?? 0)
      const page = all.slice(start, start + 2)
      return send(200, { messages: page.map((m) => ({ id: m.id, threadId: m.id })), resultSizeEstimate: all.length, ...(start + 2 < all.length ? { nextPageToken: String(start + 2) } : {}) })
    }
    const one = /^\/gmail\/v1\/users\/me\/messages\/([^/]+)$/.exec(url.pathname)
    if (one) {
      const message = mailbox.messages.find((m) => m.id === decodeURIComponent(one[1]!))
      if (!message) return send(404, { error: { code: 404, message: 'Requested entity was not found.' } })
      if (url.searchParams.get('format') === 'metadata') {
        const wanted = url.searchParams.getAll('metadataHeaders').map((h) => h.toLowerCase())
        const headers = message.raw
          .split('\r\n\r\n')[0]!
          .split('\r\n')
          .map((line) => ({ name: line.slice(0, line.indexOf(':')), value: line.slice(line.indexOf(':') + 1).trim() }))
          .filter((h) => wanted.includes(h.name.toLowerCase()))
        return send(200, { id: message.id, threadId: message.id, labelIds: message.labelIds, internalDate: String(message.internalDate), payload: { headers } })
      }
      if (url.searchParams.get('format') !== 'raw') return send(400, { error: { code: 400, message: 'format not served by the stand-in' } })
      return send(200, { id: message.id, threadId: message.id, labelIds: message.labelIds, snippet: '', sizeEstimate: message.raw.length, historyId: latest, raw: Buffer.from(message.raw).toString('base64url') })
    }
    if (url.pathname === '/gmail/v1/users/me/history') {
      const start = Number(url.searchParams.get('startHistoryId'))
      if (!Number.isFinite(start) || start < mailbox.historyFloor) return send(404, { error: { code: 404, message: 'Requested entity was not found.' } })
      const after = mailbox.history.filter((h) => h.id > start)
      const offset = Number(url.searchParams.get('pageToken') ?? 0)
      const page = after.slice(offset, offset + 2)
      return send(200, {
        history: page.map((h) => ({ id: String(h.id), messages: [{ id: h.messageId, threadId: h.messageId }], messagesAdded: [{ message: { id: h.messageId, threadId: h.messageId, labelIds: h.labelIds } }] })),
        historyId: latest,
        ...(offset + 2 < after.length ? { nextPageToken: String(offset + 2) } : {}),
      })
    }
    send(404, { error: { code: 404, message: 'Not Found' } })
  })
  const local = await listenLocal(server)
  const base = local.url
  return {
    /** The settings pointing openroles at the stand-in. */
    config: { ...GMAIL_CLIENT, gmailAuthUrl: `${base}/authorize`, gmailTokenUrl: `${base}/token`, gmailRevokeUrl: `${base}/revoke`, gmailApiUrl: `${base}/gmail/v1` },
    requests,
    revoked: () => revoked,
    /** The user approves at Google: the URL Google would redirect the browser back to. */
    approve(authorizationUrl: string, email: string): string {
      const url = new URL(authorizationUrl)
      if (url.searchParams.get('code_challenge_method') !== 'S256') throw new Error('PKCE S256 expected')
      if (url.searchParams.get('client_id') !== GMAIL_CLIENT.gmailClientId) throw new Error('wrong client id')
      const code = `4/code-${++counter}`
      const redirectUri = url.searchParams.get('redirect_uri')!
      grants.set(code, { challenge: url.searchParams.get('code_challenge')!, redirectUri, email })
      const back = new URL(redirectUri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      return back.toString()
    },
    deliver(email: string, raw: string, labelIds: string[] = ['INBOX', 'UNREAD']): string {
      const mailbox = mailboxOf(email)
      const id = `18c${(++counter).toString(16).padStart(13, '0')}`
      mailbox.messages.push({ id, raw, labelIds, internalDate: Date.now() })
      mailbox.history.push({ id: ++historyCounter, messageId: id, labelIds })
      return id
    },
    expireAccessTokens: () => accessTokens.clear(),
    revokeGrants(email: string) {
      for (const [token, owner] of refreshTokens) if (owner === email) refreshTokens.delete(token)
      for (const [token, owner] of accessTokens) if (owner === email) accessTokens.delete(token)
    },
    forgetHistory: (email: string) => void (mailboxOf(email).historyFloor = historyCounter + 1),
    clearRevoked: () => void (revoked = []),
    close: local.close,
  }
}
