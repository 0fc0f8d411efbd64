import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

// What a client generated from the reference service's schema needs: no null where a string or
// number is declared, apply_url on copies, and an order that agrees with the served timestamps.
const sameSecond = (ms: number) => `2026-11-10T09:30:15.${String(ms).padStart(3, '0')}Z`
const { get, db } = createTestApp({
  jobs: [
    fixtureJob({ title: 'Bare Posting', clusterKey: null, url: null, location: null, workMode: null, category: null, postedAt: sameSecond(100) }),
    fixtureJob({ title: 'Later Same Second', postedAt: sameSecond(900), createdAt: sameSecond(900), url: 'https://jobs.example.com/a', workMode: 'remote', location: 'Remote' }),
    fixtureJob({ title: 'Earlier Same Second', postedAt: sameSecond(500), createdAt: sameSecond(500) }),
    fixtureJob({ title: 'Copy Berlin', clusterKey: 'acme|copy', url: 'https://jobs.example.com/copy-berlin', postedAt: '2026-11-01T00:00:00.000Z' }),
    fixtureJob({ title: 'Copy Paris', clusterKey: 'acme|copy', url: null, sourceUrl: 'https://board.example.org/copy-paris', postedAt: '2026-11-02T00:00:00.000Z' }),
  ],
})
const slugOf = (title: string) => (db.prepare('SELECT public_slug FROM jobs WHERE title = ?').get(title) as { public_slug: string }).public_slug

test('unknown Job fields are omitted, not null', async () => {
  for (const path of [`/api/v1/jobs/${slugOf('Bare Posting')}`, '/api/v1/jobs/search?q=bare', '/api/v1/agent/jobs/search?q=bare']) {
    const { status, body } = await get(path)
    assert.equal(status, 200, path)
    const job = Array.isArray(body.data) ? body.data[0] : body.data
    for (const field of ['url', 'location', 'work_mode', 'is_tech']) assert.equal(field in job, false, `${path}: ${field}`)
    const nulls = Object.entries(job).filter(([, value]) => value === null).map(([key]) => key)
    assert.ok(nulls.every((key) => ['closed_at', 'my_vote', 'ghost'].includes(key)), `${path}: only contract nulls, got ${nulls}`)
  }
  const known = (await get(`/api/v1/jobs/${slugOf('Later Same Second')}`)).body.data
  assert.deepEqual([known.url, known.location, known.work_mode], ['https://jobs.example.com/a', 'Remote', 'remote'])
})

test('copies carry apply_url: the application URL, else the source URL', async () => {
  const berlin = await get(`/api/v1/jobs/${slugOf('Copy Berlin')}/copies`)
  assert.equal(berlin.status, 200)
  assert.deepEqual(berlin.body.data.map((job: Record<string, unknown>) => [job.title, job.apply_url, 'url' in job]), [['Copy Paris', 'https://board.example.org/copy-paris', false]])
  const paris = await get(`/api/v1/jobs/${slugOf('Copy Paris')}/copies`)
  assert.deepEqual(paris.body.data.map((job: Record<string, unknown>) => [job.apply_url, job.url]), [['https://jobs.example.com/copy-berlin', 'https://jobs.example.com/copy-berlin']])
})

test('ordering is exact to the millisecond that is served: posted_at and created_at within one second', async () => {
  const order = async (query: string) => (await get(`/api/v1/${query}`)).body.data.map((job: { title: string }) => job.title).slice(0, 3)
  const newestFirst = ['Later Same Second', 'Earlier Same Second', 'Bare Posting']
  assert.deepEqual(await order('jobs/search'), newestFirst)
  assert.deepEqual(await order('jobs'), newestFirst)
  assert.deepEqual(await order('jobs/search?sort=posted_at&order=desc'), newestFirst)
  const ascending = (await get('/api/v1/jobs/search?sort=created_at&order=asc&q=second')).body.data.map((job: { title: string }) => job.title)
  assert.deepEqual(ascending, ['Earlier Same Second', 'Later Same Second'])
  const served = (await get('/api/v1/jobs')).body.data.map((job: { posted_at: string }) => job.posted_at)
  assert.deepEqual(served, [...served].sort().reverse(), 'served timestamps are in order')
})
