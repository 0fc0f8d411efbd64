import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { startGmailStandIn } from '../helpers/gmail-stand-in.ts'

/**
 * The Gmail connection through HTTP against an in-process stand-in speaking Google's OAuth and the
 * Gmail REST shapes: connect through the consent redirect, first sync, history-id increments, token
 * refresh on 401, a full re-read when history is gone (no duplicates), reconsent, disconnect.
 */
const SECRETS_KEY = randomBytes(32).toString('hex')
let google: Awaited<ReturnType<typeof startGmailStandIn>>
before(async () => {
  google = await startGmailStandIn()
})
after(() => google?.close())

type App = ReturnType<typeof createTestApp>
const gmailApp = (config = {}) => createTestApp({ config: { ...google.config, secretsKey: SECRETS_KEY, ...config } })

let counter = 0
const message = (subject: string) =>
  [
    'From: Globex Recruiting <jobs@globex.example>',
    'To: someone@gmail.test',
    `Subject: ${subject}`,
    `Message-ID: <gmail-${++counter}-${process.pid}@globex.example>`,
    `Date: ${new Date().toUTCString()}`,
    '',
    `${subject}.`,
    '',
  ].join('\r\n')

async function inbox(app: App, headers: Record<string, string>): Promise<string[]> {
  const response = await app.call('/api/v1/me/inbox?include_other=true&limit=100', { headers })
  assert.equal(response.status, 200, JSON.stringify(response.body))
  return (response.body.data as { subject: string; source: string }[]).map((m) => `${m.source}:${m.subject}`).sort()
}

/** The browser's round trip: /connect, Google's consent, back to /callback. Returns the callback's answer. */
async function connect(app: App, cookie: string, googleAddress: string) {
  const start = await app.call('/api/v1/me/gmail/connect', { headers: sessionHeaders(cookie) })
  assert.equal(start.status, 302, JSON.stringify(start.body))
  const back = new URL(google.approve(start.headers.get('location')!, googleAddress))
  return app.call(back.pathname + back.search, { headers: sessionHeaders(cookie) })
}

test('unconfigured: status says unavailable, connect is absent, sync answers 404 saying so', async () => {
  const app = createTestApp({ config: { secretsKey: SECRETS_KEY } })
  const ada = await signUp(app.call)
  const headers = sessionHeaders(ada.cookie)
  assert.deepEqual((await app.call('/api/v1/me/gmail', { headers })).body, { data: { connected: false, available: false, calendar_connected: false } })
  const sync = await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })
  assert.deepEqual([sync.status, sync.body], [404, { error: 'Gmail is not configured on this server' }])
  assert.equal((await app.call('/api/v1/me/gmail/connect', { headers })).status, 404)
  assert.deepEqual((await app.call('/api/v1/me/gmail', { method: 'DELETE', headers })).body, { data: { connected: false } }, 'the pinned shape, nothing more')
  // A client id without SECRETS_KEY cannot store tokens: still unavailable.
  const keyless = createTestApp({ config: google.config })
  const bob = await signUp(keyless.call)
  assert.equal((await keyless.call('/api/v1/me/gmail', { headers: sessionHeaders(bob.cookie) })).body.data.available, false)
})

test('auth rules: status and sync take a key, connect and callback need a browser session', async () => {
  const app = gmailApp()
  const ada = await signUp(app.call)
  const key = await createApiKey(app.call, ada.cookie)
  for (const [method, path] of [['GET', '/me/gmail'], ['DELETE', '/me/gmail'], ['POST', '/me/gmail/sync'], ['GET', '/me/gmail/connect'], ['GET', '/me/gmail/callback']] as const)
    assert.equal((await app.call(`/api/v1${path}`, { method })).status, 401, `${method} ${path}`)
  assert.equal((await app.call('/api/v1/me/gmail', { headers: bearerHeaders(key) })).body.data.available, true)
  assert.equal((await app.call('/api/v1/me/gmail/connect', { headers: bearerHeaders(key) })).status, 401)
  const notConnected = await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers: bearerHeaders(key) })
  assert.equal(notConnected.status, 400)
  assert.equal(notConnected.body.error, 'Gmail is not connected')
})

