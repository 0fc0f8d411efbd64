import type { Statement } from 'better-sqlite3'
import type { DB } from '../db/connection.ts'
import type { JobRecord } from '../catalogue/job-record.ts'
import { refreshDerivedData } from '../catalogue/refresh.ts'
import { clusterId, salaryColumns } from '../catalogue/job-store.ts'
import { ENRICHMENT_VERSION, enrichPosting } from './enrich.ts'
import { companyBoilerplate } from './import.ts'

/**
 * Re-enriches stored postings whose `enrichment_version` is older than the rules: the facets are
 * derived again from the stored title, location and description. A start runs it beside serving
 * (src/derived-prep.ts, like the other derived data), not an upgrade step, so what a shipped
 * migration does never changes with the rules. The database of release 1 did not
 * record which facts the source stated (a JSON-LD baseSalary, an employer's skill tags), so a fact
 * the new rules do not find keeps its stored value; a fact they find replaces it. The reality signal
 * and ghost evidence (which depend on reposts, not on text rules) stay as stored.
 *
 * The SQL names the columns itself (not the attribute table). Role clusters are re-keyed by the
 * new rules, except a cluster keyed by the board's own job id (which the stored row does not hold):
 * such a posting stays in its cluster.
 */
interface StoredRow {
  id: number
  source: string
  external_id: string
  title: string
  url: string | null
  location: string | null
  description_html: string
  manually_added: number
  posted_at: string
  created_at: string
  last_seen_at: string
  closed_at: string | null
  company_slug: string
  company_name: string
  company_description: string | null
  company_tagline: string | null
  company_type_of_company: string | null
  company_size_of_company: string | null
  [column: string]: unknown
}

const SINGLE: [column: string, key: keyof JobRecord][] = [
  ['work_mode', 'workMode'], ['role', 'role'], ['role_type', 'roleType'], ['ai_archetype', 'aiArchetype'], ['category', 'category'],
  ['seniority', 'seniority'], ['employment_type', 'employmentType'], ['relocation', 'relocation'], ['english_level', 'englishLevel'],
  ['education_level', 'educationLevel'], ['posting_language', 'postingLanguage'], ['company_type', 'companyType'],
  ['company_size', 'companySize'], ['summary', 'summary'], ['timezone_note', 'timezoneNote'],
]
const SALARY: [string, keyof JobRecord][] = [['salary_min', 'salaryMin'], ['salary_max', 'salaryMax'], ['salary_currency', 'salaryCurrency'], ['salary_period', 'salaryPeriod']]
const YEARS: [string, keyof JobRecord][] = [['experience_years_min', 'experienceYearsMin'], ['experience_years_max', 'experienceYearsMax']]
const ALL = [...SINGLE, ...SALARY, ...YEARS]
const BATCH = 2000

/**
 * Whether any stored posting was enriched by older rules than these. A posting without a version was
 * stored as given, not made by the rules (a test's fixture), and is left alone.
 */
export function reenrichmentPending(db: DB): boolean {
  return staleEnrichments(db, 1) > 0
}

/** Postings enriched by older rules, counted up to `atMost + 1` (enough to tell "more than"). */
export function staleEnrichments(db: DB, atMost: number): number {
  return db.prepare('SELECT count(*) FROM (SELECT 1 FROM jobs WHERE enrichment_version < ? LIMIT ?)').pluck().get(ENRICHMENT_VERSION, atMost + 1) as number
}

