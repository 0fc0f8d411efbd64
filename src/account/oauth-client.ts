import { badRequest, serviceUnavailable } from '../errors.ts'
import type { OAuthProvider } from './oauth-providers.ts'

/** The provider's answers are awaited at most this long, so a stuck provider cannot hold requests open. */
const PROVIDER_TIMEOUT_MS = 10_000

export interface ProviderIdentity {
  subject: string
  email: string | null
  emailVerified: boolean
}

async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch {
    throw serviceUnavailable('the sign-in provider could not be reached; try again')
  }
}

/** Authorization code + PKCE verifier -> access token (client authenticated with its secret in the body). */
export async function exchangeAuthorizationCode(provider: OAuthProvider, code: string, codeVerifier: string, redirectUri: string): Promise<string> {
  const body = new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, code_verifier: codeVerifier })
  if (provider.clientSecret) body.set('client_secret', provider.clientSecret)
  const response = await providerFetch(provider.tokenEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  })
  const json = (await response.json().catch(() => null)) as { access_token?: unknown } | null
  if (!response.ok || typeof json?.access_token !== 'string') throw badRequest('the sign-in provider refused the authorization code; start again')
  return json.access_token
}

/** The OpenID Connect userinfo of the signed-in provider account. */
export async function fetchIdentity(provider: OAuthProvider, accessToken: string): Promise<ProviderIdentity> {
  const response = await providerFetch(provider.userinfoEndpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } })
  const json = (await response.json().catch(() => null)) as { sub?: unknown; email?: unknown; email_verified?: unknown } | null
  if (!response.ok || typeof json?.sub !== 'string' || !json.sub) throw badRequest('the sign-in provider did not identify the account; start again')
  return {
    subject: json.sub,
    email: typeof json.email === 'string' && json.email.includes('@') ? json.email : null,
    emailVerified: json.email_verified === true || json.email_verified === 'true',
  }
}
