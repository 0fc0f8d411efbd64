import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Config } from '../config.ts'
import type { AppContext } from '../context.ts'
import { badRequest, serviceUnavailable } from '../errors.ts'
import { hasSecretsKey, secretsKeyOf } from '../secret-box.ts'
import { exchangeGmailCode, GMAIL_SCOPE, GmailMailbox, GmailReconsent, GmailUnavailable } from './gmail-api.ts'
import { saveGmailConnection } from './gmail-store.ts'

/**
 * Connecting Gmail: Google's authorization-code flow for a confidential client, with PKCE (S256),
 * offline access (a refresh token) and the read-only Gmail scope. The `state` is signed rather than
 * stored: it names the account that started the flow and when it expires (OAUTH_STATE_MINUTES),
 * under an HMAC keyed from SECRETS_KEY, and the PKCE verifier is derived from it under the same
 * key. The callback is accepted only with the session of that same account, so a code obtained by
 * someone else cannot be attached to a victim's account (the login-CSRF of connect flows), and it
 * redirects only to a fixed page of this site.
 */
const STATE_BODY = 24
const STATE_MAC = 16

export function gmailAvailable(config: Config): boolean {
  return Boolean(config.gmailClientId && config.gmailClientSecret && hasSecretsKey(config))
}

const derivedKey = (config: Config, purpose: string) => createHmac('sha256', secretsKeyOf(config)!).update(`openroles gmail ${purpose}`).digest()
const mac = (config: Config, body: Buffer) => createHmac('sha256', derivedKey(config, 'state')).update(body).digest().subarray(0, STATE_MAC)
const verifierOf = (config: Config, state: string) => createHmac('sha256', derivedKey(config, 'pkce')).update(state).digest('base64url')

function signState(ctx: AppContext, userId: number): string {
  const body = Buffer.alloc(STATE_BODY)
  body.writeUInt32BE(userId, 0)
  body.writeUInt32BE(Math.floor(ctx.now().getTime() / 1000) + ctx.config.oauthStateMinutes * 60, 4)
  randomBytes(16).copy(body, 8)
  return Buffer.concat([body, mac(ctx.config, body)]).toString('base64url')
}

/** True when the state was signed here for this user and has not expired. */
function stateMatches(ctx: AppContext, state: string, userId: number): boolean {
  const bytes = Buffer.from(state, 'base64url')
  if (bytes.length !== STATE_BODY + STATE_MAC || bytes.toString('base64url') !== state) return false
  const body = bytes.subarray(0, STATE_BODY)
  if (!timingSafeEqual(bytes.subarray(STATE_BODY), mac(ctx.config, body))) return false
  return body.readUInt32BE(0) === userId && body.readUInt32BE(4) * 1000 > ctx.now().getTime()
}

/** Where to send the browser: Google's consent screen for this account's connection. */
export function gmailAuthorizationUrl(ctx: AppContext, userId: number, redirectUri: string): string {
  const state = signState(ctx, userId)
  const url = new URL(ctx.config.gmailAuthUrl)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', ctx.config.gmailClientId)
  url.searchParams.set('redirect_uri', redirectUri)
  url.searchParams.set('scope', GMAIL_SCOPE)
  url.searchParams.set('access_type', 'offline')
  // Google hands out a refresh token on first consent only; asking again keeps reconnects working.
  url.searchParams.set('prompt', 'consent')
  url.searchParams.set('include_granted_scopes', 'false')
  url.searchParams.set('state', state)
  url.searchParams.set('code_challenge', createHash('sha256').update(verifierOf(ctx.config, state)).digest('base64url'))
  url.searchParams.set('code_challenge_method', 'S256')
  return url.toString()
}

/** Redeems the code and stores the connection; returns the connected Google address. */
export async function completeGmailConnect(ctx: AppContext, userId: number, input: { code: string; state: string; redirectUri: string }): Promise<string> {
  if (!stateMatches(ctx, input.state, userId)) throw badRequest('this Gmail connection was not started from this account, or it expired; start again')
  try {
    const tokens = await exchangeGmailCode(ctx.config, input.code, input.redirectUri, verifierOf(ctx.config, input.state))
    let current = tokens
    const { email } = await new GmailMailbox(ctx.config, tokens, (next) => (current = next)).profile()
    saveGmailConnection(ctx.db, ctx.config, userId, email, current, ctx.now().toISOString())
    return email
  } catch (error) {
    if (error instanceof GmailReconsent) throw badRequest('Google refused the authorization or did not grant read access to Gmail; connect again and allow it')
    if (error instanceof GmailUnavailable) throw serviceUnavailable('Google could not be reached; try again')
    throw error
  }
}
