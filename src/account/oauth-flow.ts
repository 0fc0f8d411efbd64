import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase64urlNoPadding } from '@oslojs/encoding'
import type { AppContext } from '../context.ts'
import { badRequest, conflict } from '../errors.ts'
import { exchangeAuthorizationCode, fetchIdentity, type ProviderIdentity } from './oauth-client.ts'
import type { OAuthProvider } from './oauth-providers.ts'
import { generateSecret, hashSecret, secretMatches } from './tokens.ts'
import { addMinutes } from './time.ts'
import { invalidateUserSessions } from './sessions.ts'
import { deleteUserApiKeys } from './api-keys.ts'
import { deleteAllCodes } from './codes.ts'
import { findUserByEmail, findUserById, insertUser, markEmailVerified, normalizeEmail, type User } from './users.ts'

/**
 * Authorization code flow with PKCE (S256) and a one-time `state` for a generic OpenID Connect
 * provider. Only hashes of `state` and of mobile exchange codes are stored.
 */
export type OAuthClient = 'web' | 'mobile'

interface StateRow {
  provider: string
  code_verifier: string
  client: OAuthClient
  return_to: string | null
  expires_at: string
}

/**
 * Records a pending sign-in; returns the provider URL to send the browser to and the `state`, which
 * the web layer also hands to the browser (a cookie) so the callback can tell it is the same browser.
 */
export function beginOAuth(
  ctx: AppContext,
  provider: OAuthProvider,
  redirectUri: string,
  client: OAuthClient,
  returnTo: string | null,
): { url: string; state: string } {
  const state = generateSecret(20)
  const codeVerifier = generateSecret(32)
  const now = ctx.now()
  ctx.db.prepare('DELETE FROM oauth_states WHERE expires_at <= ?').run(now.toISOString())
  ctx.db
    .prepare('INSERT INTO oauth_states (state_hash, provider, code_verifier, client, return_to, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .run(hashSecret(state), provider.id, codeVerifier, client, returnTo, addMinutes(now, ctx.config.oauthStateMinutes))
  const url = new URL(provider.authorizationEndpoint)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', provider.clientId)
  url.searchParams.set('redirect_uri', redirectUri)
  url.searchParams.set('scope', provider.scope)
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', encodeBase64urlNoPadding(sha256(new TextEncoder().encode(codeVerifier))))
  url.searchParams.set('code_challenge_method', 'S256')
  return { url: url.toString(), state }
}

/**
 * Consumes the state (once), redeems the code and returns the local account, created or linked as
 * needed. `browserState` is the state the calling browser was given at the start: a callback whose
 * state was issued to another browser is refused before anything is consumed (login CSRF).
 */
export async function completeOAuth(
  ctx: AppContext,
  provider: OAuthProvider,
  input: { code: string; state: string; browserState: string | undefined; redirectUri: string },
): Promise<{ user: User; client: OAuthClient; returnTo: string | null }> {
  if (!input.browserState || !secretMatches(input.browserState, hashSecret(input.state)))
    throw badRequest('this sign-in was not started in this browser; start again from the sign-in page')
  const pending = ctx.db.transaction(() => {
    const row = ctx.db.prepare('SELECT * FROM oauth_states WHERE state_hash = ?').get(hashSecret(input.state)) as StateRow | undefined
    if (row) ctx.db.prepare('DELETE FROM oauth_states WHERE state_hash = ?').run(hashSecret(input.state))
    return row
  })()
  if (!pending || pending.provider !== provider.id || Date.parse(pending.expires_at) <= ctx.now().getTime())
    throw badRequest('this sign-in link is invalid, used or expired; start again')
  const accessToken = await exchangeAuthorizationCode(provider, input.code, pending.code_verifier, input.redirectUri)
  const identity = await fetchIdentity(provider, accessToken)
  return { user: accountFor(ctx, provider.id, identity), client: pending.client, returnTo: pending.return_to }
}

/**
 * The account behind a provider identity: the linked one; else the account with the same email,
 * linked only when the provider vouches for that email (otherwise anyone could claim an address);
 * else a new password-less account. An existing account whose own email was never verified may
 * have been registered by someone else before its owner arrived (pre-account takeover): the
 * provider's proof wins, and the account loses its password, sessions, API keys and codes first.
 */
function accountFor(ctx: AppContext, providerId: string, identity: ProviderIdentity): User {
  return ctx.db.transaction((): User => {
    const now = ctx.now().toISOString()
    const linked = ctx.db.prepare('SELECT user_id FROM user_identities WHERE provider = ? AND subject = ?').get(providerId, identity.subject) as
      | { user_id: number }
      | undefined
    if (linked) return findUserById(ctx.db, linked.user_id)!
    if (!identity.email || !identity.emailVerified) throw badRequest('the sign-in provider did not confirm an email address for this account')
    const link = (user: User) => {
      ctx.db.prepare('INSERT INTO user_identities (provider, subject, user_id, created_at) VALUES (?, ?, ?, ?)').run(providerId, identity.subject, user.id, now)
      markEmailVerified(ctx.db, user.id, now)
      return findUserById(ctx.db, user.id)!
    }
    const existing = findUserByEmail(ctx.db, identity.email)
    if (existing && !existing.emailVerifiedAt) revokeCredentials(ctx, existing.id)
    if (existing) return link(existing)
    const created = insertUser(ctx.db, { email: normalizeEmail(identity.email), passwordHash: null, emailVerifiedAt: now, now })
    if (!created) throw conflict('an account with this email was created meanwhile; try again')
    return link(created)
  })()
}

/** Whoever registered an unverified address loses every way in they had; the mailbox owner keeps the account. */
function revokeCredentials(ctx: AppContext, userId: number): void {
  ctx.db.prepare('UPDATE users SET password_hash = NULL, updated_at = ? WHERE id = ?').run(ctx.now().toISOString(), userId)
  invalidateUserSessions(ctx.db, userId)
  deleteUserApiKeys(ctx.db, userId)
  deleteAllCodes(ctx.db, userId)
}

/** A one-time code the mobile app swaps for a session (POST /auth/oauth/exchange). */
export function createExchangeCode(ctx: AppContext, userId: number): string {
  const code = generateSecret(20)
  ctx.db.prepare('DELETE FROM oauth_exchange_codes WHERE expires_at <= ?').run(ctx.now().toISOString())
  ctx.db
    .prepare('INSERT INTO oauth_exchange_codes (code_hash, user_id, expires_at) VALUES (?, ?, ?)')
    .run(hashSecret(code), userId, addMinutes(ctx.now(), ctx.config.oauthStateMinutes))
  return code
}

/** The user a live exchange code names; the code is deleted on first use, valid or not. */
export function redeemExchangeCode(ctx: AppContext, code: string): number | null {
  const row = ctx.db.transaction(() => {
    const found = ctx.db.prepare('SELECT user_id, expires_at FROM oauth_exchange_codes WHERE code_hash = ?').get(hashSecret(code)) as
      | { user_id: number; expires_at: string }
      | undefined
    if (found) ctx.db.prepare('DELETE FROM oauth_exchange_codes WHERE code_hash = ?').run(hashSecret(code))
    return found
  })()
  return row && Date.parse(row.expires_at) > ctx.now().getTime() ? row.user_id : null
}
