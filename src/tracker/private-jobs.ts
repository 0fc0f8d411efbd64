import { randomBytes } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { enrichPosting } from '../ingest/enrich.ts'
import { slugify } from '../vocabulary/slug.ts'
import type { JobRecord } from '../catalogue/job-record.ts'

/**
 * Vacancies a job seeker pastes (POST /me/jd/resolve with `text`): enriched exactly like an
 * imported posting, stored in private_jobs — never in the catalogue's jobs table — so no public
 * read (search, facets, similar jobs, copies, company pages and stats, suggestions) can reach
 * them. Only their owner reads them, by their `private-…` slug.
 */
const TITLE_MAX = 200
export const PRIVATE_JOB_PREFIX = 'private-'

export function storePrivateJob(db: DB, userId: number, input: { text: string; title?: string; company?: string }, now: Date): string {
  const title = (input.title?.trim() || firstLine(input.text)).slice(0, TITLE_MAX)
  const companyName = input.company?.trim() || null
  const slug = `${PRIVATE_JOB_PREFIX}${randomBytes(8).toString('hex')}`
  const record = enrichPosting(
    {
      source: 'private',
      externalId: slug,
      title,
      company: { slug: slugify(companyName ?? 'unknown-company') || 'unknown-company', name: companyName ?? '' },
      description: input.text,
      postedAt: now.toISOString(),
      createdAt: now.toISOString(),
    },
    { now },
  )
  db.prepare('INSERT INTO private_jobs (user_id, public_slug, title, company, record, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
    userId, slug, title, companyName, JSON.stringify(record), now.toISOString(),
  )
  return slug
}

function firstLine(text: string): string {
  return text.split('\n').map((line) => line.trim()).find(Boolean) ?? 'Pasted vacancy'
}

/** The owner's pasted vacancy in the Job shape (fields a pasted text cannot have are omitted); undefined for anyone else. */
export function privateJob(db: DB, userId: number, slug: string): Record<string, unknown> | undefined {
  const row = db.prepare('SELECT public_slug, title, company, record, created_at FROM private_jobs WHERE user_id = ? AND public_slug = ?').get(userId, slug) as
    | { public_slug: string; title: string; company: string | null; record: string; created_at: string }
    | undefined
  if (!row) return undefined
  const job = JSON.parse(row.record) as JobRecord
  const enrichment = Object.fromEntries(
    Object.entries({
      summary: job.summary, employment_type: job.employmentType, seniority: job.seniority, category: job.category,
      experience_years_min: job.experienceYearsMin, salary_min: job.salaryMin, salary_max: job.salaryMax,
      salary_currency: job.salaryCurrency, salary_period: job.salaryPeriod, posting_language: job.postingLanguage,
      domains: job.domains,
    }).filter(([, value]) => value !== null && value !== undefined),
  )
  return {
    public_slug: row.public_slug,
    title: row.title,
    ...(row.company && { company: row.company }),
    private: true,
    description: job.descriptionHtml,
    regions: job.regions ?? [],
    countries: job.countries ?? [],
    cities: (job.cities ?? []).map((city) => city.name),
    ...(job.workMode && { work_mode: job.workMode }),
    skills: (job.skills ?? []).map((skill) => skill.slug),
    enrichment,
    created_at: row.created_at,
  }
}
