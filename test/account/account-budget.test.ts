import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { TEST_ORIGIN } from '../helpers/auth.ts'
import { createRateLimiter } from '../../src/http/rate-limit.ts'
import { defaultConfig } from '../../src/config.ts'

/**
 * Sign-up and account-mail routes draw on a per-address budget and on one budget shared by every
 * caller (issue 11, point 9): 429 with Retry-After beyond either.
 */
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...headers },
  body: JSON.stringify(body),
})

test('one address: register, verify request and forgot password share RATE_ACCOUNT_PER_HOUR, then 429 with Retry-After', async () => {
  const { call } = createTestApp({ config: { accountBudgetPerHour: 3 } })
  assert.equal((await call('/api/v1/auth/register', post({ email: 'a1@example.org', password: 'a long enough passphrase' }))).status, 201)
  assert.equal((await call('/api/v1/auth/password/forgot', post({ email: 'a1@example.org' }))).status, 200)
  const third = await call('/api/v1/auth/verify/request', post({ email: 'a1@example.org' }))
  assert.equal(third.status, 200)
  assert.equal(third.headers.get('x-ratelimit-remaining'), '0')
  const refused = await call('/api/v1/auth/register', post({ email: 'a2@example.org', password: 'a long enough passphrase' }))
  assert.equal(refused.status, 429)
  assert.match(refused.body.error, /per hour/)
  assert.ok(Number(refused.headers.get('retry-after')) > 0)
  assert.equal((await call('/api/v1/auth/password/forgot', post({ email: 'a1@example.org' }))).status, 429)
})

test('many addresses: RATE_ACCOUNT_GLOBAL_PER_HOUR bounds sign-ups across all callers', async () => {
  const { call, db } = createTestApp({ config: { accountBudgetPerHour: 5, accountGlobalPerHour: 2, trustProxy: true } })
  const from = (ip: string, n: number) => call('/api/v1/auth/register', post({ email: `g${n}@example.org`, password: 'a long enough passphrase' }, { 'x-forwarded-for': ip }))
  assert.equal((await from('198.51.100.1', 1)).status, 201)
  assert.equal((await from('198.51.100.2', 2)).status, 201)
  const third = await from('198.51.100.3', 3)
  assert.equal(third.status, 429)
  assert.match(third.body.error, /across all callers/)
  assert.ok(Number(third.headers.get('retry-after')) > 0)
  assert.equal((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n, 2, 'the refused sign-up created nothing')
})

test('the shared sign-up bucket is not forgotten when a flood of callers fills the limiter', () => {
  const limiter = createRateLimiter(defaultConfig({ rateLimitCallers: 2, accountGlobalPerHour: 1 }), () => 0)
  assert.equal(limiter.take('account', 'ip:198.51.100.1')?.allowed, true)
  for (let i = 0; i < 10; i++) limiter.take('read', `ip:203.0.113.${i}`)
  const next = limiter.take('account', 'ip:198.51.100.2')
  assert.equal(next?.allowed, false)
  assert.equal(next?.everyone, true)
})

test('with REGISTER_CONCEALS_ACCOUNTS sign-ups draw on the same per-address budget', async () => {
  const { call } = createTestApp({ config: { accountBudgetPerHour: 1, registerConcealsAccounts: true } })
  assert.equal((await call('/api/v1/auth/register', post({ email: 'c1@example.org', password: 'a long enough passphrase' }))).status, 202)
  const refused = await call('/api/v1/auth/register', post({ email: 'c2@example.org', password: 'a long enough passphrase' }))
  assert.equal(refused.status, 429)
  assert.ok(Number(refused.headers.get('retry-after')) > 0)
})
