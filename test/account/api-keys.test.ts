import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { json } from './mail-codes.ts'

test('create shows the key once; list shows only its prefix, name and use; delete revokes it', async () => {
  const { call, ctx } = createTestApp()
  const user = await signUp(call)
  const created = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(user.cookie), body: json({ name: '  ci runner ' }) })
  assert.equal(created.status, 201)
  const { key, ...shown } = created.body.data
  assert.deepEqual(Object.keys(shown).sort(), ['created_at', 'id', 'last_used_at', 'name', 'prefix'])
  assert.equal(shown.name, 'ci runner')
  assert.equal(shown.last_used_at, null)

  const list = await call('/api/v1/me/api-keys', { headers: sessionHeaders(user.cookie) })
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.data, [shown])
  assert.ok(!JSON.stringify(list.body).includes(key.slice(shown.prefix.length + 1)), 'the secret is never listed')

  const used = new Date(Date.now() + 5 * 60_000)
  ctx.now = () => used
  assert.equal((await call('/api/v1/auth/me', { headers: bearerHeaders(key) })).status, 200)
  const afterUse = await call('/api/v1/me/api-keys', { headers: sessionHeaders(user.cookie) })
  assert.equal(afterUse.body.data[0].last_used_at, used.toISOString())

  const removed = await call(`/api/v1/me/api-keys/${shown.id}`, { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(removed.status, 204)
  const revoked = await call('/api/v1/auth/me', { headers: bearerHeaders(key) })
  assert.equal(revoked.status, 401)
  assert.equal(typeof revoked.body.error, 'string')
  const again = await call(`/api/v1/me/api-keys/${shown.id}`, { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(again.status, 404)
})

test("one user cannot see or delete another user's keys", async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const bob = await signUp(call)
  await createApiKey(call, alice.cookie, 'alice key')
  const aliceKeys = await call('/api/v1/me/api-keys', { headers: sessionHeaders(alice.cookie) })
  const bobKeys = await call('/api/v1/me/api-keys', { headers: sessionHeaders(bob.cookie) })
  assert.equal(aliceKeys.body.data.length, 1)
  assert.deepEqual(bobKeys.body.data, [])
  const steal = await call(`/api/v1/me/api-keys/${aliceKeys.body.data[0].id}`, { method: 'DELETE', headers: sessionHeaders(bob.cookie) })
  assert.equal(steal.status, 404)
  assert.equal((await call('/api/v1/me/api-keys', { headers: sessionHeaders(alice.cookie) })).body.data.length, 1)
})

test('forged, truncated and malformed Bearer values are 401, never 500', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const key = await createApiKey(call, user.cookie)
  const forged = key.slice(0, -4) + (key.endsWith('aaaa') ? 'bbbb' : 'aaaa')
  for (const value of [forged, key.slice(0, 20), 'or_live_', 'or_live__', 'or_ext_x.y', 'nonsense', '']) {
    const response = await call('/api/v1/auth/me', { headers: { authorization: `Bearer ${value}` } })
    assert.equal(response.status, 401, value)
  }
})

test('input checks: a name is required, the id must be a number, and the per-account limit holds', async () => {
  const { call } = createTestApp({ config: { apiKeysPerUser: 2 } })
  const user = await signUp(call)
  const noName = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(user.cookie), body: json({ name: '   ' }) })
  assert.equal(noName.status, 400)
  assert.match(noName.body.error, /name/)
  const badId = await call('/api/v1/me/api-keys/abc', { method: 'DELETE', headers: sessionHeaders(user.cookie) })
  assert.equal(badId.status, 400)
  await createApiKey(call, user.cookie)
  await createApiKey(call, user.cookie)
  const third = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(user.cookie), body: json({ name: 'three' }) })
  assert.equal(third.status, 409)
  assert.match(third.body.error, /at most 2/)
})
