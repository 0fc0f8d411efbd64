import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createRateLimiter } from '../../../src/http/rate-limit.ts'
import { addressBlock } from '../../../src/http/client-address.ts'
import { defaultConfig } from '../../../src/config.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { createProbeApp } from './probe-app.ts'
import { bearerHeaders, createApiKey, signUp } from '../../helpers/auth.ts'

const rateHeaders = (headers: Headers) => ({
  limit: headers.get('x-ratelimit-limit'),
  remaining: headers.get('x-ratelimit-remaining'),
  reset: headers.get('x-ratelimit-reset'),
})

test('token bucket: spends one token per request, refuses when empty, refills with time', () => {
  let now = 1_000_000
  const limiter = createRateLimiter(defaultConfig({ readBudgetPerMinute: 3 }), () => now)
  assert.deepEqual(limiter.take('read', 'a'), { allowed: true, limit: 3, per: 'minute', remaining: 2, resetSeconds: 20, retryAfterSeconds: 1 })
  limiter.take('read', 'a')
  assert.equal(limiter.take('read', 'a')?.remaining, 0)
  const refused = limiter.take('read', 'a')
  assert.equal(refused?.allowed, false)
  assert.equal(refused?.retryAfterSeconds, 20, 'one token every 20 s at 3 per minute')
  assert.equal(refused?.resetSeconds, 60)
  now += 20_000
  assert.equal(limiter.take('read', 'a')?.allowed, true, 'a token came back after 20 s')
  assert.equal(limiter.take('read', 'b')?.remaining, 2, 'another caller has its own bucket')
})

test('token bucket: a budget of 0 switches that budget off', () => {
  const limiter = createRateLimiter(defaultConfig({ agentBudgetPerMinute: 0 }))
  assert.equal(limiter.take('agent', 'a'), null)
  assert.equal(limiter.take('read', 'a')?.limit, 600)
})

test('token bucket: bounded by RATE_LIMIT_CALLERS; the least recent caller is forgotten and starts full', () => {
  const limiter = createRateLimiter(defaultConfig({ readBudgetPerMinute: 2, rateLimitCallers: 2 }), () => 0)
  limiter.take('read', 'a')
  limiter.take('read', 'a')
  assert.equal(limiter.take('read', 'a')?.allowed, false)
  limiter.take('read', 'b')
  limiter.take('read', 'c')
  assert.equal(limiter.take('read', 'a')?.allowed, true, 'a was evicted by b and c')
})

test('over budget: 429 { error } with Retry-After and the three headers', async () => {
  const { call, ctx } = createProbeApp({ config: { readBudgetPerMinute: 2 } })
  ctx.rateLimiter = createRateLimiter(ctx.config, () => 0)
  const first = await call('/api/v1/probe/read')
  assert.equal(first.status, 200)
  assert.deepEqual(rateHeaders(first.headers), { limit: '2', remaining: '1', reset: '30' })
  assert.equal((await call('/api/v1/probe/read')).status, 200)
  const refused = await call('/api/v1/probe/read')
  assert.equal(refused.status, 429)
  assert.match(refused.body.error, /rate limit/)
  assert.deepEqual(Object.keys(refused.body), ['error'])
  assert.equal(refused.headers.get('retry-after'), '30')
  assert.deepEqual(rateHeaders(refused.headers), { limit: '2', remaining: '0', reset: '60' })
})

test('the headers are on every response of a budgeted route, errors included', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 10 } })
  const missing = await call('/api/v1/probe/read/zzz')
  assert.equal(missing.status, 404)
  assert.equal(missing.body.error, 'no such probe')
  assert.equal(missing.headers.get('x-ratelimit-remaining'), '9')
  const invalid = await call('/api/v1/probe/read?limit=abc')
  assert.equal(invalid.status, 400)
  assert.equal(invalid.headers.get('x-ratelimit-remaining'), '8')
})

test('read routes share one budget; the agent budget is separate', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 2, agentBudgetPerMinute: 1 } })
  await call('/api/v1/probe/read')
  await call('/api/v1/probe/read/x')
  assert.equal((await call('/api/v1/probe/read')).status, 429, 'two different read routes drew on one budget')
  const agent = await call('/api/v1/probe/agent')
  assert.equal(agent.status, 200)
  assert.equal(agent.headers.get('x-ratelimit-limit'), '1')
  assert.equal((await call('/api/v1/probe/agent')).status, 429)
})

test('routes without a budget carry no rate-limit headers', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 1 } })
  const response = await call('/api/v1/probe/echo', { method: 'POST', body: '{"name":"x"}' })
  assert.equal(response.status, 200)
  assert.equal(response.headers.get('x-ratelimit-limit'), null)
})

