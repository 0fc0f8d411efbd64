import * as v from 'valibot'
import { dataOf, ref } from '../openapi-shapes.ts'
import type { AppContext } from '../../context.ts'
import { operations, type Route } from '../route.ts'
import { badRequest } from '../../errors.ts'
import { knownTimezone, LANGUAGES, setLanguage, setTimezone } from '../../account/preferences.ts'
import { findUserById, toUserJson } from '../../account/users.ts'

/** PATCH /me/timezone and /me/language: browser-session preferences answering the user object. */
const USER = { description: '`{ data: User }`', schema: dataOf(ref('User')) }

const op = operations({ tags: ['account'], auth: 'session' })

export function mePreferenceRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const user = (userId: number) => ({ data: toUserJson(findUserById(db, userId)!) })
  return [
    op.patch('/me/timezone', 'Set the account’s time zone', {
      description: 'An IANA time zone name (e.g. Europe/Berlin) known to the server’s time-zone database; stored as sent (a link name such as US/Pacific stays US/Pacific), only its letter case corrected when it differs from the database’s.',
      body: v.object({ timezone: v.pipe(v.unknown(), v.description('IANA time zone name.')) }),
      responses: { 200: USER, 400: 'invalid timezone' },
    }, (_event, { caller, body }) => {
      const timezone = typeof body.timezone === 'string' ? knownTimezone(body.timezone) : null
      if (!timezone) throw badRequest('invalid timezone')
      setTimezone(db, caller.userId, timezone, ctx.now().toISOString())
      return user(caller.userId)
    }),
    op.patch('/me/language', 'Set the account’s language', {
      description: `One of ${LANGUAGES.join(', ')} (ISO 639-1; default en). Stored for clients; the API itself answers in English.`,
      body: v.object({ language: v.pipe(v.unknown(), v.description(`One of ${LANGUAGES.join(', ')}.`)) }),
      responses: { 200: USER, 400: 'invalid language' },
    }, (_event, { caller, body }) => {
      if (typeof body.language !== 'string' || !(LANGUAGES as readonly string[]).includes(body.language)) throw badRequest('invalid language')
      setLanguage(db, caller.userId, body.language, ctx.now().toISOString())
      return user(caller.userId)
    }),
  ]
}
