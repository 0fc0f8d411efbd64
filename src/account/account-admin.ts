import type { AppContext } from '../context.ts'
import { badRequest } from '../errors.ts'
import { deleteOutboxFor } from '../mail/outbox.ts'
import { revokeGmailGrantLater } from '../mailsync/gmail-account.ts'
import { forgetVotesOf } from '../catalogue/votes.ts'
import { throttledError } from './login-throttle.ts'
import { hashPassword, passwordPolicyProblem, verifyAgainstDummy, verifyPassword } from './passwords.ts'
import { invalidateUserSessions } from './sessions.ts'
import { deleteAllCodes } from './codes.ts'
import { deleteUserRow, findUserById, findUserByEmail, normalizeEmail, setRole, updatePasswordHash, type User } from './users.ts'

/**
 * Changes the password after checking the current one (under the sign-in throttle, so a stolen
 * cookie cannot be used to guess it), then revokes every session of the account.
 */
export async function changePassword(ctx: AppContext, ip: string, userId: number, current: string, next: string): Promise<void> {
  const user = findUserById(ctx.db, userId)
  if (!user) throw badRequest('no such account')
  const wait = ctx.loginThrottle.reserve(user.email, ip, ctx.now())
  if (wait > 0) throw throttledError('wrong passwords', wait)
  const ok = user.passwordHash ? await verifyPassword(user.passwordHash, current) : await verifyAgainstDummy(ctx.config, current)
  if (!ok) throw badRequest(user.passwordHash ? 'current_password is incorrect' : 'this account has no password yet; set one with /auth/password/forgot')
  ctx.loginThrottle.release(user.email, ip)
  const problem = passwordPolicyProblem(next, user.email)
  if (problem) throw badRequest(problem)
  const passwordHash = await hashPassword(ctx.config, next)
  ctx.db.transaction(() => {
    updatePasswordHash(ctx.db, user.id, passwordHash, ctx.now().toISOString())
    invalidateUserSessions(ctx.db, user.id)
    deleteAllCodes(ctx.db, user.id)
  })()
}

/**
 * Deletes the account; every table holding its data cascades from users(id). Its outbox mail goes
 * too, and its votes are removed first so the vote counters of what it voted on are recounted.
 * Google is asked to forget a Gmail grant (after the answer; the tokens go with the account).
 */
export function deleteAccount(ctx: AppContext, userId: number): void {
  revokeGmailGrantLater(ctx, userId)
  ctx.db.transaction(() => {
    const user = findUserById(ctx.db, userId)
    if (!user) return
    deleteOutboxFor(ctx.db, user.email)
    forgetVotesOf(ctx.db, user.id)
    deleteUserRow(ctx.db, user.id)
  })()
}

/** `openroles user grant-moderator EMAIL`. */
export function grantModerator(ctx: Pick<AppContext, 'db' | 'now'>, email: string): User {
  const user = findUserByEmail(ctx.db, normalizeEmail(email))
  if (!user) throw new Error(`no account with email ${normalizeEmail(email)}`)
  setRole(ctx.db, user.id, 'moderator', ctx.now().toISOString())
  return { ...user, role: 'moderator' }
}
