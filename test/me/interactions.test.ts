import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

async function setup() {
  const app = createTestApp({
    jobs: [
      fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer' }),
      fixtureJob({ publicSlug: 'rust-dev', title: 'Rust Developer' }),
      fixtureJob({ publicSlug: 'old-role', closedAt: '2026-11-10T00:00:00.000Z' }),
    ],
  })
  const alice = await signUp(app.call)
  const key = await createApiKey(app.call, alice.cookie)
  const bob = await signUp(app.call)
  const as = (headers: Record<string, string>) => (method: string, path: string) => app.call(`/api/v1${path}`, { method, headers })
  const counters = async (slug: string) => {
    const { view_count, applied_count } = (await app.get(`/api/v1/jobs/${slug}`)).body.data
    return { view_count, applied_count }
  }
  return { ...app, alice: as(bearerHeaders(key)), aliceSession: as(sessionHeaders(alice.cookie)), bob: as(sessionHeaders(bob.cookie)), counters }
}

test('views and applications update the job counters once per user', async () => {
  const { alice, bob, counters } = await setup()
  const first = await alice('POST', '/jobs/go-dev/view')
  assert.equal(first.status, 200)
  assert.equal(first.body.data.public_slug, 'go-dev')
  assert.equal(first.body.data.job.title, 'Go Developer')
  assert.equal(first.body.data.view_count, 1)
  assert.equal(typeof first.body.data.viewed_at, 'string')
  assert.equal(first.body.data.applied_at, null)
  assert.equal((await alice('POST', '/jobs/go-dev/view')).body.data.view_count, 2)
  assert.deepEqual(await counters('go-dev'), { view_count: 1, applied_count: 0 })
  await bob('POST', '/jobs/go-dev/view')
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })

  const applied = await alice('POST', '/jobs/go-dev/apply')
  assert.equal(applied.status, 200)
  assert.equal(typeof applied.body.data.applied_at, 'string')
  assert.equal((await alice('POST', '/jobs/go-dev/apply')).body.data.applied_at, applied.body.data.applied_at)
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 1 })

  assert.equal((await alice('DELETE', '/jobs/go-dev/apply')).status, 204)
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })
  assert.equal((await alice('DELETE', '/jobs/go-dev/apply')).status, 404)

  await alice('POST', '/jobs/go-dev/apply')
  assert.equal((await alice('DELETE', '/jobs/go-dev/track')).status, 204)
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })
  assert.equal((await alice('GET', '/me/tracking/go-dev')).status, 404)

  // A closed posting is still readable by slug, so it can still be tracked.
  assert.equal((await alice('POST', '/jobs/old-role/apply')).status, 200)
  assert.equal((await alice('POST', '/jobs/no-such-job/view')).status, 404)
})

test('save and dismiss exclude each other; tracking lists and the single entry', async () => {
  const { alice, aliceSession, bob } = await setup()
  const saved = await alice('POST', '/jobs/go-dev/save')
  assert.equal(saved.status, 200)
  assert.equal(typeof saved.body.data.saved_at, 'string')
  await alice('POST', '/jobs/rust-dev/view')
  await alice('POST', '/jobs/rust-dev/dismiss')

  const all = await alice('GET', '/me/tracking')
  assert.equal(all.status, 200)
  assert.deepEqual(all.body.meta, { total: 2, limit: 20, offset: 0 })
  assert.deepEqual(all.body.data.map((e: any) => e.public_slug), ['rust-dev', 'go-dev'])
  assert.deepEqual((await alice('GET', '/me/tracking/saved')).body.data.map((e: any) => e.public_slug), ['go-dev'])
  assert.deepEqual((await alice('GET', '/me/tracking/viewed')).body.data.map((e: any) => e.public_slug), ['rust-dev'])
  assert.deepEqual((await aliceSession('GET', '/me/tracking/dismissed')).body.data.map((e: any) => e.public_slug), ['rust-dev'])
  assert.equal((await bob('GET', '/me/tracking')).body.meta.total, 0)

  // Dismissing a saved posting unsaves it; saving a dismissed one undismisses it.
  const dismissed = await alice('POST', '/jobs/go-dev/dismiss')
  assert.equal(dismissed.body.data.saved_at, null)
  assert.equal(typeof dismissed.body.data.dismissed_at, 'string')
  const resaved = await alice('POST', '/jobs/go-dev/save')
  assert.equal(resaved.body.data.dismissed_at, null)

  assert.equal((await alice('DELETE', '/jobs/go-dev/save')).status, 204)
  assert.equal((await alice('DELETE', '/jobs/go-dev/save')).status, 404)
  assert.equal((await alice('DELETE', '/jobs/rust-dev/dismiss')).status, 204)
  assert.equal((await alice('GET', '/me/tracking/saved')).body.meta.total, 0)
  assert.equal((await alice('GET', '/me/tracking/dismissed')).body.meta.total, 0)

  const one = await alice('GET', '/me/tracking/rust-dev')
  assert.equal(one.status, 200)
  assert.equal(one.body.data.view_count, 1)
  assert.equal((await bob('GET', '/me/tracking/rust-dev')).status, 404)
  assert.equal((await alice('GET', '/me/tracking?limit=0')).body.meta.limit, 1)
})

test('job interactions need credentials', async () => {
  const { call } = await setup()
  for (const [method, path] of [['POST', '/jobs/go-dev/view'], ['POST', '/jobs/go-dev/save'], ['DELETE', '/jobs/go-dev/save'], ['GET', '/me/tracking'], ['GET', '/me/tracking/go-dev']]) {
    const response = await call(`/api/v1${path}`, { method })
    assert.equal(response.status, 401, `${method} ${path}`)
    assert.equal(typeof response.body.error, 'string')
  }
})
