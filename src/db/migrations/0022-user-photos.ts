import type { Migration } from './index.ts'

/** Profile photos (issue 17): the photo itself and the upload ledger of its hourly cap. New tables only; the SQL is a frozen copy of schema.sql. */
export const userPhotos: Migration = {
  version: 22,
  name: 'user-photos',
  up(db) {
    db.exec(`
CREATE TABLE IF NOT EXISTS user_photos (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content_type  TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width         INTEGER NOT NULL,
  height        INTEGER NOT NULL,
  bytes         BLOB NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS photo_uploads (
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  uploaded_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS photo_uploads_user ON photo_uploads (user_id, uploaded_at);`)
  },
}
