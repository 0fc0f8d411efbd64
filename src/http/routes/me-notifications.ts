import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { dataOf, object, ref } from '../openapi-shapes.ts'
import { operations, type Route } from '../route.ts'
import { intParam, pagedList, pagingEntries } from '../validate.ts'
import { badRequest, notFound } from '../../errors.ts'
import {
  getNotification,
  getNotificationSettings,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
  DELIVERY_CHANNELS,
} from '../../channels/notifications.ts'

const ListQuery = v.object({
  ...pagingEntries(),
})

const IdParams = v.object({ id: intParam({ min: 1, description: 'Notification id.' }) })

const SettingsBody = v.object({
  enabled: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Whether digests leave the app at all (on the channels below). true needs at least one channel.'))),
  channels: v.optional(
    v.pipe(
      v.array(v.picklist(DELIVERY_CHANNELS, `unknown channel: must be one of ${DELIVERY_CHANNELS.join(', ')}`), 'must be an array'),
      v.maxLength(DELIVERY_CHANNELS.length * 2, 'must have at most a few entries'),
      v.description(`Channels digests may leave on: ${DELIVERY_CHANNELS.join(', ')}; a subscription delivers only when its own channel is listed.`),
    ),
  ),
  digest_in_app: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Write subscription digests to the in-app notification list.'))),
  digest_push: v.optional(v.pipe(v.boolean('must be true or false'), v.description('Earlier spelling: adds or removes `push` in `channels` (ignored when `channels` is sent).'))),
})

const count = { type: 'integer', minimum: 0 }
const NOTIFICATION_PAGE = object({
  data: { type: 'array', items: ref('Notification') },
  meta: object({ total: count, limit: { type: 'integer', minimum: 1 }, offset: count, unread_count: { ...count, description: 'every unread notification of the caller, not just this page' } }),
})

const op = operations({ tags: ['notifications'], auth: 'session' })

export function meNotificationRoutes(ctx: AppContext): Route[] {
  const owned = (userId: number, id: number) => getNotification(ctx.db, userId, id) ?? raise()
  return [
    op.get('/me/notifications', 'Notifications, newest first', {
      description: '`meta.unread_count` counts every unread notification of the caller, not just this page.',
      query: ListQuery,
      responses: { 200: { description: '`{ data: [Notification], meta: { total, limit, offset, unread_count } }`', schema: NOTIFICATION_PAGE } },
    }, (_event, { caller, query }) =>
      pagedList(query, (limit, offset) => listNotifications(ctx.db, caller.userId, limit, offset), { meta: (page) => ({ unread_count: page.unreadCount }) }),
    ),
    op.post('/me/notifications/read-all', 'Mark every notification read', {
      responses: { 200: { description: '`{ data: { marked, unread_count: 0 } }`', schema: dataOf(object({ marked: { type: 'integer', minimum: 0, description: 'notifications marked read by this call' }, unread_count: { type: 'integer', const: 0 } })) } },
    }, (_event, { caller }) => ({ data: { marked: markAllNotificationsRead(ctx.db, caller.userId), unread_count: 0 } })),
    op.get('/me/notifications/:id', 'One notification', {
      params: IdParams,
      responses: { 200: { description: '`{ data: Notification }`', schema: dataOf(ref('Notification')) }, 404: 'not the caller’s notification' },
    }, (_event, { caller, params }) => ({ data: owned(caller.userId, params.id) })),
    op.post('/me/notifications/:id/read', 'Mark one notification read', {
      description: 'Idempotent: read_at keeps the time of the first read.',
      params: IdParams,
      responses: { 200: { description: '`{ data: Notification }`', schema: dataOf(ref('Notification')) }, 404: 'not the caller’s notification' },
    }, (_event, { caller, params }) => ({ data: markNotificationRead(ctx.db, caller.userId, params.id) ?? raise() })),
    op.get('/me/notification-settings', 'Notification settings', {
      description: '`{ enabled, channels, digest_in_app, digest_push }`; without stored settings: enabled, channels email and push, in-app on.',
      responses: { 200: { description: '`{ data: NotificationSettings }`', schema: dataOf(ref('NotificationSettings')) } },
    }, (_event, { caller }) => ({ data: getNotificationSettings(ctx.db, caller.userId) })),
    op.put('/me/notification-settings', 'Update notification settings (partial)', {
      description: 'Fields left out keep their value; the answer is the whole settings object. 400 for an unknown channel, or `enabled: true` with no channel.',
      body: SettingsBody,
      responses: { 200: { description: '`{ data: NotificationSettings }`', schema: dataOf(ref('NotificationSettings')) }, 400: 'unknown channel, or enabled with no channel' },
    }, (_event, { caller, body }) => {
      const settings = updateNotificationSettings(ctx.db, caller.userId, body)
      if ('error' in settings) throw badRequest(settings.error)
      return { data: settings }
    }),
  ]
}

function raise(): never {
  throw notFound('no such notification')
}
