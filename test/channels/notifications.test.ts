import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { createNotification } from '../../src/channels/notifications.ts'

async function withNotifications(count: number) {
  const app = createTestApp()
  const alice = await signUp(app.call)
  const ids: number[] = []
  for (let i = 1; i <= count; i++) {
    ids.push(createNotification(app.db, { userId: alice.userId, kind: 'subscription_digest', title: `Digest ${i}`, body: `Body ${i}` }, `2026-11-0${i}T00:00:00.000Z`))
  }
  const send = (method: string, path: string, body?: unknown, cookie = alice.cookie) =>
    app.call(`/api/v1${path}`, { method, headers: sessionHeaders(cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  return { ...app, alice, ids, send }
}

test('notifications: newest first with total, unread_count, limit and offset', async () => {
  const { send, ids } = await withNotifications(3)
  const page = await send('GET', '/me/notifications?limit=2')
  assert.equal(page.status, 200)
  assert.deepEqual(page.body.meta, { total: 3, unread_count: 3, limit: 2, offset: 0 })
  assert.deepEqual(page.body.data.map((n: any) => n.title), ['Digest 3', 'Digest 2'])
  assert.deepEqual(page.body.data[0], {
    id: ids[2],
    kind: 'subscription_digest',
    title: 'Digest 3',
    body: 'Body 3',
    public_slug: null,
    jobs: [],
    created_at: '2026-11-03T00:00:00.000Z',
    read_at: null,
  })
  const next = await send('GET', '/me/notifications?limit=2&offset=2')
  assert.deepEqual(next.body.data.map((n: any) => n.title), ['Digest 1'])
  const clamped = await send('GET', '/me/notifications?limit=500')
  assert.equal(clamped.status, 200)
  assert.equal(clamped.body.meta.limit, 100)
  for (const [query, limit, offset] of [['limit=0', 1, 0], ['offset=-1', 20, 0], ['limit=ten', 20, 0]] as const) {
    const forgiven = await send('GET', `/me/notifications?${query}`)
    assert.equal(forgiven.status, 200, query)
    assert.deepEqual([forgiven.body.meta.limit, forgiven.body.meta.offset], [limit, offset], query)
  }
})

test('notifications: read one (idempotent), read all, 404 for another user', async () => {
  const { call, send, ids } = await withNotifications(3)
  const one = await send('GET', `/me/notifications/${ids[0]}`)
  assert.equal(one.status, 200)
  assert.equal(one.body.data.read_at, null)

  const read = await send('POST', `/me/notifications/${ids[0]}/read`)
  assert.equal(read.status, 200)
  assert.equal(typeof read.body.data.read_at, 'string')
  const again = await send('POST', `/me/notifications/${ids[0]}/read`)
  assert.equal(again.body.data.read_at, read.body.data.read_at)
  assert.equal((await send('GET', '/me/notifications')).body.meta.unread_count, 2)

  const bob = await signUp(call)
  assert.equal((await send('GET', `/me/notifications/${ids[1]}`, undefined, bob.cookie)).status, 404)
  assert.equal((await send('POST', `/me/notifications/${ids[1]}/read`, undefined, bob.cookie)).status, 404)
  assert.equal((await send('POST', '/me/notifications/99999/read')).status, 404)
  assert.equal((await send('GET', '/me/notifications/abc')).status, 400)
  assert.equal((await send('POST', '/me/notifications/read-all', undefined, bob.cookie)).body.data.marked, 0)

  const all = await send('POST', '/me/notifications/read-all')
  assert.equal(all.status, 200)
  assert.deepEqual(all.body.data, { marked: 2, unread_count: 0 })
  const list = await send('GET', '/me/notifications')
  assert.deepEqual(list.body.meta, { total: 3, unread_count: 0, limit: 20, offset: 0 })
  assert.ok(list.body.data.every((n: any) => typeof n.read_at === 'string'))
})

test('notification settings: defaults, partial update, validation', async () => {
  const { send } = await withNotifications(0)
  const settings = async () => (await send('GET', '/me/notification-settings')).body.data
  assert.deepEqual(await settings(), { enabled: true, channels: ['email', 'push'], digest_in_app: true, digest_push: true })
  const updated = await send('PUT', '/me/notification-settings', { enabled: true, channels: ['telegram', 'email', 'email'] })
  assert.equal(updated.status, 200)
  assert.deepEqual(updated.body.data, { enabled: true, channels: ['email', 'telegram'], digest_in_app: true, digest_push: false })
  assert.deepEqual(await settings(), updated.body.data)
  // The earlier spelling still works: digest_push adds or removes the push channel.
  assert.deepEqual((await send('PUT', '/me/notification-settings', { digest_push: true })).body.data.channels, ['email', 'telegram', 'push'])
  const unknown = await send('PUT', '/me/notification-settings', { channels: ['email', 'fax'] })
  assert.equal(unknown.status, 400)
  assert.match(unknown.body.error, /channel/)
  const empty = await send('PUT', '/me/notification-settings', { enabled: true, channels: [] })
  assert.equal(empty.status, 400)
  assert.match(empty.body.error, /channel/)
  assert.deepEqual((await settings()).channels, ['email', 'telegram', 'push'], 'a refused update changes nothing')
  assert.deepEqual((await send('PUT', '/me/notification-settings', { enabled: false, channels: [] })).body.data, { enabled: false, channels: [], digest_in_app: true, digest_push: false })
  const bad = await send('PUT', '/me/notification-settings', { digest_in_app: 'no' })
  assert.equal(bad.status, 400)
  assert.match(bad.body.error, /digest_in_app/)
})

test('notifications are session only', async () => {
  const { call, alice, ids } = await withNotifications(1)
  const key = await createApiKey(call, alice.cookie)
  for (const [method, path] of [['GET', '/me/notifications'], ['GET', `/me/notifications/${ids[0]}`], ['POST', `/me/notifications/${ids[0]}/read`], ['POST', '/me/notifications/read-all'], ['GET', '/me/notification-settings'], ['PUT', '/me/notification-settings']]) {
    assert.equal((await call(`/api/v1${path}`, { method, headers: bearerHeaders(key), body: method === 'GET' ? undefined : '{}' })).status, 401, `${method} ${path}`)
  }
  assert.equal((await call('/api/v1/me/notifications')).status, 401)
})
