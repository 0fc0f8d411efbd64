import { getMeta, setMeta, type DB } from '../db/connection.ts'

/**
 * company_stats: per-company facts derived from its open postings (open-role count, regions,
 * countries, remote regions, domains, company types and sizes). Refreshed for the companies whose
 * postings changed; `company_stats_generation` in catalogue_meta tells readers to reload.
 */
const GENERATION_KEY = 'company_stats_generation'

const openJobs = 'FROM jobs j WHERE j.company_id = c.id AND j.closed_at IS NULL'

const REFRESH_SQL = `
  INSERT INTO company_stats (company_id, job_count, regions, countries, remote_regions, domains, company_types, company_sizes, updated_at)
  SELECT c.id,
    (SELECT count(*) ${openJobs}),
    (SELECT json_group_array(DISTINCT r.region) FROM jobs j JOIN job_regions r ON r.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT k.country) FROM jobs j JOIN job_countries k ON k.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT r.region) FROM jobs j JOIN job_regions r ON r.job_id = j.id
       WHERE j.company_id = c.id AND j.closed_at IS NULL AND j.work_mode = 'remote'),
    (SELECT json_group_array(DISTINCT d.domain) FROM jobs j JOIN job_domains d ON d.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT j.company_type) ${openJobs} AND j.company_type IS NOT NULL),
    (SELECT json_group_array(DISTINCT j.company_size) ${openJobs} AND j.company_size IS NOT NULL),
    @now
  FROM companies c WHERE c.id IN (SELECT value FROM json_each(@ids))
  ON CONFLICT (company_id) DO UPDATE SET
    job_count = excluded.job_count, regions = excluded.regions, countries = excluded.countries,
    remote_regions = excluded.remote_regions, domains = excluded.domains, company_types = excluded.company_types,
    company_sizes = excluded.company_sizes, updated_at = excluded.updated_at`

/** Recomputes the stats of the companies behind the changed postings, in one transaction. */
export function refreshCompanyStats(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  const companyIds = db
    .prepare('SELECT DISTINCT company_id FROM jobs WHERE id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(changedJobIds)) as number[]
  writeStats(db, companyIds)
}

function writeStats(db: DB, companyIds: number[]): void {
  db.transaction(() => {
    db.prepare(REFRESH_SQL).run({ ids: JSON.stringify(companyIds), now: new Date().toISOString() })
    setMeta(db, GENERATION_KEY, String(Number(getMeta(db, GENERATION_KEY) ?? '0') + 1))
  })()
}

/**
 * The current stats generation. A database whose stats were never built (a file from before this
 * table, or postings written without the refresh hook) gets them built here, once.
 */
export function companyStatsGeneration(db: DB): string {
  const generation = getMeta(db, GENERATION_KEY)
  if (generation !== undefined) return generation
  writeStats(db, db.prepare('SELECT id FROM companies').pluck().all() as number[])
  return getMeta(db, GENERATION_KEY)!
}
