import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { sessionCookieFrom, sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { json } from './mail-codes.ts'
import { listOutbox } from '../../src/mail/outbox.ts'

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: json(body),
})

test('register creates the account and signs it in (201 with the user, as the reference service); a taken address is 409', async () => {
  const { call, db } = createTestApp()
  const registered = await call('/api/v1/auth/register', post({ email: ' Ada@Example.org ', password: 'a long enough passphrase' }, { origin: TEST_ORIGIN }))
  assert.equal(registered.status, 201)
  assert.deepEqual(Object.keys(registered.body.data).sort(), ['beta_tester', 'created_at', 'email', 'email_verified', 'has_password', 'id', 'language', 'onboarding_completed_at', 'role', 'timezone'])
  assert.equal(registered.body.data.email, 'ada@example.org')
  const cookie = sessionCookieFrom(registered.headers)
  assert.ok(cookie, 'signed in')
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(cookie) })).body.data.id, registered.body.data.id)
  assert.match(listOutbox(db, { recipient: 'ada@example.org', limit: 1 })[0].bodyText, /\b\d{6}\b/, 'the verification code is mailed all the same')
  const taken = await call('/api/v1/auth/register', post({ email: 'ADA@example.org', password: 'another long passphrase' }, { origin: TEST_ORIGIN }))
  assert.deepEqual([taken.status, taken.body, taken.headers.getSetCookie()], [409, { error: 'email already registered' }, []])
  assert.equal((await call('/api/v1/auth/login', post({ email: 'ada@example.org', password: 'another long passphrase' }))).status, 401, 'the account was not touched')
})

test('with REGISTER_CONCEALS_ACCOUNTS register answers 202 and does not sign in; login signs in with a hardened cookie and never returns the hash', async () => {
  const { call } = createTestApp({ config: { registerConcealsAccounts: true } })
  const registered = await call('/api/v1/auth/register', post({ email: ' Ada@Example.org ', password: 'a long enough passphrase' }))
  assert.equal(registered.status, 202)
  assert.deepEqual(registered.body, { data: { ok: true } })
  assert.deepEqual(registered.headers.getSetCookie(), [])
  const response = await call('/api/v1/auth/login', post({ email: 'ada@example.org', password: 'a long enough passphrase' }))
  assert.equal(response.status, 200)
  assert.deepEqual(Object.keys(response.body.data).sort(), ['beta_tester', 'created_at', 'email', 'email_verified', 'has_password', 'id', 'language', 'onboarding_completed_at', 'role', 'timezone'])
  assert.equal(response.body.data.email, 'ada@example.org')
  assert.equal(response.body.data.email_verified, false)
  assert.equal(response.body.data.role, 'user')
  const setCookie = response.headers.getSetCookie().join('\n')
  assert.match(setCookie, /^openroles_session=[a-z2-7]+\.[a-z2-7]+;/)
  assert.match(setCookie, /HttpOnly/)
  assert.match(setCookie, /SameSite=Lax/i)
  assert.match(setCookie, /Path=\//)
  assert.doesNotMatch(setCookie, /Domain=/i)
  assert.doesNotMatch(setCookie, /Secure/, 'plain http: no Secure flag')
  assert.doesNotMatch(JSON.stringify(response.body), /argon2|hash/)

  const me = await call('/api/v1/auth/me', { headers: sessionHeaders(sessionCookieFrom(response.headers)!) })
  assert.equal(me.status, 200)
  assert.equal(me.body.data.email, 'ada@example.org')
  assert.equal(me.body.data.credential, 'cookie')
})

test('the cookie is Secure behind HTTPS: own protocol, or X-Forwarded-Proto only with TRUST_PROXY', async () => {
  const direct = createTestApp()
  const user = await signUp(direct.call)
  const credentials = { email: user.email, password: user.password }
  const https = await direct.app.request('https://localhost/api/v1/auth/login', post(credentials))
  assert.equal(https.status, 200)
  assert.match(https.headers.getSetCookie().join(), /Secure/)

  const forwarded = post(credentials, { 'x-forwarded-proto': 'https' })
  const untrusted = await direct.call('/api/v1/auth/login', forwarded)
  assert.doesNotMatch(untrusted.headers.getSetCookie().join(), /Secure/)
  const proxied = createTestApp({ config: { trustProxy: true } })
  await signUp(proxied.call, credentials)
  const trusted = await proxied.call('/api/v1/auth/login', forwarded)
  assert.equal(trusted.status, 200)
  assert.match(trusted.headers.getSetCookie().join(), /Secure/)
})

test('the password policy refuses short and common passwords without echoing them', async () => {
  const { call } = createTestApp()
  const short = await call('/api/v1/auth/register', post({ email: 'a@example.org', password: 'short1' }))
  assert.equal(short.status, 400)
  assert.match(short.body.error, /at least 10 characters/)
  const common = await call('/api/v1/auth/register', post({ email: 'a@example.org', password: 'Password123' }))
  assert.equal(common.status, 400)
  assert.match(common.body.error, /too common/)
  assert.doesNotMatch(common.body.error, /Password123/)
  const badEmail = await call('/api/v1/auth/register', post({ email: 'not-an-email', password: 'a long enough passphrase' }))
  assert.equal(badEmail.status, 400)
  assert.match(badEmail.body.error, /email/)
  assert.doesNotMatch(badEmail.body.error, /not-an-email/)
})

test('with REGISTER_CONCEALS_ACCOUNTS a second registration of the same email (any case) answers exactly like a new one and mails a notice instead', async () => {
  const { call, db } = createTestApp({ config: { registerConcealsAccounts: true } })
  const grace = await signUp(call, { email: 'grace@example.org' })
  const fresh = await call('/api/v1/auth/register', post({ email: 'new@example.org', password: 'another long passphrase' }))
  const again = await call('/api/v1/auth/register', post({ email: 'GRACE@example.org', password: 'another long passphrase' }))
  assert.deepEqual([again.status, again.body, again.headers.getSetCookie()], [fresh.status, fresh.body, fresh.headers.getSetCookie()])
  assert.equal(again.status, 202)
  const [notice] = listOutbox(db, { recipient: 'grace@example.org', limit: 1 })
  assert.match(notice.subject, /already have an openroles account/)
  assert.doesNotMatch(notice.bodyText, /\b\d{6}\b/, 'the notice carries no code')
  assert.equal((await call('/api/v1/auth/login', post({ email: 'grace@example.org', password: 'another long passphrase' }))).status, 401, 'the account was not touched')
  assert.equal((await call('/api/v1/auth/login', post({ email: grace.email, password: grace.password }))).status, 200)
})

test('login: right password signs in, a wrong one and an unknown email get the same 401', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const ok = await call('/api/v1/auth/login', post({ email: user.email.toUpperCase(), password: user.password }))
  assert.equal(ok.status, 200)
  assert.equal(ok.body.data.id, user.userId)
  assert.ok(sessionCookieFrom(ok.headers))
  assert.notEqual(sessionCookieFrom(ok.headers), user.cookie, 'each login is a new session')

  const wrong = await call('/api/v1/auth/login', post({ email: user.email, password: 'not the password at all' }))
  const unknown = await call('/api/v1/auth/login', post({ email: 'nobody@example.org', password: 'not the password at all' }))
  assert.equal(wrong.status, 401)
  assert.equal(unknown.status, 401)
  assert.deepEqual(wrong.body, unknown.body)
  assert.equal(sessionCookieFrom(wrong.headers), null)
})

