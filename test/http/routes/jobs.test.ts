import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { slugOf } from '../../catalogue/fixture-catalogue.ts'

const ghost = { level: 'likely' as const, criteria: ['reposted'], criteria_total: 5, contributors: 2 }
const reality = { class: 'stale' as const, age_days: 90, repost_count: 3, mass_posting_count: 0, fake_freshness: false }

function catalogue() {
  return createTestApp({ jobs: [
    fixtureJob({
      title: 'Go Engineer Berlin',
      descriptionHtml: '<p>Write <strong>Go</strong> services.</p>',
      descriptionText: 'Write Go services.',
      url: 'https://boards.example.com/acme/jobs/42?utm_source=x',
      sourceUrl: 'https://aggregator.example.org/j/42/',
      clusterKey: 'acme|go engineer',
      ghost,
      reality,
    }),
    fixtureJob({ title: 'Go Engineer Paris', clusterKey: 'acme|go engineer', postedAt: '2026-11-03T00:00:00.000Z' }),
    fixtureJob({ title: 'Go Engineer Madrid', clusterKey: 'acme|go engineer', postedAt: '2026-11-02T00:00:00.000Z' }),
    fixtureJob({ title: 'Go Engineer Rome', clusterKey: 'acme|go engineer', closedAt: '2026-11-05T00:00:00.000Z' }),
    fixtureJob({ title: 'Go Engineer Oslo', clusterKey: 'globex|go engineer', company: { slug: 'globex', name: 'Globex' } }),
    fixtureJob({
      title: 'Closed Role',
      closedAt: '2026-11-04T00:00:00.000Z',
      url: 'https://boards.example.com/acme/jobs/42',
      postedAt: '2026-11-09T00:00:00.000Z',
    }),
  ] })
}

test('GET /jobs/{slug} serves the full posting with the HTML description, reality and ghost', async () => {
  const { get, db } = catalogue()
  const slug = slugOf(db, 'Go Engineer Berlin')
  const { status, body } = await get(`/api/v1/jobs/${slug}`)
  assert.equal(status, 200)
  assert.equal(body.data.public_slug, slug)
  assert.equal(body.data.title, 'Go Engineer Berlin')
  assert.equal(body.data.description, '<p>Write <strong>Go</strong> services.</p>')
  assert.deepEqual(body.data.ghost, ghost)
  assert.deepEqual(body.data.reality, reality)
  assert.equal(body.data.closed_at, null)
  assert.equal(body.meta, undefined)
})

test('GET /jobs/{slug} serves closed postings too', async () => {
  const { get, db } = catalogue()
  const { status, body } = await get(`/api/v1/jobs/${slugOf(db, 'Closed Role')}`)
  assert.equal(status, 200)
  assert.equal(body.data.closed_at, '2026-11-04T00:00:00.000Z')
  assert.equal(body.data.ghost, null)
})

test('GET /jobs/{slug} with an unknown slug is a 404 with the error envelope', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/jobs/no-such-job-123')
  assert.equal(status, 404)
  assert.deepEqual(body, { error: 'job not found' })
})

test('GET /jobs/find resolves the application URL in any normalized spelling, preferring the open posting', async () => {
  const { get, db } = catalogue()
  const expected = slugOf(db, 'Go Engineer Berlin')
  for (const url of [
    'https://boards.example.com/acme/jobs/42',
    'http://www.boards.example.com/acme/jobs/42/',
    'boards.example.com/acme/jobs/42?utm_campaign=mail&gclid=1',
  ]) {
    const { status, body } = await get(`/api/v1/jobs/find?url=${encodeURIComponent(url)}`)
    assert.equal(status, 200, url)
    assert.deepEqual(body, { data: { public_slug: expected } })
  }
})

test('GET /jobs/find resolves the source URL', async () => {
  const { get, db } = catalogue()
  const { status, body } = await get(`/api/v1/jobs/find?url=${encodeURIComponent('https://aggregator.example.org/j/42?ref=feed')}`)
  assert.equal(status, 200)
  assert.equal(body.data.public_slug, slugOf(db, 'Go Engineer Berlin'))
})

test('GET /jobs/find: an unknown URL is 200 { data: null }; a missing or malformed url is 400', async () => {
  const { get } = catalogue()
  const unknown = await get(`/api/v1/jobs/find?url=${encodeURIComponent('https://boards.example.com/acme/jobs/43')}`)
  assert.equal(unknown.status, 200)
  assert.deepEqual(unknown.body, { data: null })
  const missing = await get('/api/v1/jobs/find')
  assert.equal(missing.status, 400)
  assert.match(missing.body.error, /url/)
  const malformed = await get('/api/v1/jobs/find?url=not%20a%20url')
  assert.equal(malformed.status, 400)
})

test('POST /jobs/resolve takes { url } the same way', async () => {
  const { call, db } = catalogue()
  const post = (body: unknown) =>
    call('/api/v1/jobs/resolve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const found = await post({ url: 'https://www.boards.example.com/acme/jobs/42/?utm_medium=email' })
  assert.equal(found.status, 200)
  assert.deepEqual(found.body, { data: { public_slug: slugOf(db, 'Go Engineer Berlin') } })
  const unknown = await post({ url: 'https://nowhere.example.com/x' })
  assert.equal(unknown.status, 404)
  const invalid = await post({ url: 42 })
  assert.equal(invalid.status, 400)
  assert.doesNotMatch(invalid.body.error, /42/)
})

test('GET /jobs/{slug}/copies lists the other open postings of the role cluster, newest first', async () => {
  const { get, db } = catalogue()
  const { status, body } = await get(`/api/v1/jobs/${slugOf(db, 'Go Engineer Berlin')}/copies`)
  assert.equal(status, 200)
  assert.deepEqual(
    body.data.map((job: { title: string }) => job.title),
    ['Go Engineer Paris', 'Go Engineer Madrid'],
  )
  assert.deepEqual(body.meta, { total: 2, limit: 50, offset: 0 })
})

test('GET /jobs/{slug}/copies pages, clamps limit and refuses deep pages', async () => {
  const { get, db } = catalogue()
  const slug = slugOf(db, 'Go Engineer Berlin')
  const page = await get(`/api/v1/jobs/${slug}/copies?limit=1&offset=1`)
  assert.equal(page.status, 200)
  assert.deepEqual(page.body.data.map((job: { title: string }) => job.title), ['Go Engineer Madrid'])
  assert.deepEqual(page.body.meta, { total: 2, limit: 1, offset: 1 })
  const clamped = await get(`/api/v1/jobs/${slug}/copies?limit=5000`)
  assert.equal(clamped.body.meta.limit, 200)
  assert.deepEqual((await get(`/api/v1/jobs/${slug}/copies?limit=0`)).body.meta, { total: 2, limit: 1, offset: 0 })
  assert.deepEqual((await get(`/api/v1/jobs/${slug}/copies?offset=9950&limit=100`)).body, { error: 'pagination too deep' })
})

test('GET /jobs/{slug}/copies: a posting without a cluster has none; unknown slug is 404', async () => {
  const { get, db } = catalogue()
  const alone = await get(`/api/v1/jobs/${slugOf(db, 'Go Engineer Oslo')}/copies`)
  assert.equal(alone.status, 200)
  assert.deepEqual(alone.body, { data: [], meta: { total: 0, limit: 50, offset: 0 } })
  assert.equal((await get('/api/v1/jobs/nope/copies')).status, 404)
})
