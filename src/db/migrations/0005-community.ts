import type { Migration } from './index.ts'
import { createFromSchema, rebuildTable } from '../schema-objects.ts'
import { ensurePersona } from '../../community/persona.ts'

/**
 * Community (issue 18): reviews become one per user, company and feedback_type and outlive their
 * author's account (user_id nullable, ON DELETE SET NULL), which SQLite can only do by rebuilding
 * the table; plus review reports, personas, the caps ledger, submissions and threads.
 * Tables take their shape from schema.sql; authors of existing reviews get a persona.
 */
export const community: Migration = {
  version: 5,
  name: 'community',
  rebuildsTables: true,
  up(db) {
    rebuildTable(db, 'company_feedback', (next) =>
      db.exec(`INSERT INTO ${next} (id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, feedback_type)
        SELECT id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, 'other' FROM company_feedback`))
    createFromSchema(db, ['company_feedback_reports', 'personas', 'community_actions', 'submissions', 'threads', 'thread_replies'])
    // Authors of reviews written before personas existed get theirs now, so their reviews are signed.
    const now = new Date().toISOString()
    for (const userId of db.prepare('SELECT DISTINCT user_id FROM company_feedback WHERE user_id IS NOT NULL').pluck().all() as number[]) ensurePersona(db, userId, now)
  },
}
