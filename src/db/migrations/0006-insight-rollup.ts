import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Version 6: the insights rollup (daily first-seen / closed counts per key, open counts now and 30
 * days ago, salary percentiles) and the triggers that mark changed days. Every day that has
 * postings is marked pending, so the first start after the upgrade backfills the history from
 * created_at / closed_at (src/insights/rollup.ts).
 */
export const insightRollup: Migration = {
  version: 6,
  name: 'insight-rollup',
  up(db) {
    createFromSchema(db, ['insight_daily', 'insight_open', 'insight_pending', 'insight_salary', 'insight_pending_job_insert', 'insight_pending_job_update', 'insight_pending_job_delete'])
    db.exec(`INSERT OR IGNORE INTO insight_pending (day)
      SELECT DISTINCT substr(created_at, 1, 10) FROM jobs
      UNION SELECT DISTINCT substr(closed_at, 1, 10) FROM jobs WHERE closed_at IS NOT NULL`)
  },
}
