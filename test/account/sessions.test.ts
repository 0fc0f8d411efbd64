import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import type { DB } from '../../src/db/connection.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'

const DAY = 86_400_000

function expiresOf(db: DB, userId: number): string {
  return (db.prepare('SELECT expires_at FROM sessions WHERE user_id = ?').get(userId) as { expires_at: string }).expires_at
}

test('sessions slide: use renews the expiry (written at most hourly); idle past the lifetime ends them', async () => {
  const { call, db, ctx } = createTestApp({ config: { sessionDays: 30 } })
  let clock = Date.now()
  ctx.now = () => new Date(clock)
  const user = await signUp(call)
  const first = expiresOf(db, user.userId)

  clock += 30 * 60_000
  const early = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })
  assert.equal(early.status, 200)
  assert.equal(expiresOf(db, user.userId), first, 'no write within the hour')
  assert.deepEqual(early.headers.getSetCookie(), [])

  clock += 2 * 60 * 60_000
  const cacheable = await call('/api/v1/openapi.json', { headers: sessionHeaders(user.cookie) })
  assert.equal(cacheable.status, 200)
  assert.equal(cacheable.headers.getSetCookie().length, 1, 'renewed on a public route too')
  assert.equal(cacheable.headers.get('cache-control'), 'private, no-store', 'even where the route itself says public')

  clock += 20 * DAY
  const later = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })
  assert.equal(later.status, 200)
  const renewed = expiresOf(db, user.userId)
  assert.equal(renewed, new Date(clock + 30 * DAY).toISOString())
  assert.match(later.headers.getSetCookie().join(), /openroles_session=.*Expires=/, 'the cookie expiry slides too')
  assert.equal(later.headers.get('cache-control'), 'private, no-store', 'a response carrying Set-Cookie is never shared-cacheable')

  clock += 29 * DAY
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 200, 'alive thanks to the renewal')

  clock += 31 * DAY
  const expired = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })
  assert.equal(expired.status, 401)
  assert.equal((db.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ?').get(user.userId) as { n: number }).n, 0, 'the expired row is removed')
})

test('only the SHA-256 of the session secret is stored', async () => {
  const { call, db } = createTestApp()
  const user = await signUp(call)
  const secret = user.cookie.split('=')[1].split('.')[1]
  const row = db.prepare('SELECT * FROM sessions WHERE user_id = ?').get(user.userId) as Record<string, unknown>
  assert.equal((row.secret_hash as Uint8Array).length, 32)
  assert.ok(!JSON.stringify(row).includes(secret))
})

test('GET /auth/session answers 200 signed in or not, and says where codes go', async () => {
  const { call } = createTestApp()
  const anonymous = await call('/api/v1/auth/session')
  assert.equal(anonymous.status, 200)
  assert.deepEqual(anonymous.body.data, { signed_in: false, mail: 'outbox' })
  const user = await signUp(call)
  const signedIn = await call('/api/v1/auth/session', { headers: sessionHeaders(user.cookie) })
  assert.equal(signedIn.status, 200)
  assert.equal(signedIn.body.data.signed_in, true)
  assert.equal(signedIn.body.data.user.email, user.email)
  const smtp = createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:1' } })
  assert.equal((await smtp.call('/api/v1/auth/session')).body.data.mail, 'smtp')
})
