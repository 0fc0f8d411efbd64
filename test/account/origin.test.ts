import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { json } from './mail-codes.ts'

const newKey = json({ name: 'k' })

test('cookie-authenticated writes from a foreign site are refused with 403, and do nothing', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const foreignOrigin = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(user.cookie, { origin: 'https://evil.example' }), body: newKey })
  assert.equal(foreignOrigin.status, 403)
  assert.match(foreignOrigin.body.error, /cross-site/)
  const crossSite = await call('/api/v1/me/api-keys', {
    method: 'POST',
    headers: { cookie: user.cookie, 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
    body: newKey,
  })
  assert.equal(crossSite.status, 403)
  const nullOrigin = await call('/api/v1/auth/logout', { method: 'POST', headers: sessionHeaders(user.cookie, { origin: 'null' }) })
  assert.equal(nullOrigin.status, 403)
  const deleteMe = await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(user.cookie, { origin: 'http://localhost.evil.example' }) })
  assert.equal(deleteMe.status, 403)

  const list = await call('/api/v1/me/api-keys', { headers: sessionHeaders(user.cookie) })
  assert.deepEqual(list.body.data, [], 'no key was created')
  assert.equal((await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie) })).status, 200, 'still signed in')
})

test('same-origin writes, and clients sending no browser headers, pass', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const sameOrigin = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(user.cookie), body: newKey })
  assert.equal(sameOrigin.status, 201)
  const noHeaders = await call('/api/v1/me/api-keys', { method: 'POST', headers: { cookie: user.cookie, 'content-type': 'application/json' }, body: newKey })
  assert.equal(noHeaders.status, 201)
  const typedUrl = await call('/api/v1/me/api-keys', { method: 'POST', headers: { cookie: user.cookie, 'sec-fetch-site': 'none' }, body: newKey })
  assert.equal(typedUrl.status, 201)
})

test('cross-site reads with the cookie are not refused (only writes are)', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const read = await call('/api/v1/auth/me', { headers: sessionHeaders(user.cookie, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }) })
  assert.equal(read.status, 200)
})

test('Bearer-key requests are not subject to the origin check', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const key = await createApiKey(call, user.cookie)
  const response = await call('/api/v1/auth/logout', { method: 'POST', headers: bearerHeaders(key, { origin: 'https://elsewhere.example' }) })
  assert.equal(response.status, 200)
})

test('login and registration from a foreign site are refused (login CSRF)', async () => {
  const { call } = createTestApp()
  const user = await signUp(call)
  const login = await call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
    body: json({ email: user.email, password: user.password }),
  })
  assert.equal(login.status, 403)
  const register = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    body: json({ email: 'new@example.org', password: 'a long enough passphrase' }),
  })
  assert.equal(register.status, 403)
})

test('PUBLIC_ORIGIN, when set, is the one allowed origin', async () => {
  const { call } = createTestApp({ config: { publicOrigin: 'https://jobs.example.org' } })
  const user = await signUp(call, {}).catch(() => null)
  assert.equal(user, null, 'the test helper posts from http://localhost, which is now foreign')
  const register = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://jobs.example.org' },
    body: json({ email: 'p@example.org', password: 'a long enough passphrase' }),
  })
  assert.equal(register.status, 201)
  const login = await call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://jobs.example.org' },
    body: json({ email: 'p@example.org', password: 'a long enough passphrase' }),
  })
  assert.equal(login.status, 200)
  const cookie = login.headers.getSetCookie()[0].split(';')[0]
  const write = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(cookie, { origin: 'https://jobs.example.org' }), body: newKey })
  assert.equal(write.status, 201)
  const local = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(cookie), body: newKey })
  assert.equal(local.status, 403)
})
