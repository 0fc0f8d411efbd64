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
