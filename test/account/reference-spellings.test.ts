import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { sessionCookieFrom, sessionHeaders, signIn, signUp } from '../helpers/auth.ts'
import { json, latestCode } from './mail-codes.ts'

// The account calls as the reference service's web app sends them, next to our own spellings.
const withJson = (cookie: string) => ({ ...sessionHeaders(cookie), 'content-type': 'application/json' })

test('POST /me/password takes the new password as `password` too and answers { ok, changed }', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const change = await call('/api/v1/me/password', { method: 'POST', headers: withJson(user.cookie), body: json({ current_password: user.password, password: 'a brand new passphrase' }) })
  assert.equal(change.status, 200)
  assert.deepEqual(change.body, { data: { ok: true, changed: true } })
  assert.ok(sessionCookieFrom(change.headers))
  assert.ok(await signIn(call, user.email, 'a brand new passphrase'))
  const missing = await call('/api/v1/me/password', { method: 'POST', headers: withJson(sessionCookieFrom(change.headers)!), body: json({ current_password: 'a brand new passphrase' }) })
  assert.equal(missing.status, 400)
  assert.match(missing.body.error, /new_password/)
})

test('DELETE /me with a confirming { email }: the caller\'s own address deletes, another is a 400 that deletes nothing', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const other = await signUp(call)
  const wrong = await call('/api/v1/me', { method: 'DELETE', headers: withJson(user.cookie), body: json({ email: other.email }) })
  assert.equal(wrong.status, 400)
  assert.match(wrong.body.error, /email/)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 200, 'nothing deleted')
  const right = await call('/api/v1/me', { method: 'DELETE', headers: withJson(user.cookie), body: json({ email: user.email.toUpperCase() }) })
  assert.equal(right.status, 204)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 401)
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(other.cookie) })).status, 200)
})

test('POST /auth/verify/confirm with { code } alone verifies the signed-in caller; anonymous callers need the email', async () => {
  const { call, db } = createTestApp()
  const user = await signUp(call)
  const code = latestCode(db, user.email, /verification code/)
  const anonymous = await call('/api/v1/auth/verify/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ code }) })
  assert.equal(anonymous.status, 400)
  assert.match(anonymous.body.error, /email/)
  const confirmed = await call('/api/v1/auth/verify/confirm', { method: 'POST', headers: withJson(user.cookie), body: json({ code }) })
  assert.equal(confirmed.status, 200)
  assert.equal(confirmed.body.data.email, user.email)
  assert.equal(confirmed.body.data.email_verified, true)
})
