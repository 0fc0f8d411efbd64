import type { Migration } from './index.ts'

/** Release 2: the durable to-do list of derived-data refreshes (src/catalogue/refresh.ts). */
export const derivedRefreshPending: Migration = {
  version: 2,
  name: 'derived-refresh-pending',
  up(db) {
    db.exec(`CREATE TABLE IF NOT EXISTS derived_refresh_pending (
      job_id  INTEGER PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE
    ) STRICT`)
  },
}
