import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, senderWith, signUp } from '../helpers/auth.ts'

// Statuses and shapes the contract pins, found by black-box checks, each asserted for its class
// rather than one example: malformed dates in every date parameter, a pasted vacancy read by its
// owner at /jobs/{slug}, 201 for a created CV, 422 for malformed CV ops, http(s)-only /jobs/find,
// the copies page size.
const copies = Array.from({ length: 60 }, (_, i) => fixtureJob({ title: `Go Engineer ${i}`, clusterKey: 'acme|go engineer', postedAt: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z` }))
const app = createTestApp({ jobs: [fixtureJob({ title: 'Rust Engineer', url: 'https://acme.example/jobs/rust' }), ...copies] })
const alice = await signUp(app.call)
const bob = await signUp(app.call)
const send = senderWith(app.call, sessionHeaders(alice.cookie))

test('a malformed date in any date parameter is 400 naming the parameter, never a 500', async () => {
  const bad = ['9999-99-99', '2026-02-30', '2026-13-01', 'yesterday']
  for (const day of bad) {
    for (const name of ['from', 'to']) {
      const answer = await send('GET', `/insights/velocity?${name}=${day}`)
      assert.equal(answer.status, 400, `velocity ${name}=${day}`)
      assert.match(answer.body.error, new RegExp(`"${name}"`), `velocity ${name}=${day}`)
    }
  }
  for (const instant of ['2026-02-30T10:00:00Z', '9999-99-99T00:00:00Z', '2026-11-01T25:00:00Z', '2026-11-01']) {
    for (const path of ['/me/timeline', '/me/interviews']) {
      const answer = await send('GET', `${path}?from=2026-11-01T00:00:00Z&to=${encodeURIComponent(instant)}`)
      assert.equal(answer.status, 400, `${path} to=${instant}`)
      assert.match(answer.body.error, /"to"/)
    }
    const submission = await send('POST', '/submissions', { url: `https://acme.example/${encodeURIComponent(instant)}`, title: 'Go dev', company: 'Acme', posted_at: instant })
    assert.equal(submission.status, 400, `posted_at ${instant}`)
    assert.match(submission.body.error, /posted_at/)
    const mail = await send('POST', '/me/emails', { messages: [{ external_id: `m-${instant}`, subject: 'Hello', received_at: instant }] })
    assert.equal(mail.status, 400, `received_at ${instant}`)
    assert.match(mail.body.error, /received_at/)
  }
  assert.equal((await send('GET', '/insights/velocity?from=2026-02-28&to=2026-03-01')).status, 200, 'real days pass')
  assert.equal((await send('GET', '/me/timeline?from=2026-02-28T00:00:00Z&to=2026-03-01T00:00:00.5%2B01:00')).status, 200)
})

test('a vacancy pasted as text is served to its owner at /jobs/{slug}, and to nobody else', async () => {
  const pasted = await send('POST', '/me/jd/resolve', { text: 'Senior Go developer\nWe build payment APIs in Go and PostgreSQL.', company: 'Tiny Co' })
  const slug = pasted.body.data.job_slug as string
  const mine = await send('GET', `/jobs/${slug}`)
  assert.equal(mine.status, 200)
  assert.deepEqual(mine.body.data, (await send('GET', `/me/jd/${slug}`)).body.data, 'the same vacancy as GET /me/jd/{slug}')
  assert.equal(mine.body.data.private, true)
  assert.match(mine.headers.get('cache-control') ?? '', /no-store/)
  assert.equal((await senderWith(app.call, sessionHeaders(bob.cookie))('GET', `/jobs/${slug}`)).status, 404, 'another member')
  assert.equal((await app.call(`/api/v1/jobs/${slug}`)).status, 404, 'anonymous')
})

test('POST /me/cvs is 201 (also for the base CV you already have); malformed CV ops of every kind are 422', async () => {
  const first = await send('POST', '/me/cvs', {})
  assert.equal(first.status, 201)
  const again = await send('POST', '/me/cvs', { title: 'Another' })
  assert.equal(again.status, 201)
  assert.equal(again.body.data.id, first.body.data.id)
  const id = first.body.data.id as string
  const malformed: [string, unknown][] = [
    ['unknown op kind', { ops: [{ kind: 'frobnicate', path: 'summary', value: 'x' }] }],
    ['no path', { ops: [{ kind: 'set', value: 'x' }] }],
    ['ops not a list', { ops: 'set summary' }],
    ['no ops', {}],
    ['to not a number', { ops: [{ kind: 'move', path: 'experience[0]', to: 'top' }] }],
    ['an unknown field', { ops: [{ kind: 'set', path: 'summary', value: 'x', extra: 1 }] }],
    ['a bad path', { ops: [{ kind: 'set', path: 'nowhere[3]', value: 'x' }] }],
    ['an index out of range', { ops: [{ kind: 'remove', path: 'experience[9]' }] }],
  ]
  for (const [what, body] of malformed) assert.equal((await send('PATCH', `/me/cvs/${id}`, body)).status, 422, what)
  assert.equal((await send('PATCH', `/me/cvs/${id}`, '{"ops": [')).status, 400, 'a body that is not JSON stays 400')
  assert.equal((await send('PATCH', `/me/cvs/${id}`, { ops: [{ kind: 'set', path: 'summary', value: 'Engineer.' }] })).status, 200)
})

test('/jobs/find takes http(s) URLs only; other schemes are 400, an unknown http(s) URL is 200 null', async () => {
  for (const url of ['ftp://acme.example/jobs/rust', 'mailto:jobs@acme.example', 'javascript:alert(1)', 'file:///etc/passwd']) {
    const answer = await app.call(`/api/v1/jobs/find?url=${encodeURIComponent(url)}`)
    assert.equal(answer.status, 400, url)
    assert.match(answer.body.error, /url/)
  }
  assert.ok((await app.call(`/api/v1/jobs/find?url=${encodeURIComponent('https://acme.example/jobs/rust')}`)).body.data.public_slug)
  assert.ok((await app.call(`/api/v1/jobs/find?url=${encodeURIComponent('acme.example/jobs/rust')}`)).body.data.public_slug, 'no scheme reads as https')
  assert.deepEqual((await app.call(`/api/v1/jobs/find?url=${encodeURIComponent('http://elsewhere.example/1')}`)).body, { data: null })
})

test('/jobs/{slug}/copies pages 50 by default', async () => {
  const slug = (await app.call('/api/v1/jobs/search?q=go%20engineer&limit=1')).body.data[0].public_slug
  const page = await app.call(`/api/v1/jobs/${slug}/copies`)
  assert.equal(page.status, 200)
  assert.deepEqual(page.body.meta, { total: 59, limit: 50, offset: 0 })
  assert.equal(page.body.data.length, 50)
})
