import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { fakeGateway } from './fake-push-gateway.ts'

test('push tokens: 204 upsert by token value, reassigned to the new caller; list and delete', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const bob = await signUp(call)
  const register = (cookie: string, body: unknown) => call('/api/v1/me/push-tokens', { method: 'POST', headers: sessionHeaders(cookie), body: JSON.stringify(body) })
  const list = async (cookie: string) => (await call('/api/v1/me/push-tokens', { headers: sessionHeaders(cookie) })).body.data

  const first = await register(alice.cookie, { token: 'device-a', platform: 'ios' })
  assert.equal(first.status, 204)
  assert.equal(first.body, null)
  assert.equal((await register(alice.cookie, { token: 'device-b', platform: 'android' })).status, 204)
  assert.deepEqual((await list(alice.cookie)).map((t: any) => [t.token, t.platform]), [['device-a', 'ios'], ['device-b', 'android']])

  assert.equal((await register(bob.cookie, { token: 'device-a', platform: 'ios' })).status, 204)
  assert.deepEqual((await list(alice.cookie)).map((t: any) => t.token), ['device-b'])
  assert.deepEqual((await list(bob.cookie)).map((t: any) => t.token), ['device-a'])

  for (const body of [{ token: 'x', platform: 'windows' }, { platform: 'ios' }, { token: '', platform: 'ios' }, { token: 5, platform: 'android' }]) {
    const response = await register(alice.cookie, body)
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.match(response.body.error, /token|platform/)
    assert.doesNotMatch(response.body.error, /windows/)
  }

  const wrongOwner = await call('/api/v1/me/push-tokens', { method: 'DELETE', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ token: 'device-a' }) })
  assert.equal(wrongOwner.status, 404)
  assert.equal((await call('/api/v1/me/push-tokens', { method: 'DELETE', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ token: 'device-b' }) })).status, 204)
  assert.deepEqual(await list(alice.cookie), [])
  await register(bob.cookie, { token: 'device-c', platform: 'android' })
  assert.equal((await call('/api/v1/me/push-tokens', { method: 'DELETE', headers: sessionHeaders(bob.cookie) })).status, 204)
  assert.deepEqual(await list(bob.cookie), [])
})

test('push tokens are session only', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const body = JSON.stringify({ token: 'device-a', platform: 'ios' })
  assert.equal((await call('/api/v1/me/push-tokens', { method: 'POST', headers: bearerHeaders(key), body })).status, 401)
  assert.equal((await call('/api/v1/me/push-tokens', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/push-tokens/test', { method: 'POST', headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/push-tokens', { method: 'POST', body })).status, 401)
})

test('test push: a clear 503 without a gateway, delivery through the configured gateway', async () => {
  const unconfigured = createTestApp()
  const alice = await signUp(unconfigured.call)
  const off = await unconfigured.call('/api/v1/me/push-tokens/test', { method: 'POST', headers: sessionHeaders(alice.cookie) })
  assert.equal(off.status, 503)
  assert.match(off.body.error, /push delivery is not configured/)

  const gateway = await fakeGateway()
  try {
    const { call } = createTestApp({ config: { pushGatewayUrl: gateway.url } })
    const bob = await signUp(call)
    const noDevice = await call('/api/v1/me/push-tokens/test', { method: 'POST', headers: sessionHeaders(bob.cookie) })
    assert.equal(noDevice.status, 404)
    await call('/api/v1/me/push-tokens', { method: 'POST', headers: sessionHeaders(bob.cookie), body: JSON.stringify({ token: 'device-z', platform: 'android' }) })
    const sent = await call('/api/v1/me/push-tokens/test', { method: 'POST', headers: sessionHeaders(bob.cookie) })
    assert.equal(sent.status, 200)
    assert.deepEqual(sent.body.data, { sent: 1 })
    assert.equal(gateway.received.length, 1)
    assert.equal(gateway.received[0].messages[0].token, 'device-z')
    assert.equal(gateway.received[0].messages[0].platform, 'android')
  } finally {
    await gateway.close()
  }

  const failing = await fakeGateway(500)
  try {
    const { call } = createTestApp({ config: { pushGatewayUrl: failing.url } })
    const carol = await signUp(call)
    await call('/api/v1/me/push-tokens', { method: 'POST', headers: sessionHeaders(carol.cookie), body: JSON.stringify({ token: 'device-y', platform: 'ios' }) })
    const refused = await call('/api/v1/me/push-tokens/test', { method: 'POST', headers: sessionHeaders(carol.cookie) })
    assert.equal(refused.status, 503)
    assert.match(refused.body.error, /push gateway did not accept/)
  } finally {
    await failing.close()
  }
})
