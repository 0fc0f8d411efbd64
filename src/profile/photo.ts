import type { DB } from '../db/connection.ts'
import { unsupportedType } from '../errors.ts'
import { cleanImage, ImageError, type ImageType } from './image-bytes.ts'
import { HOUR, spendCap } from '../plan/caps.ts'

/**
 * The owner's profile photo: one per user, kept in the database (so a backup carries it and
 * DELETE /me erases it by cascade). Uploads are capped per rolling hour, refused files included,
 * and an image larger than MAX_SIDE pixels a side is refused: the CV typesetter decodes it, and a
 * small file can declare a huge canvas.
 */
export interface Photo {
  type: ImageType
  bytes: Buffer
  updated_at: string
}

/**
 * What the owner sees of the photo: the reference service's `{ enabled, present, uploaded_at? }`
 * (its web app reads exactly these) plus the stored image's details. `enabled` is always true
 * here: the photo lives in the database, so there is no storage to be unconfigured.
 */
export interface PhotoMeta {
  enabled: true
  present: boolean
  uploaded_at?: string
  content_type?: ImageType
  width?: number
  height?: number
  bytes?: number
  updated_at?: string
}

interface StoredPhotoMeta {
  content_type: ImageType
  width: number
  height: number
  /** Size in bytes. */
  bytes: number
  updated_at: string
}

export const MAX_SIDE = 4096

interface PhotoRow {
  content_type: ImageType
  width: number
  height: number
  bytes: Buffer
  updated_at: string
}

/** Counts one upload attempt, or throws 429 with Retry-After when the hour's cap is used up. */
export function countPhotoUpload(db: DB, userId: number, perHour: number, now: Date): void {
  db.transaction(() => spendCap(db, userId, { kind: 'photo_upload', limit: perHour, windowSeconds: HOUR, what: 'photo uploads' }, now))()
}

/** Checks the bytes, strips their metadata and replaces the user's photo; 415 for anything else. */
export function storePhoto(db: DB, userId: number, upload: Buffer, now: Date): PhotoMeta {
  let image
  try {
    image = cleanImage(upload)
  } catch (error) {
    if (error instanceof ImageError) throw unsupportedType(error.message)
    throw error
  }
  if (image.width > MAX_SIDE || image.height > MAX_SIDE) throw unsupportedType(`the photo is ${image.width}×${image.height} pixels; at most ${MAX_SIDE} a side`)
  const row: PhotoRow = { content_type: image.type, width: image.width, height: image.height, bytes: image.bytes, updated_at: now.toISOString() }
  db.prepare(
    `INSERT INTO user_photos (user_id, content_type, width, height, bytes, updated_at) VALUES (@user_id, @content_type, @width, @height, @bytes, @updated_at)
     ON CONFLICT (user_id) DO UPDATE SET content_type = excluded.content_type, width = excluded.width, height = excluded.height, bytes = excluded.bytes, updated_at = excluded.updated_at`,
  ).run({ user_id: userId, ...row })
  return metaOf({ ...row, bytes: row.bytes.length })
}

/** The photo's status for GET /me/photo: `present: false` (and nothing else) while there is none. */
export function photoStatus(db: DB, userId: number): PhotoMeta {
  const row = db.prepare('SELECT content_type, width, height, length(bytes) AS bytes, updated_at FROM user_photos WHERE user_id = ?').get(userId) as StoredPhotoMeta | undefined
  return row ? metaOf(row) : { enabled: true, present: false }
}

/** The stored photo, as a CV template or GET /me/photo/image serves it. */
export function photoOf(db: DB, userId: number): Photo | undefined {
  const row = photoRow(db, userId)
  return row && { type: row.content_type, bytes: row.bytes, updated_at: row.updated_at }
}

export function deletePhoto(db: DB, userId: number): void {
  db.prepare('DELETE FROM user_photos WHERE user_id = ?').run(userId)
}

function photoRow(db: DB, userId: number): PhotoRow | undefined {
  return db.prepare('SELECT content_type, width, height, bytes, updated_at FROM user_photos WHERE user_id = ?').get(userId) as PhotoRow | undefined
}

function metaOf(row: StoredPhotoMeta): PhotoMeta {
  return { enabled: true, present: true, uploaded_at: row.updated_at, ...row }
}
