import * as v from 'valibot'
import { redirect, type H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { badRequest, notFound } from '../../errors.ts'
import { operations, type Route } from '../route.ts'
import { dataOf, object } from '../openapi-shapes.ts'
import { allowedOrigin } from '../origin.ts'
import { completeGmailConnect, gmailAuthorizationUrl, gmailAvailable } from '../../mailsync/gmail-oauth.ts'
import { disconnectGmail, gmailStatus, startGmailSync } from '../../mailsync/gmail-account.ts'

/**
 * The Gmail connection: status and disconnect always; connect (a browser flow through Google's
 * consent screen), its callback and "sync now" only when Gmail is configured (GMAIL_CLIENT_ID,
 * GMAIL_CLIENT_SECRET, SECRETS_KEY) — otherwise those routes do not exist (404), as clients of the
 * reference service expect.
 */
const ACCOUNT_PAGE = '/account'

const GmailStatus = object(
  {
    connected: { type: 'boolean' },
    available: { type: 'boolean', description: 'Gmail sync is configured on this server' },
    calendar_connected: { type: 'boolean', description: 'always false: calendar access is not part of this connection' },
    email: { type: 'string', description: 'the connected Google address' },
    status: { type: 'string', enum: ['connected', 'needs_reconsent'], description: '`needs_reconsent`: Google no longer honours the grant; connect again' },
    connected_at: { type: 'string', format: 'date-time' },
    last_sync_at: { type: ['string', 'null'], format: 'date-time' },
    last_error: { type: ['string', 'null'] },
  },
  ['connected', 'available', 'calendar_connected'],
)

const op = operations({ tags: ['mail sync'], auth: 'session-or-key' })

export function meGmailRoutes(ctx: AppContext): Route[] {
  const redirectUri = (event: H3Event) => ctx.config.gmailRedirectUrl || `${allowedOrigin(ctx, event)}/api/v1/me/gmail/callback`
  const always = [
    op.get('/me/gmail', 'The Gmail connection', {
      description: '`{ connected: false, available, calendar_connected: false }`, or `{ connected: true, email, status, available, calendar_connected, connected_at, last_sync_at, last_error }`. `available` says whether this server is configured for Gmail.',
      responses: { 200: { description: 'the connection', schema: dataOf(GmailStatus) } },
    }, (_event, { caller }) => ({ data: gmailStatus(ctx, caller.userId) })),
    op.delete('/me/gmail', 'Disconnect Gmail', {
      description: 'Deletes the stored tokens and every message the Gmail sync brought into the inbox, then asks Google to revoke the grant (best effort, after the answer). Idempotent. Answers `{ connected: false }`, the shape the contract pins.',
      responses: { 200: { description: '`{ data: { connected: false } }`', schema: dataOf(object({ connected: { type: 'boolean', enum: [false] } })) } },
    }, (_event, { caller }) => {
      disconnectGmail(ctx, caller.userId)
      return { data: { connected: false } }
    }),
    op.post('/me/gmail/sync', 'Sync Gmail now', {
      description: `Starts an incremental sync in the background and answers at once \`{ started: true }\`: the messages Gmail's history lists since the last sync (at most ${ctx.config.mailSyncMaxMessages}; the rest follow), each stored once (deduped on Message-ID). An access token Google refuses is refreshed once; a grant Google no longer honours turns the connection's \`status\` to \`needs_reconsent\`. The serving process also syncs every connection each MAIL_SYNC_INTERVAL_MINUTES. 404 "Gmail is not configured on this server" when it is not (the reference service has no such route then).`,
      responses: { 200: { description: 'started', schema: dataOf(object({ started: { type: 'boolean' } })) }, 400: 'Gmail is not connected, or needs to be connected again', 404: 'Gmail is not configured on this server' },
    }, (_event, { caller }) => {
      if (!gmailAvailable(ctx.config)) throw notFound('Gmail is not configured on this server')
      startGmailSync(ctx, caller.userId)
      return { data: { started: true } }
    }),
  ]
  if (!gmailAvailable(ctx.config)) return always
  return [
    ...always,
    op.get('/me/gmail/connect', 'Connect Gmail (redirects to Google)', {
      description: `Browser only (a session, not an API key). Redirects (302) to Google's consent screen asking for read-only Gmail access with offline access, protected by PKCE (S256) and a signed \`state\` naming the signed-in account, valid ${ctx.config.oauthStateMinutes} minutes. Google sends the browser back to /me/gmail/callback. Absent (404) when Gmail is not configured.`,
      auth: 'session',
      responses: { 302: 'redirect to Google' },
    }, (event, { caller }) => redirect(gmailAuthorizationUrl(ctx, caller.userId, redirectUri(event)), 302)),
    op.get('/me/gmail/callback', 'Gmail OAuth callback (Google redirects here)', {
      description: `Accepted only with the session of the account that started the connection and its unexpired \`state\` (400 otherwise). Redeems the code, reads the Google address, stores the tokens encrypted (AES-256-GCM) and starts a first sync in the background (the last MAIL_SYNC_FIRST_DAYS days; later syncs follow Gmail's history id). Then redirects to \`${ACCOUNT_PAGE}?gmail=connected\` on this site (\`?gmail=denied\` when the user declined at Google); never anywhere else. 503 when Google cannot be reached.`,
      auth: 'session',
      query: v.object({
        code: v.optional(v.pipe(v.string(), v.maxLength(4096, 'is too long'))),
        state: v.optional(v.pipe(v.string(), v.maxLength(256, 'is too long'))),
        error: v.optional(v.pipe(v.string(), v.maxLength(256, 'is too long'))),
      }),
      responses: { 302: `redirect to ${ACCOUNT_PAGE}`, 400: 'missing, foreign or expired state, or Google refused the code', 503: 'Google could not be reached' },
    }, async (event, { caller, query }) => {
      if (query.error) return redirect(`${ACCOUNT_PAGE}?gmail=denied`, 302)
      if (!query.code || !query.state) throw badRequest('the Google callback is missing code or state')
      await completeGmailConnect(ctx, caller.userId, { code: query.code, state: query.state, redirectUri: redirectUri(event) })
      startGmailSync(ctx, caller.userId)
      return redirect(`${ACCOUNT_PAGE}?gmail=connected`, 302)
    }),
  ]
}