test('connect, sync by history id, refresh on 401, re-read without duplicates, reconsent, disconnect', async () => {
  const app = gmailApp()
  const ada = await signUp(app.call)
  const key = await createApiKey(app.call, ada.cookie)
  const headers = bearerHeaders(key)
  const address = 'ada.lovelace@gmail.test'
  google.deliver(address, message('Thanks for applying to Globex'))
  google.deliver(address, message('Interview at Globex'))
  google.deliver(address, message('A draft never sent'), ['DRAFT'])

  const start = await app.call('/api/v1/me/gmail/connect', { headers: sessionHeaders(ada.cookie) })
  const consent = new URL(start.headers.get('location')!)
  assert.equal(consent.origin + consent.pathname, google.config.gmailAuthUrl)
  assert.equal(consent.searchParams.get('scope'), 'https://www.googleapis.com/auth/gmail.readonly')
  assert.equal(consent.searchParams.get('access_type'), 'offline')
  assert.equal(consent.searchParams.get('redirect_uri'), 'http://localhost/api/v1/me/gmail/callback')
  const back = new URL(google.approve(consent.toString(), address))
  const done = await app.call(back.pathname + back.search, { headers: sessionHeaders(ada.cookie) })
  assert.equal(done.status, 302, JSON.stringify(done.body))
  assert.equal(done.headers.get('location'), '/account?gmail=connected')
  await app.ctx.background.idle()
  assert.deepEqual(await inbox(app, headers), ['gmail:Interview at Globex', 'gmail:Thanks for applying to Globex'])
  // Gmail's thread ids come along, for the linker's thread continuity.
  assert.equal(app.db.prepare("SELECT COUNT(*) FROM emails WHERE source = 'gmail' AND thread_id IS NOT NULL").pluck().get(), 2)
  const status = (await app.call('/api/v1/me/gmail', { headers })).body.data
  assert.deepEqual([status.connected, status.email, status.status, status.available, status.calendar_connected, status.last_error], [true, address, 'connected', true, false, null])
  const sealed = app.db.prepare('SELECT token_enc FROM gmail_connections').pluck().get() as Buffer
  assert.equal(sealed.includes(Buffer.from('ya29.')) || sealed.includes(Buffer.from('1//refresh')), false)

  // Incremental: the history since the checkpoint, never the whole list again.
  google.deliver(address, message('Globex assessment'))
  // Full reads: first pages of the message list (later pages carry a pageToken).
  const lists = () => google.requests.filter((r) => r.startsWith('GET /gmail/v1/users/me/messages?') && !r.includes('pageToken')).length
  const listsBefore = lists()
  const sync = await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })
  assert.deepEqual(sync.body, { data: { started: true } })
  await app.ctx.background.idle()
  assert.equal(lists(), listsBefore)
  assert.ok(google.requests.some((r) => r.startsWith('GET /gmail/v1/users/me/history?startHistoryId=')))
  assert.equal((await inbox(app, headers)).length, 3)

  // An access token Google refuses is refreshed once, and the call goes through.
  google.expireAccessTokens()
  google.deliver(address, message('Globex offer'))
  const tokenCalls = google.requests.filter((r) => r === 'POST /token').length
  await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })
  await app.ctx.background.idle()
  assert.equal(google.requests.filter((r) => r === 'POST /token').length, tokenCalls + 1)
  assert.ok((await inbox(app, headers)).includes('gmail:Globex offer'))

  // History gone: a full re-read, which stores only what is new.
  google.forgetHistory(address)
  google.deliver(address, message('Globex follow-up'))
  await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })
  await app.ctx.background.idle()
  assert.equal(lists(), listsBefore + 1)
  assert.equal((await inbox(app, headers)).length, 5)

  // The user revoked access at Google: the connection needs reconsent, and sync is refused.
  google.revokeGrants(address)
  google.expireAccessTokens()
  await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })
  await app.ctx.background.idle()
  const revoked = (await app.call('/api/v1/me/gmail', { headers })).body.data
  assert.equal(revoked.status, 'needs_reconsent')
  assert.match(revoked.last_error, /connect Gmail again/)
  assert.equal((await app.call('/api/v1/me/gmail/sync', { method: 'POST', headers })).status, 400)

  // Connecting again brings it back without reading the mailbox from the start.
  const again = await connect(app, ada.cookie, address)
  assert.equal(again.status, 302)
  await app.ctx.background.idle()
  assert.equal((await app.call('/api/v1/me/gmail', { headers })).body.data.status, 'connected')
  assert.equal(lists(), listsBefore + 1)

  google.clearRevoked()
  const disconnected = await app.call('/api/v1/me/gmail', { method: 'DELETE', headers })
  assert.deepEqual(disconnected.body, { data: { connected: false } })
  assert.deepEqual((await app.call('/api/v1/me/gmail', { headers })).body.data, { connected: false, available: true, calendar_connected: false })
  await app.ctx.background.idle()
  assert.equal(google.revoked().length, 1)
  assert.deepEqual(await inbox(app, headers), [])
  assert.equal(app.db.prepare('SELECT COUNT(*) FROM gmail_connections').pluck().get(), 0)
})

