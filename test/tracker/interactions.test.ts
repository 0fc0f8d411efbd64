import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { aliceAndBob } from '../helpers/auth.ts'

async function setup() {
  const app = createTestApp({
    jobs: [
      fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer' }),
      fixtureJob({ publicSlug: 'rust-dev', title: 'Rust Developer' }),
      fixtureJob({ publicSlug: 'old-role', closedAt: '2026-11-10T00:00:00.000Z' }),
    ],
  })
  const { send, aliceSession, bob } = await aliceAndBob(app.call)
  const counters = async (slug: string) => {
    const { view_count, applied_count } = (await app.get(`/api/v1/jobs/${slug}`)).body.data
    return { view_count, applied_count }
  }
  return { ...app, alice: send, aliceSession, bob, counters }
}

const RECORD_KEYS = ['applied_at', 'dismissed_at', 'job_id', 'notes', 'saved_at', 'stage', 'viewed_at']

test('every interaction write answers the interaction record; counters count distinct users', async () => {
  const { alice, bob, counters, db } = await setup()
  const goId = db.prepare("SELECT id FROM jobs WHERE public_slug = 'go-dev'").pluck().get()
  const first = await alice('POST', '/jobs/go-dev/view')
  assert.equal(first.status, 200)
  assert.deepEqual(Object.keys(first.body.data).sort(), RECORD_KEYS)
  assert.equal(first.body.data.job_id, goId)
  assert.equal(typeof first.body.data.viewed_at, 'string')
  assert.equal(first.body.data.applied_at, null)
  await alice('POST', '/jobs/go-dev/view')
  assert.deepEqual(await counters('go-dev'), { view_count: 1, applied_count: 0 })
  await bob('POST', '/jobs/go-dev/view')
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })

  const applied = await alice('POST', '/jobs/go-dev/apply')
  assert.equal(applied.status, 200)
  assert.equal(typeof applied.body.data.applied_at, 'string')
  assert.equal((await alice('POST', '/jobs/go-dev/apply')).body.data.applied_at, applied.body.data.applied_at)
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 1 })

  const withdrawn = await alice('DELETE', '/jobs/go-dev/apply')
  assert.equal(withdrawn.status, 200)
  assert.equal(withdrawn.body.data.applied_at, null)
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })

  await alice('POST', '/jobs/go-dev/apply')
  await alice('POST', '/jobs/go-dev/save')
  const untracked = await alice('DELETE', '/jobs/go-dev/track')
  assert.equal(untracked.status, 200)
  // Untrack deletes the application and unsaves; the view survives.
  assert.equal(untracked.body.data.saved_at, null)
  assert.equal(untracked.body.data.applied_at, null)
  assert.equal(typeof untracked.body.data.viewed_at, 'string')
  assert.deepEqual(await counters('go-dev'), { view_count: 2, applied_count: 0 })
  assert.equal(db.prepare('SELECT count(*) FROM applications').pluck().get(), 0)

  // A closed posting is still readable by slug, so it can still be tracked.
  assert.equal((await alice('POST', '/jobs/old-role/apply')).status, 200)
  const missing = await alice('POST', '/jobs/no-such-job/view')
  assert.equal(missing.status, 404)
  assert.equal(missing.body.error, 'job not found')
  // Untracking a posting never touched is a 404.
  assert.equal((await alice('DELETE', '/jobs/rust-dev/track')).status, 404)
})

test('apply takes an applied_on day: stored at 12:00 UTC, not in the future, at most a year old', async () => {
  const { alice, ctx } = await setup()
  const today = ctx.now().toISOString().slice(0, 10)
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const ok = await alice('POST', '/jobs/go-dev/apply', { applied_on: day(-3) })
  assert.equal(ok.status, 200)
  assert.equal(ok.body.data.applied_at, `${day(-3)}T12:00:00.000Z`)
  for (const bad of [day(3), day(-400), '2026-02-30', 'yesterday']) {
    const response = await alice('POST', '/jobs/rust-dev/apply', { applied_on: bad })
    assert.equal(response.status, 400, bad)
    assert.match(response.body.error, /applied_on/)
  }
  assert.equal((await alice('POST', '/jobs/rust-dev/apply', { applied_on: today })).status, 200)
})

