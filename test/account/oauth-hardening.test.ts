import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { bearerHeaders, createApiKey, sessionCookieFrom, sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { startFakeProvider } from './fake-oidc-provider.ts'
import { createOAuthApp, providerSignIn, stateCookieFrom } from './oauth-browser.ts'
import { json, latestCode } from './mail-codes.ts'

/** OAuth findings of issue 11: pre-account takeover (1), login CSRF (2), return_to encoding (4). */
const fake = await startFakeProvider()
after(() => fake.close())
const login = (email: string, password: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: json({ email, password }) })

test('pre-account takeover: signing in with a provider-verified email revokes the password, sessions and keys of an unverified account', async () => {
  const app = createOAuthApp(fake)
  const attacker = await signUp(app.call, { email: 'victim@example.org', password: 'attacker passphrase 1' })
  const attackerKey = await createApiKey(app.call, attacker.cookie)

  const { callback } = await providerSignIn(fake, app, { sub: 'victim-sub', email: 'victim@example.org', email_verified: true })
  assert.equal(callback.status, 302)
  const victim = sessionCookieFrom(callback.headers)!
  const me = await app.call('/api/v1/auth/me', { headers: sessionHeaders(victim) })
  assert.equal(me.body.data.id, attacker.userId, 'the mailbox owner keeps the address')
  assert.equal(me.body.data.has_password, false)
  assert.equal(me.body.data.email_verified, true)

  assert.equal((await app.call('/api/v1/auth/me', { headers: sessionHeaders(attacker.cookie) })).status, 401, "the attacker's session is gone")
  assert.equal((await app.call('/api/v1/auth/me', { headers: bearerHeaders(attackerKey) })).status, 401, "the attacker's API key is gone")
  assert.equal((await app.call('/api/v1/auth/login', login('victim@example.org', 'attacker passphrase 1'))).status, 401, "the attacker's password is gone")
})

test('a verified account is linked without losing its password or sessions', async () => {
  const app = createOAuthApp(fake)
  const owner = await signUp(app.call, { email: 'owner2@example.org' })
  const code = latestCode(app.db, owner.email, /verification code/)
  const verified = await app.call('/api/v1/auth/verify/confirm', { method: 'POST', headers: sessionHeaders(owner.cookie), body: json({ email: owner.email, code }) })
  assert.equal(verified.status, 200)
  const session = sessionCookieFrom(verified.headers)!
  const { callback } = await providerSignIn(fake, app, { sub: 'owner2-sub', email: owner.email, email_verified: true })
  assert.equal(callback.status, 302)
  assert.equal((await app.call('/api/v1/auth/me', { headers: sessionHeaders(session) })).status, 200)
  assert.equal((await app.call('/api/v1/auth/login', login(owner.email, owner.password))).status, 200)
})

test('login CSRF: a callback URL started in another browser is refused and signs nobody in', async () => {
  const app = createOAuthApp(fake)
  // The attacker starts a sign-in in their own browser and keeps the callback URL instead of opening it.
  const start = await app.call('/api/v1/auth/oauth/fake/start')
  const setCookie = start.headers.getSetCookie().find((line) => line.startsWith('openroles_oauth_state='))!
  assert.match(setCookie, /HttpOnly/)
  assert.match(setCookie, /SameSite=Lax/i)
  assert.match(setCookie, /Max-Age=600/)
  assert.match(setCookie, /Path=\/api\/v1\/auth\/oauth\//)
  const grant = fake.authorize(start.headers.get('location')!, { sub: 'attacker-sub', email: 'attacker@example.org', email_verified: true })
  const url = `/api/v1/auth/oauth/fake/callback?code=${grant.code}&state=${grant.state}`

  const noCookie = await app.call(url)
  assert.equal(noCookie.status, 400)
  assert.match(noCookie.body.error, /not started in this browser/)
  assert.equal(sessionCookieFrom(noCookie.headers), null)

  const victimStart = await app.call('/api/v1/auth/oauth/fake/start')
  const otherBrowser = await app.call(url, { headers: { cookie: stateCookieFrom(victimStart.headers) } })
  assert.equal(otherBrowser.status, 400)
  assert.equal(sessionCookieFrom(otherBrowser.headers), null)

  const own = await app.call(url, { headers: { cookie: stateCookieFrom(start.headers) } })
  assert.equal(own.status, 302, 'the browser that started it still completes it')
  assert.ok(own.headers.getSetCookie().some((line) => /^openroles_oauth_state=;/.test(line)), 'the state cookie is cleared')
})

test('return_to with non-Latin-1 characters: 302 with a percent-encoded Location and the session cookie', async () => {
  const app = createOAuthApp(fake)
  const { callback } = await providerSignIn(fake, app, { sub: 'tokyo', email: 'tokyo@example.org', email_verified: true }, `?return_to=${encodeURIComponent('/東京?city=東京#ü')}`)
  assert.equal(callback.status, 302, JSON.stringify(callback.body))
  assert.equal(callback.headers.get('location'), '/%E6%9D%B1%E4%BA%AC?city=%E6%9D%B1%E4%BA%AC#%C3%BC')
  assert.ok(sessionCookieFrom(callback.headers))
})

test('return_to never becomes another site once a browser resolves it, and control characters are refused', async () => {
  const app = createOAuthApp(fake)
  const { callback } = await providerSignIn(fake, app, { sub: 'dots', email: 'dots@example.org', email_verified: true }, `?return_to=${encodeURIComponent('/.\\/evil.example')}`)
  assert.equal(callback.status, 302)
  const location = callback.headers.get('location')!
  assert.equal(new URL(location, 'https://jobs.example.org').origin, 'https://jobs.example.org', location)
  assert.doesNotMatch(location, /^[/\\]{2}/)
  for (const target of ['/a\u0000b', '/a\u001bb', '/a\u007fb', '/a\u0085b']) {
    const start = await app.call(`/api/v1/auth/oauth/fake/start?return_to=${encodeURIComponent(target)}`)
    assert.equal(start.status, 400, JSON.stringify(target))
  }
})
