import type { DB } from '../db/connection.ts'
import type { CompanyRow } from './company-json.ts'
import { currentCompanyStats } from './company-stats.ts'

/** Company detail reads: the company with its stats, its collections, its open postings. */

/** A company with its derived stats (absent stats read as no open roles). */
export function companyRowBySlug(db: DB, slug: string): CompanyRow | undefined {
  currentCompanyStats(db)
  return db
    .prepare(
      `SELECT c.*, s.job_count, s.regions, s.countries, s.remote_regions, s.domains, s.company_types, s.company_sizes
       FROM companies c LEFT JOIN company_stats s ON s.company_id = c.id WHERE c.slug = ?`,
    )
    .get(slug) as CompanyRow | undefined
}

export function companyCollections(db: DB, companyId: number): string[] {
  return db.prepare('SELECT collection FROM company_collections WHERE company_id = ? ORDER BY collection').pluck().all(companyId) as string[]
}

/** Open postings of a company, newest first; `openJobs` (from company_stats) spares counting a big company's postings. */
export function companyJobIds(db: DB, companyId: number, limit: number, offset: number, openJobs: number | null): { ids: number[]; total: number } {
  const ids = db
    .prepare('SELECT id FROM jobs WHERE company_id = ? AND closed_at IS NULL ORDER BY posted_at DESC, id DESC LIMIT ? OFFSET ?')
    .pluck()
    .all(companyId, limit, offset) as number[]
  const total = openJobs ?? (db.prepare('SELECT count(*) FROM jobs WHERE company_id = ? AND closed_at IS NULL').pluck().get(companyId) as number)
  return { ids, total }
}
