import * as v from 'valibot'
import type { AppContext } from '../context.ts'
import { defineOperation, type Route } from './route.ts'
import { intParam } from './validate.ts'
import { notFound } from '../errors.ts'
import {
  getNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
} from '../me/notifications.ts'

const ListQuery = v.object({
  // Above 100 is clamped, not refused (docs/api.md "Paging").
  limit: v.optional(v.pipe(intParam({ min: 1, description: 'Page size, 1 to 100 (default 10; larger values are clamped).' }), v.transform((n) => Math.min(n, 100))), '10'),
  offset: v.optional(intParam({ min: 0, description: 'Entries skipped (default 0).' }), '0'),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Notification id.' }) })

const SettingsBody = v.object({
  digest_in_app: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Write subscription digests to the in-app notification list.'))),
  digest_push: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Also push digests to the registered mobile devices (needs a push gateway).'))),
})

export function meNotificationRoutes(ctx: AppContext): Route[] {
  const owned = (userId: number, id: number) => getNotification(ctx.db, userId, id) ?? raise()
  return [
    defineOperation(
      {
        method: 'GET',
        path: '/me/notifications',
        summary: 'Notifications, newest first',
        description: '`meta.unread_count` counts every unread notification of the caller, not just this page.',
        tags: ['notifications'],
        auth: 'session',
        query: ListQuery,
      },
      (_event, { caller, query }) => {
        const page = listNotifications(ctx.db, caller.userId, query.limit, query.offset)
        return { data: page.items, meta: { total: page.total, unread_count: page.unreadCount, limit: query.limit, offset: query.offset } }
      },
    ),
    defineOperation(
      { method: 'POST', path: '/me/notifications/read-all', summary: 'Mark every notification read', tags: ['notifications'], auth: 'session' },
      (_event, { caller }) => ({ data: { marked: markAllNotificationsRead(ctx.db, caller.userId), unread_count: 0 } }),
    ),
    defineOperation(
      { method: 'GET', path: '/me/notifications/:id', summary: 'One notification', tags: ['notifications'], auth: 'session', params: IdParams, responses: { 404: 'not the caller’s notification' } },
      (_event, { caller, params }) => ({ data: owned(caller.userId, params.id) }),
    ),
    defineOperation(
      {
        method: 'POST',
        path: '/me/notifications/:id/read',
        summary: 'Mark one notification read',
        description: 'Idempotent: read_at keeps the time of the first read.',
        tags: ['notifications'],
        auth: 'session',
        params: IdParams,
        responses: { 404: 'not the caller’s notification' },
      },
      (_event, { caller, params }) => ({ data: markNotificationRead(ctx.db, caller.userId, params.id) ?? raise() }),
    ),
    defineOperation(
      { method: 'GET', path: '/me/notification-settings', summary: 'Notification settings', tags: ['notifications'], auth: 'session' },
      (_event, { caller }) => ({ data: getNotificationSettings(ctx.db, caller.userId) }),
    ),
    defineOperation(
      {
        method: 'PUT',
        path: '/me/notification-settings',
        summary: 'Update notification settings (partial)',
        tags: ['notifications'],
        auth: 'session',
        body: SettingsBody,
      },
      (_event, { caller, body }) => ({ data: updateNotificationSettings(ctx.db, caller.userId, body) }),
    ),
  ]
}

function raise(): never {
  throw notFound('no such notification')
}
