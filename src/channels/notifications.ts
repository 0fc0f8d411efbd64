import type { DB } from '../db/connection.ts'

export const NOTIFICATION_KINDS = [
  'subscription_digest', 'submission_approved', 'submission_rejected', 'referral_offer_decided', 'referral_request', 'referral_request_resolved',
] as const

export interface NotificationJob {
  public_slug: string
  title: string
  company: string
  location: string | null
  work_mode: string | null
  created_at: string
}

export interface NewNotification {
  userId: number
  kind: (typeof NOTIFICATION_KINDS)[number]
  title: string
  body: string
  publicSlug?: string | null
  jobs?: NotificationJob[]
  subscriptionId?: number | null
  /** False: written only for the delivery outbox, left out of the in-app list (in-app digests off). */
  inApp?: boolean
}

interface NotificationRow {
  id: number
  kind: string
  title: string
  body: string
  public_slug: string | null
  jobs: string
  created_at: string
  read_at: string | null
}

/** The Notification entry of the API: the only place a notification row becomes JSON. */
function toNotification(row: NotificationRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    public_slug: row.public_slug,
    jobs: JSON.parse(row.jobs) as NotificationJob[],
    created_at: row.created_at,
    read_at: row.read_at,
  }
}

export type Notification = ReturnType<typeof toNotification>

const COLUMNS = 'id, kind, title, body, public_slug, jobs, created_at, read_at'

export function createNotification(db: DB, input: NewNotification, now = new Date().toISOString()): number {
  return Number(
    db
      .prepare(
        `INSERT INTO notifications (user_id, kind, title, body, public_slug, jobs, subscription_id, created_at, in_app)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(input.userId, input.kind, input.title, input.body, input.publicSlug ?? null, JSON.stringify(input.jobs ?? []), input.subscriptionId ?? null, now, input.inApp === false ? 0 : 1)
      .lastInsertRowid,
  )
}

/** Newest first (id order is creation order), with the totals the list meta reports. */
export function listNotifications(db: DB, userId: number, limit: number, offset: number) {
  const rows = db
    .prepare(`SELECT ${COLUMNS} FROM notifications WHERE user_id = ? AND in_app = 1 ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(userId, limit, offset) as NotificationRow[]
  const counts = db
    .prepare('SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notifications WHERE user_id = ? AND in_app = 1')
    .get(userId) as { total: number; unread: number }
  return { items: rows.map(toNotification), total: counts.total, unreadCount: counts.unread }
}

export function getNotification(db: DB, userId: number, id: number, options: { includeOutOfApp?: boolean } = {}): Notification | null {
  const inApp = options.includeOutOfApp ? '' : ' AND in_app = 1'
  const row = db.prepare(`SELECT ${COLUMNS} FROM notifications WHERE user_id = ? AND id = ?${inApp}`).get(userId, id) as NotificationRow | undefined
  return row ? toNotification(row) : null
}

/** Marks one notification read; read_at keeps the first reading time. Null when not the caller's. */
export function markNotificationRead(db: DB, userId: number, id: number, now = new Date().toISOString()): Notification | null {
  db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND id = ? AND read_at IS NULL').run(now, userId, id)
  return getNotification(db, userId, id)
}

/** Marks every unread notification read; returns how many changed. */
export function markAllNotificationsRead(db: DB, userId: number, now = new Date().toISOString()): number {
  return db.prepare('UPDATE notifications SET read_at = ? WHERE user_id = ? AND in_app = 1 AND read_at IS NULL').run(now, userId).changes
}

/** Where a digest can leave the app (a subscription names one): mail, the Telegram bot, push (browser or mobile), the Discord bot, the user's webhook. */
export const DELIVERY_CHANNELS = ['email', 'telegram', 'push', 'discord', 'webhook'] as const
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number]

/**
 * `enabled` + `channels` (the reference service's shape): whether digests leave the app and on
 * which channels; a subscription delivers only when its channel is listed. `digest_in_app`: whether
 * digests are written to the notification list. `digest_push` is the earlier spelling of
 * "push is among the channels", still read and answered.
 */
export interface NotificationSettings {
  enabled: boolean
  channels: DeliveryChannel[]
  digest_in_app: boolean
  digest_push: boolean
}

export interface NotificationSettingsUpdate {
  enabled?: boolean
  channels?: DeliveryChannel[]
  digest_in_app?: boolean
  digest_push?: boolean
}

const DEFAULT_CHANNELS: DeliveryChannel[] = ['email', 'push']

export function getNotificationSettings(db: DB, userId: number): NotificationSettings {
  const row = db.prepare('SELECT enabled, channels, digest_in_app FROM notification_settings WHERE user_id = ?').get(userId) as
    | { enabled: number; channels: string; digest_in_app: number }
    | undefined
  const channels = row ? (JSON.parse(row.channels) as DeliveryChannel[]) : DEFAULT_CHANNELS
  return { enabled: row ? row.enabled === 1 : true, channels, digest_in_app: row ? row.digest_in_app === 1 : true, digest_push: channels.includes('push') }
}

/**
 * Partial update: fields absent from `update` keep their value. Returns an error message (and
 * writes nothing) when digests would be enabled with no channel to go to.
 */
export function updateNotificationSettings(db: DB, userId: number, update: NotificationSettingsUpdate, now = new Date().toISOString()): NotificationSettings | { error: string } {
  return db.transaction(() => {
    const current = getNotificationSettings(db, userId)
    let channels = update.channels ? [...new Set(update.channels)] : current.channels
    if (update.digest_push !== undefined && update.channels === undefined) {
      channels = update.digest_push ? [...new Set([...channels, 'push' as const])] : channels.filter((channel) => channel !== 'push')
    }
    const enabled = update.enabled ?? current.enabled
    if (enabled && channels.length === 0) return { error: 'enabled needs at least one channel' }
    const channelsOrdered = DELIVERY_CHANNELS.filter((channel) => channels.includes(channel))
    db.prepare(
      `INSERT INTO notification_settings (user_id, digest_in_app, enabled, channels, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET digest_in_app = excluded.digest_in_app, enabled = excluded.enabled,
         channels = excluded.channels, updated_at = excluded.updated_at`,
    ).run(userId, (update.digest_in_app ?? current.digest_in_app) ? 1 : 0, enabled ? 1 : 0, JSON.stringify(channelsOrdered), now)
    return getNotificationSettings(db, userId)
  })()
}
