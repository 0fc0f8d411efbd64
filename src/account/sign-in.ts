import type { AppContext } from '../context.ts'
import { setTimezone } from './preferences.ts'
import { badRequest, unauthorized } from '../errors.ts'
import { sendAccountExistsNotice, sendVerificationCode } from './account-mail.ts'
import { throttledError } from './login-throttle.ts'
import { issueCode } from './codes.ts'
import { hashPassword, needsRehash, passwordPolicyProblem, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { createSession, EXTENSION_TOKEN_PREFIX, invalidateSession } from './sessions.ts'
import type { Caller } from './caller.ts'
import { findUserByEmail, findUserById, insertUser, normalizeEmail, updatePasswordHash, type User } from './users.ts'

/**
 * Starts a browser session for the user (src/http/cookie.ts hands its token to the client). A
 * cookie session the request already carried is ended, so signing in never leaves an orphan behind.
 */
export function createBrowserSession(ctx: AppContext, userId: number, replacing?: Caller | null): { token: string; expiresAt: string } {
  if (replacing?.credential === 'cookie') invalidateSession(ctx.db, replacing.credentialId)
  const { session, token } = createSession(ctx.db, userId, 'browser', ctx.config.sessionDays, ctx.now())
  return { token, expiresAt: session.expiresAt }
}

/** Mints the Bearer token of a browser-extension session (`or_ext_…`); it acts like an API key. */
export function mintExtensionToken(ctx: AppContext, userId: number): { token: string; expiresAt: string } {
  const { session, token } = createSession(ctx.db, userId, 'extension', ctx.config.extensionSessionDays, ctx.now())
  return { token: `${EXTENSION_TOKEN_PREFIX}${token}`, expiresAt: session.expiresAt }
}

/**
 * Emails a verification code unless one went out moments ago. A verified account gets one only when
 * asked anonymously: then the code serves as an emailed sign-in code.
 */
export function requestEmailVerification(ctx: AppContext, user: User, options: { evenIfVerified?: boolean } = {}): void {
  if (user.emailVerifiedAt && !options.evenIfVerified) return
  const code = issueCode(ctx.db, user.id, 'verify_email', {
    lifetimeMinutes: ctx.config.codeMinutes,
    resendSeconds: ctx.config.codeResendSeconds,
    now: ctx.now(),
  })
  if (code) sendVerificationCode(ctx, user.email, code)
}

/**
 * Creates the account and mails its verification code; null for an email that already has an
 * account. With `conceal`, that email's owner gets a "you already have an account" notice instead
 * and the password is hashed either way, so the caller can answer the same for both and neither the
 * answer nor its timing says which happened (REGISTER_CONCEALS_ACCOUNTS).
 */
export async function registerUser(ctx: AppContext, email: string, password: string, options: { timezone?: string | null; conceal: boolean }): Promise<User | null> {
  const problem = passwordPolicyProblem(password, email)
  if (problem) throw badRequest(problem)
  const passwordHash = await hashPassword(ctx.config, password)
  const user = insertUser(ctx.db, { email, passwordHash, now: ctx.now().toISOString() })
  if (!user) {
    if (options.conceal) sendAccountExistsNotice(ctx, normalizeEmail(email))
    return null
  }
  if (options.timezone) setTimezone(ctx.db, user.id, options.timezone, ctx.now().toISOString())
  requestEmailVerification(ctx, user)
  return options.timezone ? (findUserById(ctx.db, user.id) ?? user) : user
}

/**
 * Checks email + password under the login throttle. Unknown emails and password-less (OAuth) accounts
 * cost the same argon2 work as a wrong password and get the same answer.
 */
export async function authenticatePassword(ctx: AppContext, ip: string, email: string, password: string): Promise<User> {
  const account = normalizeEmail(email)
  // Reserved before the argon2 check, so concurrent guesses count before any of them is verified.
  const wait = ctx.loginThrottle.reserve(account, ip, ctx.now())
  if (wait > 0) throw throttledError('failed sign-in attempts', wait)
  const user = findUserByEmail(ctx.db, account)
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstDummy(ctx.config, password)
  if (!user || !ok) throw unauthorized('email or password is incorrect')
  ctx.loginThrottle.release(account, ip)
  ctx.loginThrottle.recordSuccess(account)
  if (needsRehash(ctx.config, user.passwordHash!)) updatePasswordHash(ctx.db, user.id, await hashPassword(ctx.config, password), ctx.now().toISOString())
  return user
}
