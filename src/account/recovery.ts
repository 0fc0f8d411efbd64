import type { AppContext } from '../context.ts'
import { badRequest } from '../errors.ts'
import { sendPasswordResetCode } from './account-mail.ts'
import { throttledError } from './login-throttle.ts'
import { checkCode, deleteAllCodes, issueCode, type CodeCheck, type CodePurpose } from './codes.ts'
import { hashPassword, passwordPolicyProblem } from './passwords.ts'
import { invalidateUserSessions } from './sessions.ts'
import { findUserByEmail, markEmailVerified, normalizeEmail, updatePasswordHash, type User } from './users.ts'

/**
 * Emails a reset code when the account exists. The work runs after the answer (ctx.background), so
 * the answer and its timing are the same whether or not the email has an account.
 */
export function requestPasswordReset(ctx: AppContext, email: string): void {
  ctx.background.run('password reset mail', () => sendResetCode(ctx, email))
}

function sendResetCode(ctx: AppContext, email: string): void {
  const user = findUserByEmail(ctx.db, email)
  if (!user) return
  const code = issueCode(ctx.db, user.id, 'reset_password', {
    lifetimeMinutes: ctx.config.codeMinutes,
    resendSeconds: ctx.config.codeResendSeconds,
    now: ctx.now(),
  })
  if (code) sendPasswordResetCode(ctx, user.email, code)
}

const codeMessages: Record<Exclude<CodeCheck, 'ok'>, string> = {
  wrong: 'the code is incorrect, or the email has no pending code',
  none: 'the code is incorrect, or the email has no pending code',
  expired: 'the code has expired; request a new one',
}

/**
 * Checks an emailed code for an email address. Wrong guesses count against the same per-account and
 * per-IP throttle as wrong passwords, on top of each code's own attempt limit. An unknown email gets
 * the same answer as a wrong code.
 */
export function confirmEmailedCode(ctx: AppContext, ip: string, email: string, purpose: CodePurpose, code: string): User {
  const account = normalizeEmail(email)
  const wait = ctx.loginThrottle.reserve(account, ip, ctx.now())
  if (wait > 0) throw throttledError('wrong codes', wait)
  const user = findUserByEmail(ctx.db, account)
  const result = user ? checkCode(ctx.db, user.id, purpose, code, { maxAttempts: ctx.config.codeAttempts, now: ctx.now() }) : 'none'
  if (!user || result !== 'ok') throw badRequest(codeMessages[result === 'ok' ? 'none' : result])
  ctx.loginThrottle.release(account, ip)
  return user
}

/** Reading the code proved the mailbox, so the address counts as verified from here on. */
export function confirmEmailVerified(ctx: AppContext, user: User): void {
  markEmailVerified(ctx.db, user.id, ctx.now().toISOString())
}

/** Sets a new password, marks the email verified and signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, ip: string, email: string, code: string, newPassword: string): Promise<User> {
  const problem = passwordPolicyProblem(newPassword, email)
  if (problem) throw badRequest(problem)
  const user = confirmEmailedCode(ctx, ip, email, 'reset_password', code)
  const passwordHash = await hashPassword(ctx.config, newPassword)
  const now = ctx.now().toISOString()
  ctx.db.transaction(() => {
    updatePasswordHash(ctx.db, user.id, passwordHash, now)
    markEmailVerified(ctx.db, user.id, now)
    invalidateUserSessions(ctx.db, user.id)
    // A code mailed before the reset (e.g. a verify code, which also signs in) dies with the old password.
    deleteAllCodes(ctx.db, user.id)
  })()
  ctx.loginThrottle.recordSuccess(normalizeEmail(email))
  return user
}
