import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, sessionCookieFrom, sessionHeaders, signIn, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { json, latestCode } from './mail-codes.ts'

test('register -> verify -> login -> API key -> key refused on a session-only route -> password change revokes other sessions -> logout', async () => {
  // Sign-up that does not sign in, so the code's confirmation is what signs in.
  const { call, db } = createTestApp({ config: { registerConcealsAccounts: true } })
  const email = 'walk@example.org'
  const password = 'first long passphrase'
  const register = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: json({ email, password }),
  })
  assert.equal(register.status, 202)
  assert.equal(sessionCookieFrom(register.headers), null, 'registering does not sign in')

  // The verification code was mailed on sign-up; the outbox holds it. Confirming it signs in.
  const code = latestCode(db, email, /verification code/)
  const verify = await call('/api/v1/auth/verify/confirm', { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: json({ email, code }) })
  assert.equal(verify.status, 200)
  assert.equal(verify.body.data.email_verified, true)
  const firstCookie = sessionCookieFrom(verify.headers)!

  const cookie = await signIn(call, email, password)
  const otherDevice = await signIn(call, email, password)

  const created = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(cookie), body: json({ name: 'laptop' }) })
  assert.equal(created.status, 201)
  const key: string = created.body.data.key
  assert.match(key, /^or_live_[a-z2-7]+_[a-z2-7]+$/)
  assert.ok(key.startsWith(created.body.data.prefix))

  const byKey = await call('/api/v1/auth/me', { headers: bearerHeaders(key) })
  assert.equal(byKey.status, 200)
  assert.equal(byKey.body.data.credential, 'api-key')

  const refused = await call('/api/v1/me/api-keys', { headers: bearerHeaders(key) })
  assert.equal(refused.status, 401)
  assert.match(refused.body.error, /session/)
  const refusedPassword = await call('/api/v1/me/password', {
    method: 'POST',
    headers: bearerHeaders(key),
    body: json({ current_password: password, new_password: 'second long passphrase' }),
  })
  assert.equal(refusedPassword.status, 401)

  const change = await call('/api/v1/me/password', {
    method: 'POST',
    headers: sessionHeaders(cookie),
    body: json({ current_password: password, new_password: 'second long passphrase' }),
  })
  assert.equal(change.status, 200)
  assert.deepEqual(change.body, { data: { ok: true, changed: true } })
  const reissued = sessionCookieFrom(change.headers)
  assert.ok(reissued && reissued !== cookie, 'the caller gets a fresh cookie')

  for (const revoked of [cookie, otherDevice, firstCookie]) {
    const response = await call('/api/v1/auth/me', { headers: sessionHeaders(revoked) })
    assert.equal(response.status, 401)
  }
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(reissued) })).status, 200)
  assert.equal((await call('/api/v1/auth/me', { headers: bearerHeaders(key) })).status, 200, 'API keys survive a password change')

  const oldPassword = await call('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email, password }) })
  assert.equal(oldPassword.status, 401)

  const logout = await call('/api/v1/auth/logout', { method: 'POST', headers: sessionHeaders(reissued) })
  assert.equal(logout.status, 200)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(reissued) })).status, 401)
})

test('password change: a wrong current password or a refused new one changes nothing', async () => {
  const { call } = createTestApp()
  const email = 'pw@example.org'
  const { cookie } = await signUp(call, { email, password: 'first long passphrase' })
  const wrong = await call('/api/v1/me/password', {
    method: 'POST',
    headers: sessionHeaders(cookie),
    body: json({ current_password: 'not my password!', new_password: 'second long passphrase' }),
  })
  assert.equal(wrong.status, 400)
  assert.match(wrong.body.error, /current_password/)
  const weak = await call('/api/v1/me/password', {
    method: 'POST',
    headers: sessionHeaders(cookie),
    body: json({ current_password: 'first long passphrase', new_password: 'qwertyuiop' }),
  })
  assert.equal(weak.status, 400)
  assert.match(weak.body.error, /too common/)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(cookie) })).status, 200, 'still signed in')
  const missing = await call('/api/v1/me/password', { method: 'POST', headers: sessionHeaders(cookie), body: json({ new_password: 'x' }) })
  assert.equal(missing.status, 400)
  assert.match(missing.body.error, /current_password/)
})

test('logout-all ends every session of the account but not other accounts', async () => {
  const { call } = createTestApp()
  const email = 'all@example.org'
  const password = 'first long passphrase'
  await call('/api/v1/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email, password }) })
  const a = await signIn(call, email, password)
  const b = await signIn(call, email, password)
  const { cookie: other } = await signUp(call, { email: 'other@example.org', password })
  const response = await call('/api/v1/auth/logout-all', { method: 'POST', headers: sessionHeaders(a) })
  assert.equal(response.status, 200)
  assert.deepEqual(response.body, { data: { ok: true } })
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(a) })).status, 401)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(b) })).status, 401)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(other) })).status, 200)
})
