import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { signUp } from '../helpers/auth.ts'
import { json } from './mail-codes.ts'

const login = (email: string, password: string, ip?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
  body: json({ email, password }),
})

test('brute force on one account: after the free attempts, 429 with an escalating Retry-After, even for the right password', async () => {
  const { call, ctx } = createTestApp({ config: { loginFreeAttempts: 3 } })
  const user = await signUp(call)
  let clock = Date.now()
  ctx.now = () => new Date(clock)
  for (let i = 0; i < 3; i++) assert.equal((await call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401)
  const fourth = await call('/api/v1/auth/login', login(user.email, 'wrong password guess'))
  assert.equal(fourth.status, 401, 'the failure that starts the delay still gets its answer')

  const blocked = await call('/api/v1/auth/login', login(user.email, user.password))
  assert.equal(blocked.status, 429)
  assert.equal(blocked.headers.get('retry-after'), '1')
  assert.match(blocked.body.error, /too many failed sign-in attempts/)

  clock += 1000
  assert.equal((await call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401)
  const longer = await call('/api/v1/auth/login', login(user.email, user.password))
  assert.equal(longer.status, 429)
  assert.equal(longer.headers.get('retry-after'), '2', 'the delay doubles')

  clock += 2000
  const ok = await call('/api/v1/auth/login', login(user.email, user.password))
  assert.equal(ok.status, 200, 'the right password works once the delay has passed')
  assert.equal((await call('/api/v1/auth/login', login(user.email, 'wrong password guess'))).status, 401, 'success cleared the record')
})

test('the account throttle also covers unknown emails, so it does not reveal which exist', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 2 } })
  for (let i = 0; i < 3; i++) await call('/api/v1/auth/login', login('nobody@example.org', 'wrong password guess'))
  const blocked = await call('/api/v1/auth/login', login('nobody@example.org', 'wrong password guess'))
  assert.equal(blocked.status, 429)
  assert.ok(Number(blocked.headers.get('retry-after')) >= 1)
})

test('per IP: spraying many accounts from one address is throttled; another address is not', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 1, trustProxy: true } })
  const user = await signUp(call)
  // One IP gets 4x the per-account allowance.
  for (let i = 0; i < 5; i++) await call('/api/v1/auth/login', login(`spray${i}@example.org`, 'wrong password guess', '203.0.113.9'))
  const blocked = await call('/api/v1/auth/login', login(user.email, user.password, '203.0.113.9'))
  assert.equal(blocked.status, 429)
  const elsewhere = await call('/api/v1/auth/login', login(user.email, user.password, '198.51.100.7'))
  assert.equal(elsewhere.status, 200)
})

test('wrong emailed codes count toward the same throttle', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 2, codeAttempts: 100 } })
  const user = await signUp(call)
  const guess = (code: string) => call('/api/v1/auth/verify/confirm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json({ email: user.email, code }) })
  const statuses = []
  for (const code of ['000001', '000002', '000003', '000004']) statuses.push((await guess(code)).status)
  assert.deepEqual(statuses.slice(0, 3), [400, 400, 400])
  assert.equal(statuses[3], 429)
})

test('guessing the current password through POST /me/password is throttled too', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 2 } })
  const user = await signUp(call)
  const change = (current: string) =>
    call('/api/v1/me/password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: json({ current_password: current, new_password: 'a brand new passphrase' }),
    })
  const statuses = []
  for (let i = 0; i < 3; i++) statuses.push((await change('a wrong guess here')).status)
  assert.deepEqual(statuses, [400, 400, 400])
  const blocked = await change(user.password)
  assert.equal(blocked.status, 429)
  assert.equal(blocked.headers.get('retry-after'), '1')
  assert.equal(blocked.body.error, 'too many wrong passwords; retry in 1 second')
})

test('per IP behind a trusted proxy: a client-chosen first X-Forwarded-For hop does not buy a fresh allowance', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 1, trustProxy: true } })
  const user = await signUp(call)
  // The proxy appends the real address last; whatever the client put before it varies per request.
  for (let i = 0; i < 5; i++) {
    await call('/api/v1/auth/login', login(`spray${i}@example.org`, 'wrong password guess', `10.9.9.${i}, 203.0.113.9`))
  }
  const blocked = await call('/api/v1/auth/login', login(user.email, user.password, '10.1.1.1, 203.0.113.9'))
  assert.equal(blocked.status, 429)
})
