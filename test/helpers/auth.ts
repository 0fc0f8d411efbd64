import { createTestApp } from './app.ts'

/**
 * Sign a user up and in through HTTP on a createTestApp app.
 *   const { call } = createTestApp()
 *   const alice = await signUp(call)                       // registers, signs in: { cookie, userId, email, password }
 *   await call('/api/v1/me/x', { method: 'POST', headers: sessionHeaders(alice.cookie), body })
 *   const key = await createApiKey(call, alice.cookie)     // 'or_live_…'
 *   await call('/api/v1/me/x', { headers: bearerHeaders(key) })
 */
type Call = (path: string, init?: RequestInit) => Promise<{ status: number; headers: Headers; body: any }>

/** The origin createTestApp requests are addressed to (app.request resolves paths against http://localhost). */
export const TEST_ORIGIN = 'http://localhost'
const SESSION_COOKIE = 'openroles_session'

let counter = 0

/** Headers of a same-origin browser request carrying the session cookie (passes the cross-site write check). */
export function sessionHeaders(cookie: string, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...extra }
}

/** Requests under one session: `send('POST', '/me/searches', body)` calls /api/v1/me/searches with JSON. */
export function sessionSender(call: Call, cookie: string) {
  return (method: string, path: string, body?: unknown) =>
    call(`/api/v1${path}`, { method, headers: sessionHeaders(cookie), body: body === undefined ? undefined : JSON.stringify(body) })
}

export function bearerHeaders(key: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra }
}

/** The `Cookie` request header value for the session cookie a response set, or null when it set none. */
export function sessionCookieFrom(headers: Headers): string | null {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(';')
    const [name, value] = pair.split('=')
    if (name.trim() === SESSION_COOKIE && value) return `${SESSION_COOKIE}=${value}`
  }
  return null
}

export async function signUp(call: Call, options: { email?: string; password?: string } = {}) {
  counter += 1
  const email = options.email ?? `user${counter}-${process.pid}@example.org`
  const password = options.password ?? 'correct horse battery staple'
  const response = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  })
  // By default registering signs in (201); with REGISTER_CONCEALS_ACCOUNTS it does not (202): sign in with the password.
  if (response.status === 201) {
    const cookie = sessionCookieFrom(response.headers)
    if (!cookie) throw new Error('sign-up answered 201 without a session cookie')
    return { cookie, userId: response.body.data.id as number, email, password }
  }
  if (response.status !== 202) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`)
  const login = await call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  })
  const cookie = sessionCookieFrom(login.headers)
  if (login.status !== 200 || !cookie) throw new Error(`sign-in after sign-up failed: ${login.status} ${JSON.stringify(login.body)}`)
  return { cookie, userId: login.body.data.id as number, email, password }
}

/** Signs an existing account in again: a second, independent session cookie. */
export async function signIn(call: Call, email: string, password: string): Promise<string> {
  const response = await call('/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email, password }),
  })
  const cookie = sessionCookieFrom(response.headers)
  if (response.status !== 200 || !cookie) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`)
  return cookie
}

/** Creates a personal API key for the signed-in user and returns the key (`or_live_…`). */
export async function createApiKey(call: Call, cookie: string, name = 'test key'): Promise<string> {
  const response = await call('/api/v1/me/api-keys', { method: 'POST', headers: sessionHeaders(cookie), body: JSON.stringify({ name }) })
  if (response.status !== 201) throw new Error(`API key creation failed: ${response.status} ${JSON.stringify(response.body)}`)
  return response.body.data.key as string
}

/** Requests with these headers: `send('POST', '/me/x', body)` calls /api/v1/me/x with JSON (a string body goes as it is). */
export function senderWith(call: Call, headers: Record<string, string>) {
  return (method: string, path: string, body?: unknown) =>
    call(`/api/v1${path}`, { method, headers, ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }) })
}

/** A fresh test app with one signed-up user, alice, and `send` under her session. */
export async function appWithUser(options: Parameters<typeof createTestApp>[0] = {}) {
  const app = createTestApp(options)
  const alice = await signUp(app.call)
  return { ...app, alice, send: sessionSender(app.call, alice.cookie) }
}

/**
 * Two accounts, for the auth rule of signed-in routes (key vs cookie, another user's row): alice,
 * whose API key `send` calls with (`aliceSession`: her cookie), and bob under his session (`bob`).
 */
export async function aliceAndBob(call: Call) {
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const bob = await signUp(call)
  const sender = (headers: Record<string, string>) => senderWith(call, headers)
  return { alice, send: sender(bearerHeaders(key)), aliceSession: sender(sessionHeaders(alice.cookie)), bob: sender(sessionHeaders(bob.cookie)), bobCookie: bob.cookie }
}
