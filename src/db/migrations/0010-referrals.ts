import { randomUUID } from 'node:crypto'
import type { Migration } from './index.ts'
import { createFromSchema, rebuildTable } from '../schema-objects.ts'

/**
 * Referrals (issue 21): offers get UUID ids, a LinkedIn profile and a private proof PDF, which
 * SQLite can only do by rebuilding the table; plus the proofs and the requests. Offers the stub
 * marked withdrawn are dropped (withdrawing now deletes). Tables take their shape from schema.sql.
 */
export const referrals: Migration = {
  version: 10,
  name: 'referrals',
  rebuildsTables: true,
  up(db) {
    rebuildTable(db, 'referral_offers', (next) => {
      const old = db.prepare("SELECT company_id, user_id, status, created_at, decided_at FROM referral_offers WHERE status != 'withdrawn' ORDER BY id").all() as
        { company_id: number; user_id: number; status: string; created_at: string; decided_at: string | null }[]
      const insert = db.prepare(
        `INSERT OR IGNORE INTO ${next} (id, company_id, user_id, status, linkedin_url, created_at, decided_at) VALUES (?, ?, ?, ?, '', ?, ?)`,
      )
      for (const row of old) insert.run(randomUUID(), row.company_id, row.user_id, row.status, row.created_at, row.decided_at)
    })
    createFromSchema(db, ['referral_proofs', 'referral_requests'])
  },
}