test('save and dismiss exclude each other; the tracking lists and their counts', async () => {
  const { alice, aliceSession, bob } = await setup()
  const saved = await alice('POST', '/jobs/go-dev/save')
  assert.equal(typeof saved.body.data.saved_at, 'string')
  await alice('POST', '/jobs/rust-dev/view')
  await alice('POST', '/jobs/rust-dev/dismiss')

  const all = await alice('GET', '/me/tracking')
  assert.equal(all.status, 200)
  assert.deepEqual(all.body.meta, { total: 2, limit: 20, offset: 0, counts: { all: 2, viewed: 1, saved: 1, applied: 0, board: 0, dismissed: 1 } })
  assert.deepEqual(all.body.data.map((e: any) => e.id), ['rust-dev', 'go-dev'])
  const card = all.body.data[1].job
  assert.equal(card.public_slug, 'go-dev')
  assert.equal(card.title, 'Go Developer')
  assert.equal(card.description, undefined, 'a card, not a full Job')
  assert.deepEqual((await alice('GET', '/me/tracking/saved')).body.data.map((e: any) => e.id), ['go-dev'])
  assert.deepEqual((await alice('GET', '/me/tracking?filter=viewed')).body.data.map((e: any) => e.id), ['rust-dev'])
  assert.deepEqual((await aliceSession('GET', '/me/tracking?filter=dismissed')).body.data.map((e: any) => e.id), ['rust-dev'])
  assert.equal((await bob('GET', '/me/tracking')).body.meta.total, 0)
  const badFilter = await alice('GET', '/me/tracking?filter=starred')
  assert.equal(badFilter.status, 400)
  assert.match(badFilter.body.error, /filter/)
  assert.equal((await alice('GET', '/me/tracking?limit=900')).body.meta.limit, 500)
  assert.equal((await alice('GET', '/me/tracking?limit=0')).body.meta.limit, 1)

  const dismissed = await alice('POST', '/jobs/go-dev/dismiss')
  assert.equal(dismissed.body.data.saved_at, null)
  assert.equal(typeof dismissed.body.data.dismissed_at, 'string')
  assert.equal((await alice('POST', '/jobs/go-dev/save')).body.data.dismissed_at, null)
  const unsaved = await alice('DELETE', '/jobs/go-dev/save')
  assert.equal(unsaved.status, 200)
  assert.equal(unsaved.body.data.saved_at, null)
  assert.equal((await alice('DELETE', '/jobs/rust-dev/dismiss')).body.data.dismissed_at, null)
  assert.equal((await alice('GET', '/me/tracking/saved')).body.meta.total, 0)
  assert.equal((await alice('GET', '/me/tracking/dismissed')).body.meta.total, 0)

  const one = await alice('GET', '/me/tracking/rust-dev')
  assert.equal(one.status, 200)
  assert.equal(one.body.data.job.public_slug, 'rust-dev')
  assert.equal(typeof one.body.data.job.description, 'string')
  assert.deepEqual(one.body.data.events, [])
  assert.equal((await bob('GET', '/me/tracking/rust-dev')).status, 404)
})

test('job interactions and tracker reads need credentials', async () => {
  const { call } = await setup()
  for (const [method, path] of [
    ['POST', '/jobs/go-dev/view'], ['POST', '/jobs/go-dev/save'], ['DELETE', '/jobs/go-dev/save'], ['PATCH', '/jobs/go-dev/track'],
    ['DELETE', '/jobs/go-dev/stage'], ['PATCH', '/me/applications/go-dev'], ['DELETE', '/me/applications/go-dev/stage'],
    ['GET', '/me/tracking'], ['GET', '/me/tracking/go-dev'], ['GET', '/me/tracking/pipeline'], ['GET', '/me/tracking/swipe'],
    ['GET', '/me/tracking/analyses'], ['GET', '/me/timeline'], ['GET', '/me/interviews'],
  ]) {
    const response = await call(`/api/v1${path}`, { method })
    assert.equal(response.status, 401, `${method} ${path}`)
    assert.equal(typeof response.body.error, 'string')
  }
})
