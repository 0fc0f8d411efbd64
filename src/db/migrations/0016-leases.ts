import type { Migration } from './index.ts'

/** Several serving processes on one file (issue 14): the scheduler lease table. Same SQL as schema.sql. */
export const leases: Migration = {
  version: 16,
  name: 'leases',
  up(db) {
    db.exec(`
CREATE TABLE IF NOT EXISTS leases (
  name        TEXT PRIMARY KEY,
  holder      TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
) STRICT;`)
  },
}
