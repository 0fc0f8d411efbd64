import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { TEST_ORIGIN } from '../helpers/auth.ts'
import { createRateLimiter } from '../../src/http/rate-limit.ts'
import { defaultConfig } from '../../src/config.ts'

/**
 * Sign-up and account-mail routes draw on a per-address budget, a per-network budget and a valve
 * shared by every caller (issue 11, point 9; issue 39, point 4): 429 with Retry-After beyond any,
 * except that the valve keeps serving networks the flood did not come from.
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

const ok = (status: number) => status >= 200 && status < 300

test('many addresses of one network (IPv4 /24, IPv6 /48) draw on RATE_ACCOUNT_NETWORK_PER_HOUR together; other networks are served', async () => {
  const { call, db } = createTestApp({ config: { accountBudgetPerHour: 5, accountNetworkPerHour: 3, trustProxy: true } })
  const from = (ip: string, n: number) => call('/api/v1/auth/register', post({ email: `n${n}@example.org`, password: 'a long enough passphrase' }, { 'x-forwarded-for': ip }))
  for (const n of [1, 2, 3]) assert.ok(ok((await from(`198.51.100.${n}`, n)).status))
  const fourth = await from('198.51.100.4', 4)
  assert.equal(fourth.status, 429)
  assert.match(fourth.body.error, /per hour from your network/)
  assert.ok(ok((await from('203.0.113.9', 5)).status), 'another network is served')
  for (const n of [6, 7, 8]) assert.ok(ok((await from(`2001:db8:7:${n}::1`, n)).status))
  assert.equal((await from('2001:db8:7:99::1', 9)).status, 429, 'another /64 of the same /48')
  assert.equal((db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n, 7, 'the refused sign-ups created nothing')
})

// Issue 39, point 4: a flood with a new address per request spent the global budget and every
// later caller got 429 for the rest of the hour.
test('a flood spends RATE_ACCOUNT_GLOBAL_PER_HOUR, and callers from networks the flood did not come from are still served', async () => {
  const { call } = createTestApp({ config: { accountBudgetPerHour: 5, accountNetworkPerHour: 1000, accountGlobalPerHour: 12, accountQuietPerHour: 3, trustProxy: true } })
  const register = (ip: string, email: string) => call('/api/v1/auth/register', post({ email, password: 'a long enough passphrase' }, { 'x-forwarded-for': ip }))
  const flood: number[] = []
  for (let n = 1; n <= 20; n++) flood.push((await register(`198.51.100.${n}`, `flood${n}@example.org`)).status)
  assert.equal(flood.filter(ok).length, 12, 'the valve stops the flood')
  const refused = await register('198.51.100.77', 'flood77@example.org')
  assert.equal(refused.status, 429)
  assert.match(refused.body.error, /across all callers/)
  const real = await register('203.0.113.20', 'real@example.org')
  assert.ok(ok(real.status), `a real user elsewhere signs up: ${real.status} ${JSON.stringify(real.body)}`)
  const forgot = await call('/api/v1/auth/password/forgot', post({ email: 'someone@example.org' }, { 'x-forwarded-for': '2001:db8:aa::5' }))
  assert.equal(forgot.status, 200, 'and asks for a reset mail')
  for (let i = 0; i < 3; i++) assert.ok(ok((await register('192.0.2.50', `quiet${i}@example.org`)).status))
  assert.equal((await register('192.0.2.51', 'quiet9@example.org')).status, 429, 'past RATE_ACCOUNT_QUIET_PER_HOUR a network counts as the flood too')
})

test('the shared sign-up bucket is not forgotten when a flood of callers fills the limiter', () => {
  const limiter = createRateLimiter(defaultConfig({ rateLimitCallers: 2, accountGlobalPerHour: 1, accountQuietPerHour: 0 }), () => 0)
  assert.equal(limiter.take('account', 'ip:198.51.100.1')?.allowed, true)
  for (let i = 0; i < 10; i++) limiter.take('read', `ip:203.0.113.${i}`)
  const next = limiter.take('account', 'ip:198.51.100.2')
  assert.equal(next?.allowed, false)
  assert.equal(next?.scope, 'everyone')
})

test('a read flood of distinct callers does not make a flooding network look quiet', () => {
  const limiter = createRateLimiter(defaultConfig({ rateLimitCallers: 2, accountGlobalPerHour: 2, accountQuietPerHour: 2 }), () => 0)
  for (let n = 1; n <= 3; n++) limiter.take('account', `ip:198.51.100.${n}`)
  for (let i = 0; i < 10; i++) limiter.take('read', `ip:203.0.113.${i}`)
  assert.equal(limiter.take('account', 'ip:198.51.100.9')?.allowed, false)
})

test('with REGISTER_CONCEALS_ACCOUNTS sign-ups draw on the same per-address budget', async () => {
  const { call } = createTestApp({ config: { accountBudgetPerHour: 1, registerConcealsAccounts: true } })
  assert.equal((await call('/api/v1/auth/register', post({ email: 'c1@example.org', password: 'a long enough passphrase' }))).status, 202)
  const refused = await call('/api/v1/auth/register', post({ email: 'c2@example.org', password: 'a long enough passphrase' }))
  assert.equal(refused.status, 429)
  assert.ok(Number(refused.headers.get('retry-after')) > 0)
})
