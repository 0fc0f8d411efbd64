import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { createProbeApp } from './probe-app.ts'

const isEnvelope = (body: unknown) => typeof body === 'object' && body !== null && Object.keys(body).join() === 'error' && typeof (body as { error: unknown }).error === 'string'

test('an unknown route under /api is a 404 { error }', async () => {
  const { call } = createProbeApp()
  for (const path of ['/api/v1/nope', '/api/v2/probe/read', '/api/v1/probe/read/a/b', '/api/v1/probe/read//']) {
    const response = await call(path)
    assert.equal(response.status, 404, path)
    assert.ok(isEnvelope(response.body), path)
  }
})

test('a wrong method on a known path is a 405 { error } with Allow', async () => {
  const { call } = createProbeApp()
  const response = await call('/api/v1/probe/read', { method: 'DELETE' })
  assert.equal(response.status, 405)
  assert.ok(isEnvelope(response.body))
  assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS')
  const post = await call('/api/v1/probe/echo', { method: 'PUT', body: '{}' })
  assert.equal(post.status, 405)
  assert.equal(post.headers.get('allow'), 'POST, OPTIONS')
})

test('OPTIONS without CORS headers answers 204 with Allow', async () => {
  const { call } = createProbeApp()
  const response = await call('/api/v1/probe/read/x', { method: 'OPTIONS' })
  assert.equal(response.status, 204)
  assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS')
})

test('HEAD on a read answers like GET without a body', async () => {
  const { app } = createProbeApp()
  const response = await app.request('/api/v1/probe/read', { method: 'HEAD' })
  assert.equal(response.status, 200)
  assert.equal(await response.text(), '')
})

test('malformed percent-encoding in the path is a 400 { error }, not a crash', async () => {
  const { call } = createProbeApp()
  for (const path of ['/api/v1/probe/read/%ZZ', '/api/v1/probe/read/%', '/api/v1/probe/read/%E0%A4%A']) {
    const response = await call(path)
    assert.equal(response.status, 400, path)
    assert.ok(isEnvelope(response.body), path)
  }
})

test('odd slugs on the job read are 404s: encoded slashes, dots, unicode, huge', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob()] })
  for (const slug of ['a%2Fb', '..', '%2E%2E', '%F0%9F%92%A9', 'x'.repeat(5000), "'%20OR%201=1", '%00']) {
    const response = await get(`/api/v1/jobs/${slug}`)
    assert.ok(response.status === 404 || response.status === 400, `${slug.slice(0, 20)}: ${response.status}`)
    assert.ok(isEnvelope(response.body), slug.slice(0, 20))
  }
})

test('q longer than MAX_QUERY_LENGTH is a 400 naming q (never truncated)', async () => {
  const { call } = createProbeApp({ config: { maxQueryLength: 10 } })
  assert.equal((await call('/api/v1/probe/read?q=0123456789')).status, 200)
  const response = await call('/api/v1/probe/read?q=01234567890')
  assert.equal(response.status, 400)
  assert.match(response.body.error, /"q".*at most 10 characters/)
  assert.ok(!response.body.error.includes('01234'), 'the value is not echoed')
})

test('numbers: NaN, negative, float, exponent and repeated values are 400s naming the parameter', async () => {
  const { call } = createProbeApp()
  for (const value of ['abc', 'NaN', '-1', '1.5', '1e3', '', '0x10', '101', '0']) {
    const response = await call(`/api/v1/probe/read?limit=${encodeURIComponent(value)}`)
    assert.equal(response.status, 400, `limit=${value}`)
    assert.match(response.body.error, /"limit"/, `limit=${value}`)
  }
  const repeated = await call('/api/v1/probe/read?limit=1&limit=2')
  assert.equal(repeated.status, 400)
  assert.match(repeated.body.error, /"limit"/)
})

test('malformed query strings are read leniently, never crash', async () => {
  const { call } = createProbeApp()
  for (const search of ['?q=%ZZ', '?&&&=&q', '?q=%', '?%=%', '?q=a&=b', '?q[]=1&q[x]=2']) {
    const response = await call(`/api/v1/probe/read${search}`)
    assert.equal(response.status, 200, search)
    assert.ok('data' in response.body, search)
  }
})

test('JSON bodies: malformed is 400, wrong shape is 400, oversized is 413 (declared or streamed)', async () => {
  const { call } = createProbeApp({ config: { maxBodyBytes: 64 } })
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    call('/api/v1/probe/echo', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit)
  const malformed = await post('{"name": ')
  assert.equal(malformed.status, 400)
  assert.ok(isEnvelope(malformed.body))
  for (const body of ['[]', '"name"', 'null', '{"name": 5}']) {
    const response = await post(body)
    assert.equal(response.status, 400, body)
    assert.ok(isEnvelope(response.body), body)
  }
  const declared = await post(JSON.stringify({ name: 'x'.repeat(100) }))
  assert.equal(declared.status, 413)
  assert.ok(isEnvelope(declared.body))
  const streamed = new ReadableStream({
    start(controller) {
      for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('{"name":"' + 'y'.repeat(20)))
      controller.close()
    },
  })
  const chunked = await post(streamed)
  assert.equal(chunked.status, 413)
  assert.ok(isEnvelope(chunked.body))
  assert.equal((await post('{"name":"ok"}')).status, 200)
})