test('callers are told apart by X-Forwarded-For only when TRUST_PROXY is set (last hop wins)', async () => {
  const viaProxy = (ip: string) => ({ headers: { 'x-forwarded-for': `203.0.113.99, ${ip}` } })
  const trusting = createProbeApp({ config: { readBudgetPerMinute: 1, trustProxy: true } })
  assert.equal((await trusting.call('/api/v1/probe/read', viaProxy('198.51.100.1'))).status, 200)
  assert.equal((await trusting.call('/api/v1/probe/read', viaProxy('198.51.100.2'))).status, 200, 'another client, another budget')
  assert.equal((await trusting.call('/api/v1/probe/read', viaProxy('198.51.100.1'))).status, 429)
  const untrusting = createProbeApp({ config: { readBudgetPerMinute: 1, trustProxy: false } })
  assert.equal((await untrusting.call('/api/v1/probe/read', viaProxy('198.51.100.1'))).status, 200)
  assert.equal((await untrusting.call('/api/v1/probe/read', viaProxy('198.51.100.2'))).status, 429, 'the header is ignored without TRUST_PROXY')
})

test('when the limiter fails the request passes without the headers', async () => {
  const { call, ctx, logged } = createProbeApp({ config: { readBudgetPerMinute: 1 } })
  ctx.rateLimiter = {
    take() {
      throw new Error('limiter broke')
    },
  }
  for (let i = 0; i < 3; i++) {
    const response = await call('/api/v1/probe/read')
    assert.equal(response.status, 200)
    assert.equal(response.headers.get('x-ratelimit-limit'), null)
  }
  assert.ok(logged.some((line) => line.level === 'error' && line.msg.includes('rate limiter failed')))
})

test('the public job read draws on the read budget', async () => {
  const job = fixtureJob()
  const { get, db } = createTestApp({ jobs: [job], config: { readBudgetPerMinute: 1 } })
  const slug = (db.prepare('SELECT public_slug FROM jobs LIMIT 1').get() as { public_slug: string }).public_slug
  const first = await get(`/api/v1/jobs/${slug}`)
  assert.equal(first.status, 200)
  assert.equal(first.headers.get('x-ratelimit-limit'), '1')
  const second = await get(`/api/v1/jobs/${slug}`)
  assert.equal(second.status, 429)
  assert.equal(typeof second.body.error, 'string')
})

test('a signed-in caller is one budget across its API keys, apart from anonymous callers', async () => {
  const { call, db } = createTestApp({ jobs: [fixtureJob()], config: { readBudgetPerMinute: 2 } })
  const slug = (db.prepare('SELECT public_slug FROM jobs LIMIT 1').get() as { public_slug: string }).public_slug
  const alice = await signUp(call)
  const [first, second] = [await createApiKey(call, alice.cookie, 'one'), await createApiKey(call, alice.cookie, 'two')]
  assert.equal((await call(`/api/v1/jobs/${slug}`, { headers: bearerHeaders(first) })).status, 200)
  assert.equal((await call(`/api/v1/jobs/${slug}`, { headers: bearerHeaders(second) })).status, 200)
  const third = await call(`/api/v1/jobs/${slug}`, { headers: bearerHeaders(first) })
  assert.equal(third.status, 429, 'both keys drew on alice\'s budget')
  const anonymous = await call(`/api/v1/jobs/${slug}`)
  assert.equal(anonymous.status, 200)
  assert.equal(anonymous.headers.get('x-ratelimit-remaining'), '1')
})

test('IPv6 callers are budgeted per /64, IPv4 per address', () => {
  assert.equal(addressBlock('2001:db8:aa:bb:1:2:3:4'), '2001:db8:aa:bb::/64')
  assert.equal(addressBlock('2001:0db8:00aa:00bb::9'), '2001:db8:aa:bb::/64')
  assert.equal(addressBlock('2001:db8::1'), '2001:db8:0:0::/64')
  assert.equal(addressBlock('::1'), '0:0:0:0::/64')
  assert.equal(addressBlock('fe80::1%eth0'), 'fe80:0:0:0::/64')
  assert.equal(addressBlock('::ffff:192.0.2.7'), '192.0.2.7')
  assert.equal(addressBlock('192.0.2.7'), '192.0.2.7')
})

test('two IPv6 addresses of one /64 share a budget behind a trusted proxy', async () => {
  const { call } = createProbeApp({ config: { readBudgetPerMinute: 1, trustProxy: true } })
  assert.equal((await call('/api/v1/probe/read', { headers: { 'x-forwarded-for': '2001:db8:1:2::a' } })).status, 200)
  assert.equal((await call('/api/v1/probe/read', { headers: { 'x-forwarded-for': '2001:db8:1:2::b' } })).status, 429)
  assert.equal((await call('/api/v1/probe/read', { headers: { 'x-forwarded-for': '2001:db8:1:3::a' } })).status, 200)
})

test('the spec\'s budget table holds for every implemented operation it names', async () => {
  const { allRoutes } = await import('../../../src/app.ts')
  const { ctx } = createTestApp()
  const budgets: Record<string, 'read' | 'agent'> = {
    'GET /jobs/search': 'read',
    'GET /jobs/facets': 'read',
    'GET /jobs/:slug': 'read',
    'GET /jobs/:slug/similar': 'read',
    'GET /companies': 'read',
    'GET /companies/:slug': 'read',
    'GET /geo/cities': 'read',
    'GET /agent/jobs/search': 'agent',
  }
  const routes = allRoutes(ctx)
  const found = routes.filter((route) => `${route.method} ${route.path}` in budgets)
  assert.ok(found.length > 0)
  for (const route of found) assert.equal(route.budget, budgets[`${route.method} ${route.path}`], `${route.method} ${route.path}`)
})
