import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { clientIp } from '../client-address.ts'
import { dataOf, pageOf as pageSchema, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { passwordField } from './auth.ts'
import { changePassword, deleteAccount } from '../../account/account-admin.ts'
import { clearSessionCookie } from '../cookie.ts'
import { startBrowserSession } from '../cookie.ts'
import { findUserById, listUsers, normalizeEmail, toUserJson } from '../../account/users.ts'
import { badRequest } from '../../errors.ts'
import { pageOf, pagingEntries } from '../validate.ts'

const op = operations({ tags: ['account'], auth: 'session' })

/** The account itself under /me, and the moderators' account list. */
export function meAccountRoutes(ctx: AppContext): Route[] {
  return [
    op.post('/me/password', 'Change your password', {
      description: 'Checks `current_password`, applies the password policy to the new password, revokes every session of the account (browser and extension), then re-issues this caller\'s session cookie so it stays signed in. The new password may be sent as `new_password` or as `password` (the spelling of the reference service\'s web app); when both are sent, `new_password` is used. The answer carries both `ok` and `changed` (`true`), the two shapes clients of the reference service read. Session only. 400 when the current password is wrong (it also counts toward the sign-in throttle), the new one is missing or refused.',
      body: v.object({
        current_password: passwordField('The password in use now.'),
        new_password: v.optional(passwordField('New password (10 to 256 characters).')),
        password: v.optional(passwordField('The new password, as the reference service\'s web app names it (used when `new_password` is absent).')),
      }),
      responses: { 200: { description: '`{ data: { ok: true, changed: true } }`; a fresh session cookie is set', schema: dataOf(ref('PasswordChanged')) }, 400: 'wrong current password, new password missing or refused', 429: 'too many wrong passwords; see Retry-After' },
    }, async (event, { body, caller }) => {
      const next = body.new_password ?? body.password
      if (next === undefined) throw badRequest('invalid body parameter "new_password": required (or "password")')
      await changePassword(ctx, clientIp(ctx.config, event), caller.userId, body.current_password, next)
      startBrowserSession(ctx, event, caller.userId)
      return { data: { ok: true, changed: true } }
    }),
    op.delete('/me', 'Delete your account and everything it owns', {
      description: 'Deletes the account, its sessions, API keys, linked sign-in providers, its mail in the outbox and every record the signed-in features keep for it. Irreversible. Session only. The body may carry `{ email }` as a confirmation (the reference service\'s web app sends it): it must be the caller\'s own address (case-insensitive), else 400 and nothing is deleted. An empty body deletes without confirmation.',
      body: v.object({
        email: v.optional(v.pipe(v.string('must be a string'), v.maxLength(320, 'must be at most 320 characters'), v.description("Confirmation: the caller's own email address."))),
      }),
      responses: { 204: 'account deleted; the session cookie is cleared', 400: 'the confirming email is not the caller\'s' },
    }, (event, { body, caller }) => {
      if (body.email !== undefined && normalizeEmail(body.email) !== findUserById(ctx.db, caller.userId)?.email) {
        throw badRequest('invalid body parameter "email": it is not the address of the signed-in account')
      }
      deleteAccount(ctx, caller.userId)
      clearSessionCookie(ctx, event)
    }),
    op.get('/admin/users', 'List accounts (moderators)', {
      description: 'Newest first. `q` filters by an email substring. Moderator role required: 401 without credentials, 403 for other accounts.',
      tags: ['moderation'],
      auth: 'moderator',
      query: v.object({
        q: v.optional(v.pipe(v.string(), v.maxLength(254, 'must be at most 254 characters'), v.description('Email substring, case-insensitive.'))),
        ...pagingEntries(),
      }),
      responses: { 200: { description: '`{ data: [User], meta: { total, limit, offset } }`', schema: pageSchema(ref('User')) } },
    }, (_event, { query }) => {
      const { limit, offset } = pageOf(query)
      const { users, total } = listUsers(ctx.db, { emailContains: query.q, limit, offset })
      return { data: users.map(toUserJson), meta: { total, limit, offset } }
    }),
  ]
}
