import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'

// Aggregates about accounts and their activity: totals only.
test('user growth: accounts at the end of each UTC day, cumulative and dense up to today', async () => {
  const { call, db } = createTestApp()
  assert.deepEqual((await call('/api/v1/stats/user-growth')).body, { data: [] })
  await signUp(call)
  await signUp(call)
  const today = new Date().toISOString().slice(0, 10)
  const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString()
  // An account from three days ago, as an older installation would hold it.
  db.prepare("INSERT INTO users (email, role, created_at, updated_at) VALUES ('early@example.org', 'user', ?, ?)").run(threeDaysAgo, threeDaysAgo)
  const { status, body } = await call('/api/v1/stats/user-growth')
  assert.equal(status, 200)
  assert.deepEqual(body.data.map((point: any) => point.total), [1, 1, 1, 3])
  assert.equal(body.data[0].date, threeDaysAgo.slice(0, 10))
  assert.equal(body.data[3].date, today)
  assert.ok(!JSON.stringify(body).includes('@'), 'no account is exposed')
})

test('engagement: saved, applied and viewed postings and saved searches, summed over everyone', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'job-a' }), fixtureJob({ publicSlug: 'job-b' })] })
  const alice = await signUp(call)
  const bob = await signUp(call)
  const act = (who: { cookie: string }, slug: string, action: string) => call(`/api/v1/jobs/${slug}/${action}`, { method: 'POST', headers: sessionHeaders(who.cookie) })
  for (const [who, slug, action] of [[alice, 'job-a', 'save'], [alice, 'job-a', 'view'], [alice, 'job-b', 'apply'], [bob, 'job-a', 'save'], [bob, 'job-a', 'view'], [bob, 'job-a', 'view']] as const) {
    assert.ok([200, 201].includes((await act(who, slug, action)).status), `${action} ${slug}`)
  }
  const saved = await call('/api/v1/me/searches', { method: 'POST', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ name: 'Remote Go', query: 'skills=go' }) })
  assert.equal(saved.status, 201)
  const { status, body } = await call('/api/v1/stats/engagement')
  assert.equal(status, 200)
  assert.deepEqual(body.data, { saved: 2, applied: 1, viewed: 2, cvs_uploaded: 0, cvs_tailored: 0, match_analyses: 0, inboxes_connected: 0, saved_searches: 1 })
})
