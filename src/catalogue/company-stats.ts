import { getMeta, setMeta, type DB } from '../db/connection.ts'
import { serviceUnavailable } from '../errors.ts'

/**
 * company_stats: per-company facts derived from its open postings (open-role count, regions,
 * countries, remote regions, domains, company types and sizes). The refresh hook only marks the
 * companies whose postings changed (company_stats_pending); the first reader afterwards recomputes
 * them in one statement. A seed of two hundred batches thus computes each company once, and
 * `company_stats_generation` in catalogue_meta tells in-memory readers to reload.
 */
const GENERATION_KEY = 'company_stats_generation'

const openJobs = 'FROM jobs j WHERE j.company_id = c.id AND j.closed_at IS NULL'

/** Reads only: computed outside any write transaction (a large company takes seconds), then written in a short one. */
const COMPUTE_SQL = `
  SELECT c.id,
    (SELECT count(*) ${openJobs}),
    (SELECT json_group_array(DISTINCT r.region) FROM jobs j JOIN job_regions r ON r.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT k.country) FROM jobs j JOIN job_countries k ON k.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT r.region) FROM jobs j JOIN job_regions r ON r.job_id = j.id
       WHERE j.company_id = c.id AND j.closed_at IS NULL AND j.work_mode = 'remote'),
    (SELECT json_group_array(DISTINCT d.domain) FROM jobs j JOIN job_domains d ON d.job_id = j.id WHERE j.company_id = c.id AND j.closed_at IS NULL),
    (SELECT json_group_array(DISTINCT j.company_type) ${openJobs} AND j.company_type IS NOT NULL),
    (SELECT json_group_array(DISTINCT j.company_size) ${openJobs} AND j.company_size IS NOT NULL),
    ?
  FROM companies c WHERE c.id IN (SELECT value FROM json_each(?))`

const WRITE_SQL = `
  INSERT INTO company_stats (company_id, job_count, regions, countries, remote_regions, domains, company_types, company_sizes, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (company_id) DO UPDATE SET
    job_count = excluded.job_count, regions = excluded.regions, countries = excluded.countries,
    remote_regions = excluded.remote_regions, domains = excluded.domains, company_types = excluded.company_types,
    company_sizes = excluded.company_sizes, updated_at = excluded.updated_at`

/** Marks the companies behind the changed postings for recomputation (cheap: one indexed insert). */
export function refreshCompanyStats(db: DB, changedJobIds: number[]): void {
  if (changedJobIds.length === 0) return
  db.prepare(
    'INSERT OR IGNORE INTO company_stats_pending (company_id) SELECT DISTINCT company_id FROM jobs WHERE id IN (SELECT value FROM json_each(?))',
  ).run(JSON.stringify(changedJobIds))
}

/** Database files whose company stats this process builds on a worker thread (src/derived-prep.ts). */
const buildingElsewhere = new Set<string>()

export function buildingCompanyStatsOnThread(dbPath: string, building: boolean): void {
  if (building) buildingElsewhere.add(dbPath)
  else buildingElsewhere.delete(dbPath)
}

/** Pending companies from which building them is a job for the start's background work (src/derived-prep.ts), not a reader. */
const MANY_PENDING = 20

/** Whether company_stats were never built or many companies wait: ~35 ms a company of a thousand postings. */
export function companyStatsToBuild(db: DB): boolean {
  if (getMeta(db, GENERATION_KEY) === undefined) return true
  return (db.prepare('SELECT count(*) FROM (SELECT 1 FROM company_stats_pending LIMIT ?)').pluck().get(MANY_PENDING) as number) >= MANY_PENDING
}

/** Companies computed per round. */
const BATCH = 8

/**
 * Brings company_stats up to date and returns its generation. A database whose stats were never
 * built (a file from before this table, or postings written without the refresh hook) gets every
 * company computed here, once. A round takes a batch of pending companies off the list, computes
 * them outside any write transaction and writes them in a short one, so writers never wait for a
 * large catalogue's companies: a company marked again while it is computed stays pending for the
 * next round. (A process killed within a round leaves that batch stale until its next change.)
 * `between` runs after each round with the companies computed so far.
 */
export function currentCompanyStats(db: DB, options: { between?: (companies: number) => void } = {}): string {
  // Built beside serving by this process (src/derived-prep.ts): building them here too would stop the event loop for minutes.
  if (buildingElsewhere.has(db.name)) throw serviceUnavailable('company figures are being prepared after the first start; try again in a minute')
  const generation = getMeta(db, GENERATION_KEY)
  const pending = generation === undefined || db.prepare('SELECT 1 FROM company_stats_pending LIMIT 1').get() !== undefined
  if (!pending) return generation!
  // A replica (read-only file) reads the stats as the primary last left them: bringing them up to
  // date is the primary's, and until it has built them once there are none to read.
  if (db.readonly) {
    if (generation === undefined) throw serviceUnavailable('company figures are being prepared on the primary; try again in a minute')
    return generation
  }
  if (generation === undefined) db.exec('INSERT OR IGNORE INTO company_stats_pending (company_id) SELECT id FROM companies')
  const take = db.prepare('DELETE FROM company_stats_pending WHERE company_id IN (SELECT company_id FROM company_stats_pending ORDER BY company_id LIMIT ?) RETURNING company_id').pluck()
  const compute = db.prepare(COMPUTE_SQL).raw()
  const write = db.prepare(WRITE_SQL)
  let done = 0
  for (let ids = take.all(BATCH); ids.length; ids = take.all(BATCH)) {
    const rows = compute.all(new Date().toISOString(), JSON.stringify(ids)) as unknown[][]
    db.transaction(() => rows.forEach((row) => write.run(...row)))()
    options.between?.((done += ids.length))
  }
  setMeta(db, GENERATION_KEY, String(Number(generation ?? '0') + 1))
  return getMeta(db, GENERATION_KEY)!
}
