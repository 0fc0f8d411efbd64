import type { DB } from '../db/connection.ts'
import { refreshCompanyStats } from './company-stats.ts'
import { bumpDerivedGeneration } from './derived-generation.ts'
import { refreshSimilarJobs } from './similar.ts'

/**
 * Recomputes data derived from postings (similar-job neighbours, company stats and with them
 * company search) after a seed or an import wrote them, with the ids of the postings that were
 * inserted, updated or closed. Each derived-data module adds its call here.
 *
 * Durability: an import records the ids in `derived_refresh_pending` inside its batch transaction
 * (markRefreshPending) and the refresh clears them when done. A process killed in between leaves
 * the ids behind; resumePendingRefresh, run on every start and before every import, finishes the
 * work. Every step is idempotent, so doing one twice is harmless.
 */
export function refreshDerivedData(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  refreshCompanyStats(db, changedJobIds)
  refreshSimilarJobs(db, changedJobIds)
  bumpDerivedGeneration(db)
  db.prepare('DELETE FROM derived_refresh_pending WHERE job_id IN (SELECT value FROM json_each(?))').run(JSON.stringify(changedJobIds))
}

/** Call inside the transaction that wrote the postings. */
export function markRefreshPending(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  db.prepare('INSERT OR IGNORE INTO derived_refresh_pending (job_id) SELECT value FROM json_each(?)').run(JSON.stringify(changedJobIds))
}

/** Finishes refreshes a killed process left behind; returns how many postings it covered. */
export function resumePendingRefresh(db: DB, batchSize = 1000): number {
  let done = 0
  for (;;) {
    const ids = db.prepare('SELECT job_id FROM derived_refresh_pending ORDER BY job_id LIMIT ?').pluck().all(batchSize) as number[]
    if (ids.length === 0) return done
    refreshDerivedData(db, ids)
    done += ids.length
  }
}