/** One write transaction per batch; `between` runs after each (the worker thread's pause). */
export function reenrichPostings(db: DB, now: Date = new Date(), options: { between?: () => void } = {}): number {
  const select = db.prepare(
    `SELECT j.*, c.slug AS company_slug, c.name AS company_name, c.description AS company_description, c.tagline AS company_tagline,
       c.company_type AS company_type_of_company, c.company_size AS company_size_of_company, r.cluster_key AS stored_cluster_key
     FROM jobs j JOIN companies c ON c.id = j.company_id LEFT JOIN role_clusters r ON r.id = j.cluster_id
     WHERE j.enrichment_version < ? AND j.id > ? ORDER BY j.id LIMIT ?`,
  )
  const update = db.prepare(
    `UPDATE jobs SET ${ALL.map(([column]) => `${column} = @${column}`).join(', ')}, visa_sponsorship = @visa_sponsorship,
       requires_clearance = @requires_clearance, enrichment_version = @enrichment_version, enriched_at = @enriched_at
       , cluster_id = @cluster_id, provenance = @provenance, salary_min_exact = @salary_min_exact, salary_max_exact = @salary_max_exact WHERE id = @id`,
  )
  const children = {
    regions: ['job_regions', 'region'],
    countries: ['job_countries', 'country'],
    skills: ['job_skills', 'skill'],
    domains: ['job_domains', 'domain'],
  } as const
  const addSkill = db.prepare('INSERT OR IGNORE INTO skills (slug, name) VALUES (?, ?)')
  const statements = Object.fromEntries(
    Object.entries(children).map(([list, [table, column]]) => [
      list,
      { clear: db.prepare(`DELETE FROM ${table} WHERE job_id = ?`), insert: db.prepare(`INSERT OR IGNORE INTO ${table} (job_id, ${column}) VALUES (?, ?)`) },
    ]),
  ) as Record<keyof typeof children, { clear: Statement; insert: Statement }>
  const clearCities = db.prepare('DELETE FROM job_cities WHERE job_id = ?')
  const addCity = db.prepare('INSERT OR IGNORE INTO job_cities (job_id, city, country) VALUES (?, ?, ?)')
  const boilerplateOf = companyBoilerplate(db)
  const boilerplate = new Map<string, ReadonlySet<string>>()
  let total = 0
  for (let after = 0; ; ) {
    const rows = select.all(ENRICHMENT_VERSION, after, BATCH) as StoredRow[]
    if (!rows.length) break
    after = rows[rows.length - 1]!.id
    const boilerplateFor = (slug: string) => {
      if (!boilerplate.has(slug)) boilerplate.set(slug, boilerplateOf(slug, []))
      return boilerplate.get(slug)
    }
    db.transaction(() => {
      for (const row of rows) {
        const job = enrichPosting(
          {
            source: row.source,
            externalId: row.external_id,
            title: row.title,
            company: {
              slug: row.company_slug, name: row.company_name, description: row.company_description, tagline: row.company_tagline,
              companyType: row.company_type_of_company, companySize: row.company_size_of_company,
            },
            description: row.description_html,
            url: row.url,
            location: row.location,
            postedAt: row.posted_at,
            createdAt: row.created_at,
            lastSeenAt: row.last_seen_at,
            closedAt: row.closed_at,
            manuallyAdded: row.manually_added === 1,
          },
          { now, boilerplate: boilerplateFor(row.company_slug) },
        )
        const params: Record<string, unknown> = { id: row.id, enrichment_version: ENRICHMENT_VERSION, enriched_at: now.toISOString() }
        for (const [column, key] of SINGLE) params[column] = (job[key] as string | null | undefined) ?? row[column] ?? null
        // A salary and a range of years are each one fact: taken whole from the new rules or kept whole.
        for (const group of [SALARY, YEARS]) {
          const found = group.some(([, key]) => job[key] != null)
          for (const [column, key] of group) params[column] = found ? (job[key] ?? null) : (row[column] ?? null)
        }
        {
          const exact = salaryColumns(params.salary_min as number | null, params.salary_max as number | null)
          const keptExact = !SALARY.some(([, key]) => job[key] != null)
          params.salary_min = exact.salaryMin
          params.salary_max = exact.salaryMax
          params.salary_min_exact = keptExact ? (row.salary_min_exact ?? null) : exact.salaryMinExact
          params.salary_max_exact = keptExact ? (row.salary_max_exact ?? null) : exact.salaryMaxExact
          params.provenance = job.provenance ? JSON.stringify(job.provenance) : null
          const stored = row.stored_cluster_key as string | null
          params.cluster_id = stored?.includes(':job:') ? row.cluster_id : clusterId(db, job.clusterKey)
        }
        params.visa_sponsorship = job.visaSponsorship == null ? row.visa_sponsorship : job.visaSponsorship ? 1 : 0
        params.requires_clearance = job.requiresClearance ? 1 : row.requires_clearance
        update.run(params)
        for (const skill of job.skills ?? []) addSkill.run(skill.slug, skill.name)
        const lists: Record<keyof typeof children, string[]> = {
          regions: job.regions ?? [],
          countries: job.countries ?? [],
          skills: (job.skills ?? []).map((skill) => skill.slug),
          domains: job.domains ?? [],
        }
        const place = lists.countries.length > 0 || lists.regions.length > 0 || (job.cities ?? []).length > 0
        for (const list of Object.keys(children) as (keyof typeof children)[]) {
          const values = lists[list]
          const replaces = list === 'regions' || list === 'countries' ? place : values.length > 0 && !(list === 'domains' && values[0] === 'other')
          if (!replaces) continue
          statements[list].clear.run(row.id)
          for (const value of values) statements[list].insert.run(row.id, value)
        }
        if (place) {
          clearCities.run(row.id)
          for (const c of job.cities ?? []) addCity.run(row.id, c.name, c.country)
        }
      }
      // Derived data (similar jobs, company stats) follows batch by batch, as seeding does.
      refreshDerivedData(db, rows.map((row) => row.id))
    })()
    options.between?.()
    total += rows.length
  }
  return total
}

