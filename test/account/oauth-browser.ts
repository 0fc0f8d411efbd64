import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import type { FakeIdentity, startFakeProvider } from './fake-oidc-provider.ts'

/** OAuth test helpers: an app wired to the fake provider, and a browser walking start -> consent -> callback. */
type FakeProvider = Awaited<ReturnType<typeof startFakeProvider>>

export function createOAuthApp(fake: FakeProvider, config: Record<string, unknown> = {}) {
  return createTestApp({ config: { oauthProviders: JSON.stringify([fake.provider]), ...config } })
}

export type OAuthApp = ReturnType<typeof createOAuthApp>

/** The `Cookie` header a browser would send back for the OAuth state cookie /start set. */
export function stateCookieFrom(headers: Headers): string {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith('openroles_oauth_state='))
  assert.ok(line, 'start sets the state cookie')
  return line.split(';')[0]
}

/** start -> provider consent -> callback in the same browser (the state cookie rides along); returns the callback response. */
export async function providerSignIn(fake: FakeProvider, app: OAuthApp, identity: FakeIdentity, startQuery = '', cookie?: string) {
  const start = await app.call(`/api/v1/auth/oauth/fake/start${startQuery}`)
  assert.equal(start.status, 302)
  const grant = fake.authorize(start.headers.get('location')!, identity)
  const callback = new URL(grant.redirectUri)
  callback.searchParams.set('code', grant.code)
  callback.searchParams.set('state', grant.state)
  const callbackPath = callback.pathname + callback.search
  return { callback: await app.call(callbackPath, { headers: { cookie: cookie ?? stateCookieFrom(start.headers) } }), grant, callbackPath }
}
