import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { sessionCookieFrom, sessionHeaders, signUp } from '../helpers/auth.ts'
import { listOutbox } from '../../src/mail/outbox.ts'
import { json, latestCode } from './mail-codes.ts'

const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: json(body) })
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

test('verify: a wrong code is refused, the right one verifies and signs in, and cannot be replayed', async () => {
  const { call, db } = createTestApp()
  const user = await signUp(call)
  const code = latestCode(db, user.email, /verification code/)
  const wrong = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code: wrongCodeFor(code) }))
  assert.equal(wrong.status, 400)
  assert.match(wrong.body.error, /incorrect/)
  const malformed = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code: '12ab' }))
  assert.equal(malformed.status, 400)
  assert.match(malformed.body.error, /six digits/)

  const ok = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code }))
  assert.equal(ok.status, 200)
  assert.equal(ok.body.data.email_verified, true)
  assert.ok(sessionCookieFrom(ok.headers))
  const replay = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code }))
  assert.equal(replay.status, 400)
  const me = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })
  assert.equal(me.body.data.email_verified, true)
})

test('verify: an expired code is refused with its own message', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const code = latestCode(db, user.email, /verification code/)
  const later = Date.now() + (ctx.config.codeMinutes * 60 + 1) * 1000
  ctx.now = () => new Date(later)
  const expired = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code }))
  assert.equal(expired.status, 400)
  assert.match(expired.body.error, /expired/)
})

test('verify: a code dies after the allowed number of wrong guesses', async () => {
  const { call, db } = createTestApp({ config: { codeAttempts: 3, loginFreeAttempts: 100 } })
  const user = await signUp(call)
  const code = latestCode(db, user.email, /verification code/)
  for (let i = 0; i < 3; i++) {
    assert.equal((await call('/api/v1/auth/verify/confirm', post({ email: user.email, code: wrongCodeFor(code) }))).status, 400)
  }
  const burnt = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code }))
  assert.equal(burnt.status, 400, 'even the right code no longer works')
})

test('verify/request: resends at most once per interval; anonymous requests answer the same for unknown emails', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const before = listOutbox(db, { recipient: user.email, limit: 10 }).length
  const soon = await call('/api/v1/auth/verify/request', { method: 'POST', headers: sessionHeaders(user.cookie), body: '{}' })
  assert.equal(soon.status, 200)
  assert.equal(listOutbox(db, { recipient: user.email, limit: 10 }).length, before, 'no second mail within the resend interval')
  const later = Date.now() + (ctx.config.codeResendSeconds + 1) * 1000
  ctx.now = () => new Date(later)
  await call('/api/v1/auth/verify/request', { method: 'POST', headers: sessionHeaders(user.cookie), body: '{}' })
  assert.equal(listOutbox(db, { recipient: user.email, limit: 10 }).length, before + 1)

  const known = await call('/api/v1/auth/verify/request', post({ email: user.email }))
  const unknown = await call('/api/v1/auth/verify/request', post({ email: 'ghost@example.org' }))
  assert.deepEqual([known.status, known.body], [unknown.status, unknown.body])
  await ctx.background.idle()
  assert.equal(listOutbox(db, { recipient: 'ghost@example.org', limit: 10 }).length, 0)
  const neither = await call('/api/v1/auth/verify/request', post({}))
  assert.equal(neither.status, 400)
})

test('password reset: same answer for unknown emails; the code resets, signs out everywhere and cannot be replayed', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const known = await call('/api/v1/auth/password/forgot', post({ email: user.email }))
  const unknown = await call('/api/v1/auth/password/forgot', post({ email: 'ghost@example.org' }))
  assert.equal(known.status, 200)
  assert.deepEqual(known.body, { data: { ok: true } })
  assert.deepEqual([unknown.status, unknown.body], [known.status, known.body])

  await ctx.background.idle()
  const code = latestCode(db, user.email, /password reset/)
  const weak = await call('/api/v1/auth/password/reset', post({ email: user.email, code, new_password: 'short' }))
  assert.equal(weak.status, 400)
  const wrong = await call('/api/v1/auth/password/reset', post({ email: user.email, code: wrongCodeFor(code), new_password: 'brand new passphrase' }))
  assert.equal(wrong.status, 400)
  const ghost = await call('/api/v1/auth/password/reset', post({ email: 'ghost@example.org', code, new_password: 'brand new passphrase' }))
  assert.deepEqual([ghost.status, ghost.body], [wrong.status, wrong.body])

  const reset = await call('/api/v1/auth/password/reset', post({ email: user.email, code, new_password: 'brand new passphrase' }))
  assert.equal(reset.status, 200)
  assert.equal(reset.body.data.email_verified, true, 'reading the mail proved the address')
  assert.ok(sessionCookieFrom(reset.headers))
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 401, 'old sessions are gone')

  const replay = await call('/api/v1/auth/password/reset', post({ email: user.email, code, new_password: 'attacker passphrase!' }))
  assert.equal(replay.status, 400)
  const login = await call('/api/v1/auth/login', post({ email: user.email, password: 'brand new passphrase' }))
  assert.equal(login.status, 200)
  const oldLogin = await call('/api/v1/auth/login', post({ email: user.email, password: user.password }))
  assert.equal(oldLogin.status, 401)
})
