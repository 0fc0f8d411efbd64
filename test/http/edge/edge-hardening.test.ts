import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createRateLimiter } from '../../../src/http/rate-limit.ts'
import { defaultConfig } from '../../../src/config.ts'
import { createApp } from '../../../src/app.ts'
import { createContext } from '../../../src/services.ts'
import { openDatabase } from '../../../src/db/connection.ts'
import { defineOperation } from '../../../src/http/route.ts'
import { createTestApp, fixtureJob, inProcessCaller } from '../../helpers/app.ts'
import { sessionHeaders, signUp, TEST_ORIGIN } from '../../helpers/auth.ts'
import { createProbeApp } from './probe-app.ts'

/** Edge rules from issue 11: forwarded hops, security headers, the burst cap (points 12 and 13), error log lines (4). */

test('with TRUST_PROXY a forwarded hop that is not an IP address falls back to the socket address', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 1, trustProxy: true } })
  const junk = (fill: string) => ({ headers: { 'x-forwarded-for': `203.0.113.9, ${fill.repeat(8192)}` } })
  assert.equal((await call('/api/v1/probe/read', junk('a'))).status, 200)
  const second = await call('/api/v1/probe/read', junk('b'))
  assert.equal(second.status, 429, 'two junk hops are one caller (the socket address), not two fresh budgets')
  assert.equal((await call('/api/v1/probe/read', { headers: { 'x-real-ip': 'x'.repeat(100) } })).status, 429, 'X-Real-IP is validated the same way')
  assert.equal((await call('/api/v1/probe/read', { headers: { 'x-forwarded-for': '198.51.100.7' } })).status, 200, 'a real address still counts')
})

test('every answer says nosniff: successes, errors, unknown paths and the web page', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob()] })
  for (const path of ['/api/v1/jobs/search', '/api/v1/jobs/search?limit=x', '/api/v1/nope', '/api/v1/auth/me', '/api/v1/openapi.json', '/']) {
    const response = await call(path)
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff', `${path} -> ${response.status}`)
  }
  const bad = await call('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })
  assert.equal(bad.status, 400)
  assert.equal(bad.headers.get('x-content-type-options'), 'nosniff')
})

test('signed-in reads are Cache-Control: no-store; public reads are not', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob()] })
  const user = await signUp(call)
  for (const path of ['/api/v1/auth/me', '/api/v1/me/api-keys', '/api/v1/me/searches']) {
    const response = await call(path, { headers: sessionHeaders(user.cookie) })
    assert.equal(response.status, 200, path)
    assert.equal(response.headers.get('cache-control'), 'no-store', path)
  }
  assert.notEqual((await call('/api/v1/jobs/search')).headers.get('cache-control'), 'no-store')
})

test('X-Forwarded-Host does not make a foreign origin ours unless the proxy is trusted', async () => {
  const attempt = (call: ReturnType<typeof createTestApp>['call']) =>
    call('/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ email: 'a@example.org', password: 'whatever it is' }),
    })
  assert.equal((await attempt(createTestApp().call)).status, 403)
  assert.equal((await attempt(createTestApp({ config: { trustProxy: true } }).call)).status, 401, 'behind a trusted proxy the forwarded host is the site')
  const sameSite = await createTestApp().call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email: 'a@example.org', password: 'whatever it is' }),
  })
  assert.equal(sameSite.status, 401)
})

test('RATE_BURST_PERCENT caps a full bucket: the first minute allows the burst plus the refill, not twice the budget', () => {
  let now = 0
  const full = createRateLimiter(defaultConfig({ readBudgetPerMinute: 600 }), () => now)
  const capped = createRateLimiter(defaultConfig({ readBudgetPerMinute: 600, rateBurstPercent: 10 }), () => now)
  const served = (limiter: ReturnType<typeof createRateLimiter>) => {
    let n = 0
    // One request every 10 ms for 60 s: as fast as a flood, measured on the limiter's own clock.
    for (now = 0; now < 60_000; now += 10) if (limiter.take('read', 'flood')?.allowed) n += 1
    return n
  }
  assert.equal(served(full), 1199, 'default: the documented 2x in the first minute')
  const cappedCount = served(capped)
  assert.ok(cappedCount <= 660, `burst capped to 60 + 600 refill, got ${cappedCount}`)
  assert.equal(capped.take('read', 'fresh')?.remaining, 59)
})

test('an unexpected error is logged as one JSON line, its stack inside it', async () => {
  const ctx = createContext(defaultConfig({ logLevel: 'error' }), openDatabase(':memory:'))
  const broken = defineOperation({ method: 'GET', path: '/broken', summary: 'fails', tags: ['probe'], auth: 'public' }, () => {
    throw new Error('first line\nsecond line')
  })
  const call = inProcessCaller(createApp(ctx, [broken]))
  const written: string[] = []
  const original = process.stderr.write.bind(process.stderr)
  process.stderr.write = ((chunk: string) => (written.push(String(chunk)), true)) as typeof process.stderr.write
  try {
    assert.equal((await call('/api/v1/broken')).status, 500)
  } finally {
    process.stderr.write = original
  }
  assert.equal(written.length, 1, written.join(''))
  assert.match(written[0]!, /^[^\n]*\n$/)
  const line = JSON.parse(written[0]!)
  assert.equal(line.msg, 'unhandled error')
  assert.match(line.error, /first line\nsecond line\n\s+at /)
})