test('logout ends the session: the same cookie replayed afterwards is anonymous', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const logout = await call('/api/v1/auth/logout', { method: 'POST', headers: sessionHeaders(user.cookie) })
  assert.equal(logout.status, 200)
  assert.deepEqual(logout.body, { data: { ok: true } })
  assert.match(logout.headers.getSetCookie().join(), /openroles_session=;.*Max-Age=0/i)
  const replay = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })
  assert.equal(replay.status, 401)
  assert.equal(typeof replay.body.error, 'string')
  const anonymous = await call('/api/v1/auth/logout', { method: 'POST', headers: { origin: TEST_ORIGIN } })
  assert.equal(anonymous.status, 200)
})

test('a forged or malformed cookie is anonymous, never a 500', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const [publicId] = user.cookie.split('=')[1].split('.')
  for (const cookie of [`openroles_session=${publicId}.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa`, 'openroles_session=garbage', 'openroles_session=.', 'openroles_session=%ff']) {
    const response = await call('/api/v1/auth/me', { headers: sessionHeaders(cookie) })
    assert.equal(response.status, 401, cookie)
    assert.equal(typeof response.body.error, 'string')
  }
})

test('every /me route of this module answers 401 {error} without credentials', async () => {
  const { call } = createTestApp()
  const cases: [string, string][] = [
    ['GET', '/api/v1/me/api-keys'],
    ['POST', '/api/v1/me/api-keys'],
    ['DELETE', '/api/v1/me/api-keys/1'],
    ['POST', '/api/v1/me/password'],
    ['DELETE', '/api/v1/me'],
    ['GET', '/api/v1/auth/me'],
    ['POST', '/api/v1/auth/logout-all'],
  ]
  for (const [method, path] of cases) {
    const response = await call(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' })
    assert.equal(response.status, 401, `${method} ${path}`)
    assert.equal(typeof response.body.error, 'string')
  }
})

test('signing in while carrying a session cookie ends that session instead of leaving it behind', async () => {
  const { call } = createTestApp()
  const first = await signUp(call)
  const second = await signUp(call)
  const relogin = await call('/api/v1/auth/login', post({ email: second.email, password: second.password }, { cookie: first.cookie, origin: TEST_ORIGIN }))
  assert.equal(relogin.status, 200)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(first.cookie) })).status, 401)
  const me = await call('/api/v1/auth/me', { headers: sessionHeaders(sessionCookieFrom(relogin.headers)!) })
  assert.equal(me.body.data.id, second.userId)
})

test('passwords are argon2id; raising the cost upgrades a stored hash at the next login', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const stored = () => (db.prepare('SELECT password_hash FROM users WHERE id = ?').get(user.userId) as { password_hash: string }).password_hash
  assert.match(stored(), /^\$argon2id\$v=19\$m=64,t=1,p=1\$/)
  ctx.config = { ...ctx.config, argon2MemoryKib: 128 }
  const login = await call('/api/v1/auth/login', post({ email: user.email, password: user.password }))
  assert.equal(login.status, 200)
  assert.match(stored(), /^\$argon2id\$v=19\$m=128,t=1,p=1\$/)
  assert.equal((await call('/api/v1/auth/login', post({ email: user.email, password: user.password }))).status, 200)
})
