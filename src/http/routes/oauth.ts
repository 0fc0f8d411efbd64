import * as v from 'valibot'
import { getRequestURL, redirect, type H3Event } from 'h3'
import type { AppContext } from '../../context.ts'
import { dataOf, listOf, object, ref } from '../openapi-shapes.ts'
import { created, operations, type Route } from '../route.ts'
import { badRequest, notFound } from '../../errors.ts'
import { parseOAuthProviders, type OAuthProvider } from '../../account/oauth-providers.ts'
import { beginOAuth, completeOAuth, createExchangeCode, redeemExchangeCode } from '../../account/oauth-flow.ts'
import { assertSameSiteWrite } from '../origin.ts'
import { mintExtensionToken } from '../../account/sign-in.ts'
import { clearOAuthStateCookie, readOAuthStateCookie, setOAuthStateCookie, startBrowserSession } from '../cookie.ts'
import { findUserById, toUserJson } from '../../account/users.ts'

const providerParams = v.object({ provider: v.pipe(v.string(), v.description('Provider id from GET /auth/oauth/providers.')) })
/** Only a local path: an absolute URL here would make the callback an open redirect. No whitespace or control characters. */
const localPath = v.pipe(
  v.string(),
  v.maxLength(2000, 'must be at most 2000 characters'),
  v.regex(/^\/(?![/\\])[^\s\u0000-\u001f\u007f-\u009f]*$/, 'must be a path on this site starting with a single /'),
  v.description('Where to send the browser after sign-in (a path on this site; default /).'),
)

/**
 * `return_to` as a Location header value: percent-encoded (a header carries Latin-1 only, so `/東京`
 * would otherwise fail after the session was made), and still a path on this site once a browser
 * reads `\` as `/` and removes dot segments (`/.\/evil.example` would become `//evil.example`).
 */
function localLocation(returnTo: string | null): string {
  if (!returnTo) return '/'
  const url = new URL(returnTo, 'http://site.invalid')
  const location = url.pathname + url.search + url.hash
  return url.origin === 'http://site.invalid' && !/^[/\\]{2}/.test(location) ? location : '/'
}

const extensionGrant = {
  client: 'openroles browser extension',
  grants: ['read your account (email, role)', 'every "Session or key" operation: tracking, profile, CVs, matching, mail features'],
  never: ['API keys, password, sessions or account deletion ("Session only" operations)'],
}

const op = operations({ tags: ['auth'], auth: 'public' })

