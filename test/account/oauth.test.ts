import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, sessionCookieFrom, sessionHeaders, signUp } from '../helpers/auth.ts'
import { startFakeProvider, type FakeIdentity } from './fake-oidc-provider.ts'
import { createOAuthApp, providerSignIn, stateCookieFrom, type OAuthApp } from './oauth-browser.ts'
import { json } from './mail-codes.ts'

const fake = await startFakeProvider()
after(() => fake.close())

const oauthApp = (config: Record<string, unknown> = {}) => createOAuthApp(fake, config)
const signInWithProvider = (app: OAuthApp, identity: FakeIdentity, startQuery = '') => providerSignIn(fake, app, identity, startQuery)

test('providers: none by default; the configured ones are listed', async () => {
  const plain = createTestApp()
  assert.deepEqual((await plain.get('/api/v1/auth/oauth/providers')).body, { data: [] })
  assert.equal((await plain.get('/api/v1/auth/oauth/fake/start')).status, 404)
  const app = oauthApp()
  const listed = await app.get('/api/v1/auth/oauth/providers')
  assert.equal(listed.status, 200)
  assert.deepEqual(listed.body, { data: [{ id: 'fake', name: 'Fake ID', start_url: '/api/v1/auth/oauth/fake/start' }] })
  assert.ok(!JSON.stringify(listed.body).includes('shh'), 'the client secret never leaves')
})

test('start redirects with PKCE S256 and state; the callback creates a verified account and signs in', async () => {
  const app = oauthApp()
  const start = await app.call('/api/v1/auth/oauth/fake/start?return_to=/saved')
  const location = new URL(start.headers.get('location')!)
  assert.equal(location.origin + location.pathname, fake.provider.authorizationEndpoint)
  assert.equal(location.searchParams.get('response_type'), 'code')
  assert.equal(location.searchParams.get('client_id'), 'openroles-test')
  assert.equal(location.searchParams.get('redirect_uri'), 'http://localhost/api/v1/auth/oauth/fake/callback')
  assert.match(location.searchParams.get('code_challenge')!, /^[A-Za-z0-9_-]{43}$/)

  const grant = fake.authorize(location.toString(), { sub: 'u-1', email: 'Oauth@Example.org', email_verified: true })
  const browser = { headers: { cookie: stateCookieFrom(start.headers) } }
  const callback = await app.call(`/api/v1/auth/oauth/fake/callback?code=${grant.code}&state=${grant.state}`, browser)
  assert.equal(callback.status, 302)
  assert.equal(callback.headers.get('location'), '/saved')
  const cookie = sessionCookieFrom(callback.headers)!
  const me = await app.call('/api/v1/auth/me', { headers: sessionHeaders(cookie) })
  assert.equal(me.status, 200)
  assert.equal(me.body.data.email, 'oauth@example.org')
  assert.equal(me.body.data.email_verified, true)
  assert.equal(me.body.data.has_password, false)

  const replay = await app.call(`/api/v1/auth/oauth/fake/callback?code=${grant.code}&state=${grant.state}`, browser)
  assert.equal(replay.status, 400, 'a state works once')
  assert.match(replay.body.error, /invalid, used or expired/)

  const again = await signInWithProvider(app, { sub: 'u-1', email: 'changed@example.org', email_verified: true })
  const again_me = await app.call('/api/v1/auth/me', { headers: sessionHeaders(sessionCookieFrom(again.callback.headers)!) })
  assert.equal(again_me.body.data.id, me.body.data.id, 'the linked identity wins over the email')
})

test('an existing account is linked only when the provider verified the email', async () => {
  const app = oauthApp()
  const owner = await signUp(app.call, { email: 'owner@example.org' })
  const unverified = await signInWithProvider(app, { sub: 'attacker', email: 'owner@example.org', email_verified: false })
  assert.equal(unverified.callback.status, 400)
  assert.match(unverified.callback.body.error, /did not confirm an email/)
  assert.equal(sessionCookieFrom(unverified.callback.headers), null)

  const verified = await signInWithProvider(app, { sub: 'owner-sub', email: 'owner@example.org', email_verified: true })
  assert.equal(verified.callback.status, 302)
  const me = await app.call('/api/v1/auth/me', { headers: sessionHeaders(sessionCookieFrom(verified.callback.headers)!) })
  assert.equal(me.body.data.id, owner.userId)
})

