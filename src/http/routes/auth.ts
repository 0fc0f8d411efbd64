import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { clientIp } from '../client-address.ts'
import { dataOf, object, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { assertSameSiteWrite } from '../origin.ts'
import { clearSessionCookie, startBrowserSession } from '../cookie.ts'
import { authenticatePassword, registerUser, requestEmailVerification } from '../../account/sign-in.ts'
import { confirmEmailedCode, confirmEmailVerified, requestPasswordReset, resetPassword } from '../../account/recovery.ts'
import { invalidateSession, invalidateUserSessions } from '../../account/sessions.ts'
import { findUserByEmail, findUserById, toUserJson } from '../../account/users.ts'
import { knownTimezone } from '../../account/preferences.ts'
import { PASSWORD_MAX_LENGTH } from '../../account/passwords.ts'
import { badRequest, conflict, notFound } from '../../errors.ts'

export const emailField = v.pipe(
  v.string('must be a string'),
  v.trim(),
  v.maxLength(254, 'must be at most 254 characters'),
  v.email('must be an email address'),
  v.description('Email address of the account (case-insensitive).'),
)
export const passwordField = (description: string) =>
  v.pipe(v.string('must be a string'), v.minLength(1, 'is required'), v.maxLength(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`), v.description(description))
const codeField = v.pipe(v.string('must be a string'), v.trim(), v.regex(/^\d{6}$/, 'must be six digits'), v.description('The six-digit code from the email.'))

const cookieNote = 'Signs the caller in: sets the HttpOnly, SameSite=Lax session cookie `openroles_session` (Secure over HTTPS).'
const ok = { data: { ok: true } }

const op = operations({ tags: ['auth'], auth: 'public' })

export function authRoutes(ctx: AppContext): Route[] {
  const userJson = (userId: number) => {
    const user = findUserById(ctx.db, userId)
    if (!user) throw notFound('no such account')
    return toUserJson(user)
  }
  return [
    op.post('/auth/register', 'Create an account with email and password', {
      description: `Password policy: 10 to 256 characters, not on the bundled list of common passwords, not built from the email name. A new account gets a six-digit verification code by mail (POST /auth/verify/confirm). By default, as the reference service: 201 \`{ data: User }\` and the caller is signed in (the session cookie \`openroles_session\` is set); an email that already has an account is 409. With REGISTER_CONCEALS_ACCOUNTS on: 202 \`{ data: { ok: true } }\` whether or not the email already has an account, so sign-up does not reveal who is registered (an existing account's owner gets a "you already have an account" notice), and nobody is signed in: confirm the code (which signs in) or sign in with the password. Either way budgeted per client address and across all callers (429 with Retry-After). Refused (403) from a foreign site.`,
      budget: 'account',
      body: v.object({
        email: emailField,
        password: passwordField('New password (10 to 256 characters).'),
        timezone: v.optional(v.pipe(v.unknown(), v.description('Optional IANA time zone name for a new account; silently dropped when unknown.'))),
      }),
      responses: {
        201: { description: 'the account, signed in (the default); `{ data: User }`', schema: dataOf(ref('User')) },
        202: { description: 'with REGISTER_CONCEALS_ACCOUNTS: a verification code or an "already registered" notice is on its way; `{ data: { ok: true } }`', schema: ref('Ok') },
        400: 'invalid email or password refused by the policy',
        409: 'email already registered (not with REGISTER_CONCEALS_ACCOUNTS)',
        429: 'sign-up budget spent; see Retry-After',
      },
    }, async (event, { body, caller }) => {
      assertSameSiteWrite(ctx, event)
      const timezone = typeof body.timezone === 'string' ? knownTimezone(body.timezone) : null
      const conceal = ctx.config.registerConcealsAccounts
      const user = await registerUser(ctx, body.email, body.password, { timezone, conceal })
      if (conceal) {
        event.res.status = 202
        return ok
      }
      if (!user) throw conflict('email already registered')
      startBrowserSession(ctx, event, user.id, caller)
      event.res.status = 201
      return { data: toUserJson(user) }
    }),
    op.post('/auth/login', 'Sign in with email and password', {
      description: `${cookieNote} Wrong credentials give 401 with the same message whether or not the email exists. Repeated failures per account and per IP impose an escalating delay: 429 with Retry-After while it runs.`,
      body: v.object({ email: emailField, password: passwordField('The account password.') }),
      responses: { 200: { description: '`{ data: User }`; the session cookie is set', schema: dataOf(ref('User')) }, 401: 'email or password incorrect', 429: 'too many failed attempts; see Retry-After' },
    }, async (event, { body, caller }) => {
      assertSameSiteWrite(ctx, event)
      const user = await authenticatePassword(ctx, clientIp(ctx.config, event), body.email, body.password)
      startBrowserSession(ctx, event, user.id, caller)
      return { data: toUserJson(user) }
    }),
    op.post('/auth/logout', 'Sign out this session', {
      description: 'Ends the presented session (the cookie, or an extension token sent as Bearer) and clears the cookie. Idempotent: answers ok without credentials too. API keys are not affected; delete them under /me/api-keys.',
      responses: { 200: { description: '`{ data: { ok: true } }`', schema: ref('Ok') } },
    }, (event, { caller }) => {
      if (caller && caller.credential !== 'api-key') invalidateSession(ctx.db, caller.credentialId)
      clearSessionCookie(ctx, event)
      return ok
    }),
    op.post('/auth/logout-all', 'Sign out every session of the account', {
      description: 'Ends every browser and extension session of the account, including this one, and clears the cookie. API keys stay valid. Session only.',
      auth: 'session',
      responses: { 200: { description: '`{ data: { ok: true } }`', schema: ref('Ok') } },
    }, (event, { caller }) => {
      invalidateUserSessions(ctx.db, caller.userId)
      clearSessionCookie(ctx, event)
      return ok
    }),
    op.get('/auth/me', 'The signed-in account', {
      description: '`credential` says how the request was authenticated: `cookie`, `api-key` or `extension`.',
      auth: 'session-or-key',
      responses: { 200: { description: '`{ data: User & { credential } }`', schema: dataOf(ref('Me')) } },
    }, (_event, { caller }) => ({ data: { ...userJson(caller.userId), credential: caller.credential } })),
    op.get('/auth/session', 'Whether the caller is signed in, without an error when not', {
      description: 'For pages that ask on every load: always 200, so a visitor who is not signed in sees no failed request. `{ data: { signed_in: false, mail } }` or `{ data: { signed_in: true, user: User, mail } }`. `mail` says where sign-up and sign-in codes go: `smtp` (they are mailed) or `outbox` (this server has no mail server; whoever runs it reads them with `openroles mail outbox`).',
      responses: { 200: { description: '`{ data: { signed_in, user?, mail } }`', schema: dataOf(object({ signed_in: { type: 'boolean' }, user: ref('User'), mail: { type: 'string', enum: ['smtp', 'outbox'] } }, ['signed_in', 'mail'])) } },
    }, (_event, { caller }) => {
      const mail = ctx.config.smtpUrl ? 'smtp' : 'outbox'
      const user = caller ? findUserById(ctx.db, caller.userId) : undefined
      return { data: user ? { signed_in: true, user: toUserJson(user), mail } : { signed_in: false, mail } }
    }),
    op.post('/auth/verify/request', 'Email a six-digit verification code', {
      budget: 'account',
      description: `Signed in: sends a code to the account's address (nothing when already verified). Anonymous: give \`email\`; a code is sent when an account exists (verified or not: confirming it signs in), and the answer is the same either way. Codes expire after a few minutes (CODE_MINUTES), die after a few wrong guesses, and are sent at most once a minute per account. The anonymous lookup runs after the answer, so its timing reveals nothing either. Budgeted per client address and across all callers (429 with Retry-After).`,
      body: v.object({ email: v.optional(emailField) }),
      responses: { 200: { description: '`{ data: { ok: true } }`', schema: ref('Ok') } },
    }, (_event, { body, caller }) => {
      if (!caller && !body.email) throw badRequest('invalid body parameter "email": required when not signed in')
      if (caller) {
        const user = findUserById(ctx.db, caller.userId)
        if (user) requestEmailVerification(ctx, user)
        return ok
      }
      // Anonymous: looked up after the answer, so its timing does not say whether the email has an account.
      ctx.background.run('verification mail', () => {
        const user = findUserByEmail(ctx.db, body.email!)
        if (user) requestEmailVerification(ctx, user, { evenIfVerified: true })
      })
      return ok
    }),
    op.post('/auth/verify/confirm', 'Confirm the emailed code: verifies the address and signs in', {
      description: `Marks the email verified and, since the code proves the mailbox, signs the caller in. ${cookieNote} A signed-in caller may send \`{ code }\` alone: the email is then the caller's own (as the reference service's web app does); anonymous callers must send \`email\`. 400 for a wrong, used or expired code (with the same message for an unknown email); wrong codes count toward the sign-in throttle (429 with Retry-After).`,
      body: v.object({ email: v.optional(emailField), code: codeField }),
      responses: { 200: { description: '`{ data: User }`; the session cookie is set', schema: dataOf(ref('User')) }, 400: 'wrong, used or expired code, or no email when not signed in', 429: 'too many wrong codes; see Retry-After' },
    }, (event, { body, caller }) => {
      assertSameSiteWrite(ctx, event)
      const email = body.email ?? (caller ? findUserById(ctx.db, caller.userId)?.email : undefined)
      if (!email) throw badRequest('invalid body parameter "email": required when not signed in')
      const user = confirmEmailedCode(ctx, clientIp(ctx.config, event), email, 'verify_email', body.code)
      confirmEmailVerified(ctx, user)
      startBrowserSession(ctx, event, user.id, caller)
      return { data: userJson(user.id) }
    }),
    op.post('/auth/password/forgot', 'Email a password-reset code', {
      budget: 'account',
      description: 'Always answers `{ data: { ok: true } }`, whether or not the email has an account, and looks the email up only after answering, so neither the answer nor its timing reveals who is registered. Budgeted per client address and across all callers (429 with Retry-After).',
      body: v.object({ email: emailField }),
      responses: { 200: { description: '`{ data: { ok: true } }`', schema: ref('Ok') } },
    }, (_event, { body }) => {
      requestPasswordReset(ctx, body.email)
      return ok
    }),
    op.post('/auth/password/reset', 'Set a new password with the emailed reset code', {
      description: `Checks the code, applies the password policy, signs the account out everywhere, then signs this caller in. ${cookieNote}`,
      body: v.object({ email: emailField, code: codeField, new_password: passwordField('New password (10 to 256 characters).') }),
      responses: { 200: { description: '`{ data: User }`; the session cookie is set', schema: dataOf(ref('User')) }, 400: 'wrong, used or expired code, or password refused by the policy', 429: 'too many wrong codes; see Retry-After' },
    }, async (event, { body, caller }) => {
      assertSameSiteWrite(ctx, event)
      const user = await resetPassword(ctx, clientIp(ctx.config, event), body.email, body.code, body.new_password)
      startBrowserSession(ctx, event, user.id, caller)
      return { data: userJson(user.id) }
    }),
  ]
}
