import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { aliceAndBob, sessionHeaders } from '../helpers/auth.ts'

async function setup() {
  const app = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev', company: { slug: 'acme', name: 'Acme' } })] })
  return { ...app, ...(await aliceAndBob(app.call)) }
}

for (const [kind, base, read] of [
  ['job', '/jobs/go-dev', (body: any) => body.data],
  ['company', '/companies/acme', (body: any) => body.data.company],
] as const) {
  test(`${kind} votes: one per user, flips, counters recomputed, reads show my_vote`, async () => {
    const { send, bob, call } = await setup()
    assert.deepEqual((await send('POST', `${base}/vote`, { vote: 'up' })).body.data, { upvote_count: 1, downvote_count: 0, my_vote: 1 })
    assert.deepEqual((await send('POST', `${base}/vote`, { vote: 'up' })).body.data, { upvote_count: 1, downvote_count: 0, my_vote: 1 }, 'one vote per user')
    assert.deepEqual((await bob('POST', `${base}/vote`, { vote: 'down' })).body.data, { upvote_count: 1, downvote_count: 1, my_vote: -1 })
    assert.deepEqual((await send('POST', `${base}/vote`, { vote: 'down' })).body.data, { upvote_count: 0, downvote_count: 2, my_vote: -1 }, 're-voting flips')

    const mine = read((await send('GET', base)).body)
    assert.deepEqual([mine.upvote_count, mine.downvote_count, mine.my_vote], [0, 2, -1])
    const anonymous = read((await call(`/api/v1${base}`)).body)
    assert.equal(anonymous.my_vote, null)

    for (const body of [{ vote: 'sideways' }, {}, { value: 1 }, '{oops']) {
      const response = await send('POST', `${base}/vote`, body)
      assert.equal(response.status, 400, JSON.stringify(body))
    }
    assert.match((await send('POST', `${base}/vote`, { vote: 'sideways' })).body.error, /vote must be "up" or "down"/)
    assert.deepEqual((await send('DELETE', `${base}/vote`)).body.data, { upvote_count: 0, downvote_count: 1, my_vote: 0 })
    assert.deepEqual((await send('DELETE', `${base}/vote`)).body.data, { upvote_count: 0, downvote_count: 1, my_vote: 0 }, 'idempotent')
    const missing = await send('POST', base.replace(/\/[^/]+$/, '/nope') + '/vote', { vote: 'up' })
    assert.equal(missing.status, 404)
    assert.equal(missing.body.error, `${kind} not found`)
    assert.equal((await call(`/api/v1${base}/vote`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"vote":"up"}' })).status, 401)
  })
}

test('search results carry the caller’s my_vote; deleting an account recounts its votes', async () => {
  const { send, call, bobCookie, bob } = await setup()
  await send('POST', '/jobs/go-dev/vote', { vote: 'up' })
  await bob('POST', '/jobs/go-dev/vote', { vote: 'up' })
  await bob('POST', '/companies/acme/vote', { vote: 'down' })
  assert.equal((await send('GET', '/jobs/search?q=backend')).body.data[0].my_vote, 1)
  assert.equal((await send('GET', '/jobs')).body.data[0].my_vote, 1)
  assert.equal((await call('/api/v1/jobs/search?q=backend')).body.data[0].my_vote, null)
  const deleted = await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(bobCookie) })
  assert.ok(deleted.status < 300, `DELETE /me answered ${deleted.status}`)
  const job = (await call('/api/v1/jobs/go-dev')).body.data
  assert.equal(job.upvote_count, 1)
  assert.equal((await call('/api/v1/companies/acme')).body.data.company.downvote_count, 0)
})