test('bad callbacks: cancelled, missing state, forged state, expired state, open-redirect return_to', async () => {
  const app = oauthApp()
  assert.equal((await app.get('/api/v1/auth/oauth/fake/callback?error=access_denied')).status, 400)
  assert.equal((await app.get('/api/v1/auth/oauth/fake/callback?code=x')).status, 400)
  assert.equal((await app.get('/api/v1/auth/oauth/fake/callback?code=x&state=forged')).status, 400)
  for (const target of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
    const response = await app.get(`/api/v1/auth/oauth/fake/start?return_to=${encodeURIComponent(target)}`)
    assert.equal(response.status, 400, target)
  }
  const start = await app.get('/api/v1/auth/oauth/fake/start')
  const grant = fake.authorize(start.headers.get('location')!, { sub: 'late', email: 'late@example.org', email_verified: true })
  const later = Date.now() + (app.ctx.config.oauthStateMinutes * 60 + 1) * 1000
  app.ctx.now = () => new Date(later)
  const expired = await app.call(`/api/v1/auth/oauth/fake/callback?code=${grant.code}&state=${grant.state}`, { headers: { cookie: stateCookieFrom(start.headers) } })
  assert.equal(expired.status, 400)
  assert.match(expired.body.error, /invalid, used or expired/)
})

test('mobile: the callback redirects to the app with a one-time code that POST /auth/oauth/exchange swaps for a session', async () => {
  const unconfigured = oauthApp()
  assert.equal((await unconfigured.get('/api/v1/auth/oauth/fake/start?client=mobile')).status, 400)

  const app = oauthApp({ oauthMobileRedirect: 'openroles://oauth' })
  const { callback } = await signInWithProvider(app, { sub: 'm-1', email: 'mobile@example.org', email_verified: true }, '?client=mobile')
  assert.equal(callback.status, 302)
  const target = new URL(callback.headers.get('location')!)
  assert.equal(target.protocol + '//' + target.host, 'openroles://oauth')
  assert.equal(sessionCookieFrom(callback.headers), null, 'no browser cookie on the mobile path')
  const code = target.searchParams.get('code')!

  const exchange = await app.call('/api/v1/auth/oauth/exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ code }) })
  assert.equal(exchange.status, 200)
  assert.equal(exchange.body.data.user.email, 'mobile@example.org')
  const cookie = `openroles_session=${exchange.body.data.session_token}`
  const sessionOnly = await app.call('/api/v1/me/api-keys', { headers: { cookie } })
  assert.equal(sessionOnly.status, 200, 'the exchanged token is a session')

  const replay = await app.call('/api/v1/auth/oauth/exchange', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ code }) })
  assert.equal(replay.status, 400)
})

test('extension: GET shows the grant, POST with consent mints a Bearer token that cannot manage credentials', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const anonymous = await call('/api/v1/auth/extension/connect')
  assert.equal(anonymous.status, 401)
  const grant = await call('/api/v1/auth/extension/connect', { headers: sessionHeaders(user.cookie) })
  assert.equal(grant.status, 200)
  assert.equal(grant.body.data.account.email, user.email)
  assert.ok(grant.body.data.grants.length > 0)

  const noConsent = await call('/api/v1/auth/extension/connect', { method: 'POST', headers: sessionHeaders(user.cookie), body: json({ consent: false }) })
  assert.equal(noConsent.status, 400)
  const foreign = await call('/api/v1/auth/extension/connect', {
    method: 'POST',
    headers: sessionHeaders(user.cookie, { origin: 'chrome-extension://abcdef' }),
    body: json({ consent: true }),
  })
  assert.equal(foreign.status, 403, 'consent is given on our own page, not by another origin')

  const minted = await call('/api/v1/auth/extension/connect', { method: 'POST', headers: sessionHeaders(user.cookie), body: json({ consent: true }) })
  assert.equal(minted.status, 201)
  const token: string = minted.body.data.token
  assert.match(token, /^or_ext_/)
  const me = await call('/api/v1/auth/me', { headers: bearerHeaders(token) })
  assert.equal(me.status, 200)
  assert.equal(me.body.data.credential, 'extension')
  assert.equal((await call('/api/v1/me/api-keys', { headers: bearerHeaders(token) })).status, 401, 'session-only stays closed')

  const logout = await call('/api/v1/auth/logout', { method: 'POST', headers: bearerHeaders(token) })
  assert.equal(logout.status, 200)
  assert.equal((await call('/api/v1/auth/me', { headers: bearerHeaders(token) })).status, 401, 'the token is revoked')
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 200, 'the browser session is not')
})

test('a malformed OAUTH_PROVIDERS setting fails at start-up with a clear message', () => {
  assert.throws(() => createTestApp({ config: { oauthProviders: '{not json' } }), /OAUTH_PROVIDERS is not valid JSON/)
  assert.throws(() => createTestApp({ config: { oauthProviders: JSON.stringify([{ id: 'x' }]) } }), /OAUTH_PROVIDERS: invalid/)
})