export function oauthRoutes(ctx: AppContext): Route[] {
  const providers = parseOAuthProviders(ctx.config.oauthProviders)
  const providerFor = (id: string): OAuthProvider => {
    const provider = providers.find((p) => p.id === id)
    if (!provider) throw notFound('no such sign-in provider')
    return provider
  }
  const siteOrigin = (event: H3Event) =>
    ctx.config.publicOrigin ? new URL(ctx.config.publicOrigin).origin : getRequestURL(event, { xForwardedHost: ctx.config.trustProxy, xForwardedProto: ctx.config.trustProxy }).origin
  const callbackUrl = (event: H3Event, provider: OAuthProvider) => `${siteOrigin(event)}/api/v1/auth/oauth/${provider.id}/callback`

  return [
    op.get('/auth/oauth/providers', 'Sign-in providers configured on this server', {
      description: 'OpenID Connect providers from the OAUTH_PROVIDERS setting (none by default). `start_url` begins the sign-in in a browser.',
      responses: { 200: { description: '`{ data: [{ id, name, start_url }] }`', schema: listOf(object({ id: { type: 'string' }, name: { type: 'string' }, start_url: { type: 'string' } })) } },
    }, () => ({ data: providers.map((p) => ({ id: p.id, name: p.name, start_url: `/api/v1/auth/oauth/${p.id}/start` })) })),
    op.get('/auth/oauth/:provider/start', 'Begin OAuth sign-in (redirects to the provider)', {
      description: 'Redirects (302) to the provider with an authorization code request protected by PKCE (S256) and a one-time `state` valid for OAUTH_STATE_MINUTES. The state is also set as the HttpOnly, SameSite=Lax cookie `openroles_oauth_state` (path /api/v1/auth/oauth/): the callback is accepted only from the browser holding it. `client=mobile` ends the flow by redirecting to OAUTH_MOBILE_REDIRECT with a one-time `code` for POST /auth/oauth/exchange.',
      params: providerParams,
      query: v.object({
        client: v.optional(v.pipe(v.picklist(['web', 'mobile'], 'must be web or mobile'), v.description('web (default) or mobile.')), 'web'),
        return_to: v.optional(localPath),
      }),
      responses: { 302: 'redirect to the provider', 400: 'mobile sign-in not configured', 404: 'unknown provider' },
    }, (event, { params, query }) => {
      const provider = providerFor(params.provider)
      if (query.client === 'mobile' && !ctx.config.oauthMobileRedirect) throw badRequest('mobile sign-in is not configured on this server')
      const { url, state } = beginOAuth(ctx, provider, callbackUrl(event, provider), query.client, query.return_to ?? null)
      setOAuthStateCookie(ctx, event, state)
      return redirect(url, 302)
    }),
    op.get('/auth/oauth/:provider/callback', 'OAuth callback (the provider redirects here)', {
      description: 'Needs the `openroles_oauth_state` cookie set by /start in the same browser (400 otherwise: login CSRF). Redeems the code with the PKCE verifier, reads the provider userinfo and signs in: an account linked to this provider identity, else the account with the same provider-verified email (then linked; if that account had never verified its email, its password, sessions and API keys are revoked first), else a new account without a password. Web: sets the session cookie and redirects to `return_to`. Mobile: redirects to OAUTH_MOBILE_REDIRECT with `?code=`. 400 for a cancelled, unknown, used or expired sign-in; 503 when the provider cannot be reached.',
      params: providerParams,
      query: v.object({
        code: v.optional(v.pipe(v.string(), v.maxLength(4096))),
        state: v.optional(v.pipe(v.string(), v.maxLength(256))),
        error: v.optional(v.pipe(v.string(), v.maxLength(256))),
      }),
      responses: { 302: 'signed in; redirect to the site or the mobile app', 400: 'sign-in refused, cancelled or expired' },
    }, async (event, { params, query, caller }) => {
      const provider = providerFor(params.provider)
      if (query.error) throw badRequest('sign-in was cancelled or refused at the provider')
      if (!query.code || !query.state) throw badRequest('the provider callback is missing code or state')
      const { user, client, returnTo } = await completeOAuth(ctx, provider, {
        code: query.code,
        state: query.state,
        browserState: readOAuthStateCookie(event),
        redirectUri: callbackUrl(event, provider),
      })
      clearOAuthStateCookie(ctx, event)
      if (client === 'mobile') {
        const target = new URL(ctx.config.oauthMobileRedirect)
        target.searchParams.set('code', createExchangeCode(ctx, user.id))
        return redirect(target.toString(), 302)
      }
      startBrowserSession(ctx, event, user.id, caller)
      return redirect(localLocation(returnTo), 302)
    }),
    op.post('/auth/oauth/exchange', 'Mobile: swap the one-time OAuth code for a session', {
      description: 'The code (from the OAUTH_MOBILE_REDIRECT redirect) works once, within OAUTH_STATE_MINUTES. Answers the account plus `session_token`: the app sends it as the cookie `openroles_session=<session_token>` (the cookie is also set), which makes it a session for "Session only" operations such as push tokens.',
      body: v.object({ code: v.pipe(v.string('must be a string'), v.minLength(1, 'is required'), v.maxLength(256, 'is too long'), v.description('The one-time code.')) }),
      responses: {
        200: { description: '`{ data: { user, session_token, expires_at } }`', schema: dataOf(object({ user: ref('User'), session_token: { type: 'string' }, expires_at: { type: 'string', format: 'date-time' } })) },
        400: 'unknown, used or expired code',
      },
    }, (event, { body, caller }) => {
      const userId = redeemExchangeCode(ctx, body.code)
      const user = userId === null ? null : findUserById(ctx.db, userId)
      if (!user) throw badRequest('the code is invalid, used or expired; sign in again')
      const session = startBrowserSession(ctx, event, user.id, caller)
      return { data: { user: toUserJson(user), session_token: session.token, expires_at: session.expiresAt } }
    }),
    op.get('/auth/extension/connect', 'What connecting the browser extension grants', {
      description: 'Shown on the consent screen before POST /auth/extension/connect. Session only.',
      auth: 'session',
      responses: { 200: { description: '`{ data: { client, grants, never, account, expires_in_days } }`', schema: dataOf(object({ client: { type: 'string' }, grants: { type: 'array', items: { type: 'string' } }, never: { type: 'array', items: { type: 'string' } }, account: ref('User'), expires_in_days: { type: 'integer', minimum: 1 } })) } },
    }, (_event, { caller }) => ({ data: { ...extensionGrant, account: toUserJson(findUserById(ctx.db, caller.userId)!), expires_in_days: ctx.config.extensionSessionDays } })),
    op.post('/auth/extension/connect', 'Consent: mint an extension session token', {
      description: 'With `consent: true`, mints a token (`or_ext_…`, shown once) for the extension to send as `Authorization: Bearer`. It works like an API key ("Session or key" operations only), slides for EXTENSION_SESSION_DAYS while used, and ends with POST /auth/logout (sent with the token) or /auth/logout-all. Session only; refused (403) from a foreign site.',
      auth: 'session',
      body: v.object({ consent: v.pipe(v.literal(true, 'must be true: the user agreed to the grant'), v.description('The user agreed to the grant shown by GET.')) }),
      responses: { 201: { description: 'token minted', schema: dataOf(object({ token: { type: 'string', description: '`or_ext_…`, shown once' }, token_type: { type: 'string', const: 'Bearer' }, expires_at: { type: 'string', format: 'date-time' } })) } },
    }, (event, { caller }) => {
      assertSameSiteWrite(ctx, event)
      const minted = mintExtensionToken(ctx, caller.userId)
      return created(event, { token: minted.token, token_type: 'Bearer', expires_at: minted.expiresAt })
    }),
  ]
}
