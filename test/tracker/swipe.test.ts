import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

test('the swipe deck is the job search minus every posting the caller touched, with exact totals', async () => {
  const jobs = ['a', 'b', 'c', 'd', 'e'].map((letter, i) =>
    fixtureJob({ publicSlug: `go-${letter}`, title: `Go Developer ${letter}`, postedAt: `2026-11-0${i + 1}T00:00:00.000Z` }),
  )
  jobs.push(fixtureJob({ publicSlug: 'java-x', title: 'Java Developer', descriptionText: 'Java services.', descriptionHtml: '<p>Java services.</p>' }))
  const { call } = createTestApp({ jobs })
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const bob = await signUp(call)
  const send = (method: string, path: string) => call(`/api/v1${path}`, { method, headers: bearerHeaders(key) })

  const fresh = await send('GET', '/me/tracking/swipe?q=go&limit=2')
  assert.equal(fresh.status, 200)
  assert.deepEqual(fresh.body.meta, { total: 5, limit: 2, offset: 0 })
  assert.deepEqual(fresh.body.data.map((job: any) => job.public_slug), ['go-e', 'go-d'])
  assert.equal(typeof fresh.body.data[0].description, 'string', 'full Job objects')

  // Each kind of touch advances the deck: asking offset 0 again gives the next postings.
  await send('POST', '/jobs/go-e/view')
  await send('POST', '/jobs/go-d/dismiss')
  await send('POST', '/jobs/go-c/save')
  await call('/api/v1/jobs/go-b/track', { method: 'PATCH', headers: bearerHeaders(key), body: JSON.stringify({ stage: 'preparing' }) })
  const next = await send('GET', '/me/tracking/swipe?q=go&limit=2')
  assert.deepEqual(next.body.data.map((job: any) => job.public_slug), ['go-a'])
  assert.equal(next.body.meta.total, 1)
  // Sorting and the filter grammar apply as in search; the exclusion is per caller.
  assert.deepEqual((await send('GET', '/me/tracking/swipe?sort=posted_at&order=asc&limit=10')).body.data.map((job: any) => job.public_slug).sort(), ['go-a', 'java-x'])
  const other = await call('/api/v1/me/tracking/swipe?q=go', { headers: sessionHeaders(bob.cookie) })
  assert.equal(other.body.meta.total, 5)
  assert.equal((await call('/api/v1/jobs/search?q=go')).body.meta.total, 5, 'the public search is unaffected')

  const deep = await send('GET', '/me/tracking/swipe?offset=9999&limit=2')
  assert.equal(deep.status, 400)
  assert.match(deep.body.error, /pagination too deep/)
  assert.equal((await send('GET', '/me/tracking/swipe?sort=nope')).status, 400)
})
