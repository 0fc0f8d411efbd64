/**
 * Benchmark catalogues, built once and reused, of two kinds:
 * - `copied` (catalogue-N.db): a base of postings from the seed generator (the same generation and
 *   enrichment as `npm run seed`), multiplied in SQL into 100k / 1M-posting files. Each copy gets
 *   its own ids, slugs, dates, salaries and view counts, so sorting and date filters see a spread;
 *   text and facet combinations repeat 100 times at 1M.
 * - `seeded` (seeded-N.db): built the user's way, `openroles seed --jobs N` (N distinct postings,
 *   their words and companies not repeated): what a user who seeded a catalogue serves.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, renameSync, rmSync } from 'node:fs'
import { openDatabase } from '../src/db/connection.ts'
import { seedCatalogue } from '../src/ingest/seed.ts'
import { carryStartFiles } from '../src/catalogue/catalogue-memory.ts'

const BASE_JOBS = 10_000
const BASE_SEED = 42
/** Fixed generation day, so every machine builds the same files. */
const GENERATED_FOR = new Date(Date.UTC(2026, 10, 1))

function ensureBase(dir: string, log: (line: string) => void): string {
  const path = `${dir}/base-${BASE_JOBS}.db`
  if (existsSync(path)) return path
  log(`generating ${BASE_JOBS} base postings with the seed generator (once)`)
  const db = openDatabase(`${path}.tmp`)
  seedCatalogue(db, { jobs: BASE_JOBS, seed: BASE_SEED, now: GENERATED_FOR })
  db.close()
  renameSync(`${path}.tmp`, path)
  return path
}

const JOB_COPY_COLUMNS = `source, company_id, cluster_id, title, url, url_key, source_url, source_url_key, location, description_html,
  description_text, manually_added, work_mode, role, role_type, ai_archetype, category, seniority, employment_type, relocation,
  visa_sponsorship, requires_clearance, english_level, education_level, posting_language, company_type, company_size,
  salary_currency, salary_period, experience_years_min, experience_years_max, summary, timezone_note, reality_class, reality,
  ghost, enriched_at, enrichment_version, updated_at, last_seen_at, closed_at, applied_count, upvote_count, downvote_count`

/** Returns the path of a catalogue with `jobs` postings, building it when missing. */
export function ensureCatalogue(dir: string, name: string, jobs: number, log: (line: string) => void): string {
  const path = `${dir}/catalogue-${name}.db`
  if (existsSync(path)) return path
  const base = ensureBase(dir, log)
  const started = Date.now()
  log(`building ${path} (${jobs} postings, once)`)
  const tmp = `${path}.tmp`
  rmSync(tmp, { force: true })
  const db = openDatabase(tmp)
  db.exec(`ATTACH '${base}' AS base`)
  const stride = (db.prepare('SELECT max(id) + 1 FROM base.jobs').pluck().get() as number)
  const baseCount = db.prepare('SELECT count(*) FROM base.jobs').pluck().get() as number
  const clusterStride = (db.prepare('SELECT coalesce(max(id), 0) + 1 FROM base.role_clusters').pluck().get() as number)
  const copies = Math.ceil(jobs / baseCount)
  db.exec(`CREATE TEMP TABLE copies (k INTEGER PRIMARY KEY)`)
  const addCopy = db.prepare('INSERT INTO temp.copies (k) VALUES (?)')
  for (let k = 0; k < copies; k++) addCopy.run(k)
  db.transaction(() => {
    for (const table of ['sources', 'companies', 'company_collections', 'skills']) db.exec(`INSERT INTO main.${table} SELECT * FROM base.${table}`)
    // Each copy is a role of its own (a catalogue of a million distinct roles), not a repost of its
    // base posting: otherwise one card per role would fold the copies into the base's 10k roles.
    db.exec(`INSERT INTO main.role_clusters (id, cluster_key) SELECT c.k * ${clusterStride} + r.id, r.cluster_key || '#' || c.k
      FROM base.role_clusters r, temp.copies c`)
    db.exec(`INSERT INTO main.jobs (id, public_slug, external_id, posted_at, created_at, salary_min, salary_max, view_count, ${JOB_COPY_COLUMNS})
      SELECT c.k * ${stride} + j.id, j.public_slug || '-' || c.k, j.external_id || '-' || c.k,
        strftime('%Y-%m-%dT%H:%M:%fZ', j.posted_at, '-' || ((c.k * 7) % 120) || ' days'),
        strftime('%Y-%m-%dT%H:%M:%fZ', j.created_at, '-' || ((c.k * 3) % 60) || ' days'),
        CAST(j.salary_min * (1 + (c.k % 9) * 0.02) AS INTEGER), CAST(j.salary_max * (1 + (c.k % 9) * 0.02) AS INTEGER),
        (j.id * 31 + c.k * 17) % 500, ${JOB_COPY_COLUMNS.split(',').map((column) => (column.trim() === 'cluster_id' ? `c.k * ${clusterStride} + j.cluster_id` : `j.${column.trim()}`)).join(', ')}
      FROM base.jobs j, temp.copies c ORDER BY c.k, j.id LIMIT ${jobs}`)
    for (const [table, columns] of [['job_regions', 'region'], ['job_countries', 'country'], ['job_cities', 'city, country'], ['job_skills', 'skill'], ['job_domains', 'domain']]) {
      db.exec(`INSERT INTO main.${table} (job_id, ${columns}) SELECT c.k * ${stride} + t.job_id, ${columns.split(', ').map((column) => `t.${column}`).join(', ')}
        FROM base.${table} t, temp.copies c WHERE c.k * ${stride} + t.job_id IN (SELECT id FROM main.jobs)`)
    }
    db.exec(`INSERT INTO main.jobs_fts (rowid, title, company, description)
      SELECT j.id, j.title, co.name, j.description_text FROM main.jobs j JOIN main.companies co ON co.id = j.company_id WHERE j.closed_at IS NULL`)
    db.exec('DELETE FROM main.search_changes')
  })()
  db.exec('DETACH base')
  db.close()
  renameSync(tmp, path)
  for (const suffix of ['-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true })
  log(`built ${path} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return path
}

export type CatalogueKind = 'copied' | 'seeded'

/** The path of a catalogue of either kind with `jobs` postings, building it when missing. */
export function ensureCatalogueOf(kind: CatalogueKind, dir: string, name: string, jobs: number, log: (line: string) => void): string {
  return kind === 'copied' ? ensureCatalogue(dir, name, jobs, log) : ensureSeededCatalogue(dir, name, jobs, log)
}

/** `openroles seed --jobs N --seed 42` into bench/data/seeded-N.db (its progress on this terminal), once. */
export function ensureSeededCatalogue(dir: string, name: string, jobs: number, log: (line: string) => void): string {
  const path = `${dir}/seeded-${name}.db`
  if (existsSync(path)) return path
  const tmp = `${path}.tmp`
  log(`seeding ${path} the user's way (openroles seed --jobs ${jobs}, once)`)
  const started = Date.now()
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'seed', '--jobs', String(jobs), '--seed', String(BASE_SEED), '--db', tmp, '--replace'], { stdio: 'inherit' })
  if (seeded.status !== 0) throw new Error(`openroles seed failed (${seeded.status ?? seeded.signal})`)
  renameSync(tmp, path)
  // The search index and catalogue memory the seed saved beside the file move with it (a start reads them back).
  carryStartFiles(tmp, path)
  for (const suffix of ['-wal', '-shm']) rmSync(`${tmp}${suffix}`, { force: true })
  log(`seeded ${path} in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  return path
}
