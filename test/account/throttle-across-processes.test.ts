import { test } from 'node:test'
import assert from 'node:assert/strict'
import { twoProcesses } from '../helpers/two-processes.ts'
import { signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { createTestApp } from '../helpers/app.ts'
import { json } from './mail-codes.ts'

/** The sign-in throttle lives in the database: serving processes on one file count one set of failures. */
const login = (email: string, password: string, ip?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(ip ? { 'x-forwarded-for': ip } : {}) },
  body: json({ email, password }),
})

test('failed sign-ins spread over two processes are throttled as in one: 429 with Retry-After from either', async (t) => {
  const { a, b } = twoProcesses(t, { loginFreeAttempts: 3 })
  const user = await signUp(a.call)
  const clock = Date.now()
  a.ctx.now = b.ctx.now = () => new Date(clock)
  // The three free attempts and the one that starts the delay, alternating between the processes.
  for (const process of [a, b, a, b]) assert.equal((await process.call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401)
  for (const process of [a, b]) {
    const blocked = await process.call('/api/v1/auth/login', login(user.email, user.password))
    assert.equal(blocked.status, 429)
    assert.equal(blocked.headers.get('retry-after'), '1')
    assert.equal(blocked.body.error, 'too many failed sign-in attempts; retry in 1 second')
  }
})

test('concurrent wrong passwords sent to two processes get as many password checks as sent to one', async (t) => {
  const { a, b } = twoProcesses(t, { loginFreeAttempts: 3 })
  const user = await signUp(a.call)
  const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => (i % 2 ? b : a).call('/api/v1/auth/login', login(user.email, 'wrong password guess'))))
  assert.deepEqual(answers.map((answer) => answer.status).sort(), [...Array(4).fill(401), ...Array(12).fill(429)])
})

test('a success in one process gives the attempt back and clears the account in the other', async (t) => {
  const { a, b } = twoProcesses(t, { loginFreeAttempts: 2 })
  const user = await signUp(a.call)
  const clock = Date.now()
  a.ctx.now = b.ctx.now = () => new Date(clock)
  assert.equal((await a.call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401)
  assert.equal((await b.call('/api/v1/auth/login', login(user.email, user.password))).status, 200)
  // Cleared: two more failures are still free, the third starts the delay.
  for (const process of [a, b, a]) assert.equal((await process.call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401)
  assert.equal((await b.call('/api/v1/auth/login', login(user.email, user.password))).status, 429)
})

test('the records stay bounded: a day after the last failure they are gone, and beyond LOGIN_THROTTLE_ENTRIES the oldest go', async () => {
  const { call, ctx, db } = createTestApp({ config: { loginFreeAttempts: 1, loginThrottleEntries: 4, trustProxy: true } })
  const user = await signUp(call)
  let clock = Date.now()
  ctx.now = () => new Date(clock)
  const rows = () => db.prepare('SELECT count(*) FROM login_failures').pluck().get() as number
  const fail = (email: string, ip: string) => {
    clock += 1
    return call('/api/v1/auth/login', login(email, 'wrong password guess', ip))
  }
  await fail(user.email, '203.0.113.1')
  await fail(user.email, '203.0.113.2')
  assert.equal((await call('/api/v1/auth/login', login(user.email, user.password, '203.0.113.3'))).status, 429)
  // Two newer failures (an account and an IP each) push the user's record, the oldest, out.
  await fail('other@example.org', '203.0.113.4')
  await fail('another@example.org', '203.0.113.5')
  assert.equal(rows(), 4)
  assert.equal((await call('/api/v1/auth/login', login(user.email, user.password, '203.0.113.6'))).status, 200)

  await fail('other@example.org', '203.0.113.7')
  clock += 24 * 3_600_000 + 1
  await fail('late@example.org', '203.0.113.8')
  assert.equal(rows(), 2, 'only the last attempt’s account and IP are left')
})
