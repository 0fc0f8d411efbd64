import type { DB } from '../db/connection.ts'
import { refreshCompanyStats } from './company-stats.ts'
import { bumpDerivedGeneration } from './derived-generation.ts'
import { refreshSimilarJobs } from './similar.ts'

/**
 * Recomputes data derived from postings (e.g. similar-job neighbours) after a seed or an import
 * wrote them. Called by src/ingest once per batch, after its transaction commits, with the ids of
 * the postings that were inserted, updated or closed. Each derived-data module adds its call here.
 */
export function refreshDerivedData(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  refreshCompanyStats(db, changedJobIds)
  refreshSimilarJobs(db, changedJobIds)
  bumpDerivedGeneration(db)
}