test('the callback takes only its own account, an intact and unexpired state, and redirects only home', async () => {
  const app = gmailApp()
  const ada = await signUp(app.call)
  const mallory = await signUp(app.call)
  const start = await app.call('/api/v1/me/gmail/connect', { headers: sessionHeaders(mallory.cookie) })
  const back = new URL(google.approve(start.headers.get('location')!, 'mallory@gmail.test'))
  // Mallory's code and state, followed by Ada's browser: refused, nothing connected.
  const foreign = await app.call(back.pathname + back.search, { headers: sessionHeaders(ada.cookie) })
  assert.equal(foreign.status, 400)
  assert.match(foreign.body.error, /not started from this account/)
  const tampered = new URL(back)
  const state = tampered.searchParams.get('state')!
  tampered.searchParams.set('state', state.slice(0, -2) + (state.endsWith('AA') ? 'BA' : 'AA'))
  assert.equal((await app.call(tampered.pathname + tampered.search, { headers: sessionHeaders(mallory.cookie) })).status, 400)
  const denied = await app.call('/api/v1/me/gmail/callback?error=access_denied&state=x', { headers: sessionHeaders(ada.cookie) })
  assert.deepEqual([denied.status, denied.headers.get('location')], [302, '/account?gmail=denied'])
  assert.equal((await app.call('/api/v1/me/gmail/callback?state=x', { headers: sessionHeaders(ada.cookie) })).status, 400)
  // Past OAUTH_STATE_MINUTES the state is dead.
  const real = app.ctx.now
  app.ctx.now = () => new Date(real().getTime() + (app.ctx.config.oauthStateMinutes + 1) * 60_000)
  const late = await app.call(back.pathname + back.search, { headers: sessionHeaders(mallory.cookie) })
  assert.equal(late.status, 400)
  app.ctx.now = real
  assert.equal(app.db.prepare('SELECT COUNT(*) FROM gmail_connections').pluck().get(), 0)
})

test('DELETE /me erases the Gmail tokens and revokes the grant at Google', async () => {
  const app = gmailApp()
  const grace = await signUp(app.call)
  assert.equal((await connect(app, grace.cookie, 'grace@gmail.test')).status, 302)
  await app.ctx.background.idle()
  assert.equal(app.db.prepare('SELECT COUNT(*) FROM gmail_connections').pluck().get(), 1)
  google.clearRevoked()
  const erase = await app.call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(grace.cookie) })
  assert.equal(erase.status, 204)
  assert.equal(app.db.prepare('SELECT COUNT(*) FROM gmail_connections').pluck().get(), 0)
  await app.ctx.background.idle()
  assert.equal(google.revoked().length, 1)
  assert.match(google.revoked()[0]!, /^1\/\/refresh-/)
})
