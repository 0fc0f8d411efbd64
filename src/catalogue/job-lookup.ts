import type { DB } from '../db/connection.ts'
import { normalizeUrl } from './job-store.ts'

/**
 * Single-posting lookups of the public job surface: by URL (the employer's application URL or the
 * source URL, compared in normalized form) and the other open postings of a role cluster.
 */

/** Slug of the posting behind a URL; an open posting wins over a closed one, then the newest. */
export function jobSlugByUrl(db: DB, url: string): string | undefined {
  const key = normalizeUrl(url)
  if (!key) return undefined
  const row = db
    .prepare(
      `SELECT public_slug FROM jobs WHERE url_key = @key OR source_url_key = @key
       ORDER BY closed_at IS NOT NULL, posted_at DESC, id DESC LIMIT 1`,
    )
    .get({ key }) as { public_slug: string } | undefined
  return row?.public_slug
}

export interface JobPage {
  ids: number[]
  total: number
}

/** The other open postings of a job's role cluster (reposts of one role), newest first. */
export function clusterCopies(db: DB, jobId: number, limit: number, offset: number): JobPage {
  const row = db.prepare('SELECT cluster_id FROM jobs WHERE id = ?').get(jobId) as { cluster_id: number | null } | undefined
  if (!row?.cluster_id) return { ids: [], total: 0 }
  const where = 'cluster_id = ? AND closed_at IS NULL AND id != ?'
  const total = (db.prepare(`SELECT count(*) AS n FROM jobs WHERE ${where}`).get(row.cluster_id, jobId) as { n: number }).n
  const ids = db
    .prepare(`SELECT id FROM jobs WHERE ${where} ORDER BY posted_at DESC, id DESC LIMIT ? OFFSET ?`)
    .pluck()
    .all(row.cluster_id, jobId, limit, offset) as number[]
  return { ids, total }
}

/** What a conversation or a CV names a posting by: its slug, title, company name and plain text. */
export interface JobHeading {
  slug: string
  title: string
  company: string
  description: string
}

/** The heading of a posting by id or public slug; undefined when there is none. */
export function jobHeading(db: DB, by: { id: number } | { slug: string }): JobHeading | undefined {
  return db
    .prepare(
      `SELECT j.public_slug AS slug, j.title, c.name AS company, coalesce(j.description_text, '') AS description
       FROM jobs j JOIN companies c ON c.id = j.company_id WHERE ${'id' in by ? 'j.id' : 'j.public_slug'} = ?`,
    )
    .get('id' in by ? by.id : by.slug) as JobHeading | undefined
}

/** A posting's enriched skills, by slug. */
export function jobSkills(db: DB, jobId: number): { slug: string; name: string }[] {
  return db.prepare('SELECT s.slug, s.name FROM job_skills js JOIN skills s ON s.slug = js.skill WHERE js.job_id = ? ORDER BY s.slug').all(jobId) as { slug: string; name: string }[]
}
