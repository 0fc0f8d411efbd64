import type { DB } from '../db/connection.ts'

export const PUSH_PLATFORMS = ['ios', 'android'] as const
export type PushPlatform = (typeof PUSH_PLATFORMS)[number]

export interface PushToken {
  token: string
  platform: PushPlatform
  created_at: string
  updated_at: string
}

/** Upsert by token value: the same device token registered by another account moves to this caller. */
export function registerPushToken(db: DB, userId: number, token: string, platform: PushPlatform, now = new Date().toISOString()): void {
  db.prepare(
    `INSERT INTO push_tokens (token, user_id, platform, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (token) DO UPDATE SET user_id = excluded.user_id, platform = excluded.platform, updated_at = excluded.updated_at`,
  ).run(token, userId, platform, now, now)
}

export function listPushTokens(db: DB, userId: number): PushToken[] {
  return db
    .prepare('SELECT token, platform, created_at, updated_at FROM push_tokens WHERE user_id = ? ORDER BY created_at, token')
    .all(userId) as PushToken[]
}

/** Removes one of the caller's tokens, or all of them when `token` is absent; returns how many went. */
export function deletePushTokens(db: DB, userId: number, token?: string): number {
  if (token !== undefined) return db.prepare('DELETE FROM push_tokens WHERE user_id = ? AND token = ?').run(userId, token).changes
  return db.prepare('DELETE FROM push_tokens WHERE user_id = ?').run(userId).changes
}
