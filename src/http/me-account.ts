import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { clientIp } from './client-address.ts'
import { defineOperation, type Route } from './route.ts'
import { passwordField } from './auth.ts'
import { changePassword, deleteAccount } from '../account/account-admin.ts'
import { clearSessionCookie } from './cookie.ts'
import { startBrowserSession } from './cookie.ts'
import { listUsers, toUserJson } from '../account/users.ts'
import { intParam } from './validate.ts'

/** The account itself under /me, and the moderators' account list. */
export function meAccountRoutes(ctx: AppContext): Route[] {
  return [
    defineOperation(
      {
        method: 'POST',
        path: '/me/password',
        summary: 'Change your password',
        description: 'Checks `current_password`, applies the password policy to `new_password`, revokes every session of the account (browser and extension), then re-issues this caller\'s session cookie so it stays signed in. Session only. 400 when the current password is wrong (it also counts toward the sign-in throttle) or the new one is refused.',
        tags: ['account'],
        auth: 'session',
        body: v.object({
          current_password: passwordField('The password in use now.'),
          new_password: passwordField('New password (10 to 256 characters).'),
        }),
        responses: { 200: '`{ data: { ok: true } }`; a fresh session cookie is set', 400: 'wrong current password or new password refused', 429: 'too many wrong passwords; see Retry-After' },
      },
      async (event, { body, caller }) => {
        await changePassword(ctx, clientIp(ctx.config, event), caller.userId, body.current_password, body.new_password)
        startBrowserSession(ctx, event, caller.userId)
        return { data: { ok: true } }
      },
    ),
    defineOperation(
      {
        method: 'DELETE',
        path: '/me',
        summary: 'Delete your account and everything it owns',
        description: 'Deletes the account, its sessions, API keys, linked sign-in providers, its mail in the outbox and every record the signed-in features keep for it. Irreversible. Session only.',
        tags: ['account'],
        auth: 'session',
        responses: { 204: 'account deleted; the session cookie is cleared' },
      },
      (event, { caller }) => {
        deleteAccount(ctx, caller.userId)
        clearSessionCookie(ctx, event)
        event.res.status = 204
        return null
      },
    ),
    defineOperation(
      {
        method: 'GET',
        path: '/admin/users',
        summary: 'List accounts (moderators)',
        description: 'Newest first. `q` filters by an email substring. Moderator role required: 401 without credentials, 403 for other accounts.',
        tags: ['moderation'],
        auth: 'moderator',
        query: v.object({
          q: v.optional(v.pipe(v.string(), v.maxLength(254, 'must be at most 254 characters'), v.description('Email substring, case-insensitive.'))),
          limit: v.optional(intParam({ min: 1, max: 100, description: 'Page size, 1 to 100 (default 10).' }), '10'),
          offset: v.optional(intParam({ min: 0, max: 1_000_000, description: 'Rows skipped (default 0).' }), '0'),
        }),
      },
      (_event, { query }) => {
        const { users, total } = listUsers(ctx.db, { emailContains: query.q, limit: query.limit, offset: query.offset })
        return { data: users.map(toUserJson), meta: { total, limit: query.limit, offset: query.offset } }
      },
    ),
  ]
}
