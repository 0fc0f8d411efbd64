import type { DB } from '../db/connection.ts'
import type { MatchAnalysis } from './analysis.ts'

/**
 * The cache of match analyses, one per user and posting. An entry is stale when the profile or the
 * posting changed after it was computed (their updated_at is newer than the stamp kept with it).
 */
export interface CachedAnalysis {
  analysis: MatchAnalysis
  stale: boolean
  analysed_at: string
}

export function cachedAnalysis(db: DB, userId: number, jobId: number, stamps: { profile: string; posting: string }): CachedAnalysis | null {
  const row = db.prepare('SELECT analysis, profile_stamp, posting_stamp, analysed_at FROM match_analyses WHERE user_id = ? AND job_id = ?').get(userId, jobId) as
    | { analysis: string; profile_stamp: string; posting_stamp: string; analysed_at: string }
    | undefined
  if (!row) return null
  return { analysis: JSON.parse(row.analysis) as MatchAnalysis, stale: stamps.profile > row.profile_stamp || stamps.posting > row.posting_stamp, analysed_at: row.analysed_at }
}

export function saveAnalysis(db: DB, input: { userId: number; jobId: number; analysis: MatchAnalysis; profileStamp: string; postingStamp: string; now: Date }): void {
  db.prepare(
    `INSERT INTO match_analyses (user_id, job_id, analysis, overall_score, verdict, profile_stamp, posting_stamp, analysed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, job_id) DO UPDATE SET analysis = excluded.analysis, overall_score = excluded.overall_score, verdict = excluded.verdict,
       profile_stamp = excluded.profile_stamp, posting_stamp = excluded.posting_stamp, analysed_at = excluded.analysed_at`,
  ).run(input.userId, input.jobId, JSON.stringify(input.analysis), input.analysis.overall_score, input.analysis.verdict, input.profileStamp, input.postingStamp, input.now.toISOString())
}

/** GET /me/tracking/analyses: newest first, with whether each is stale. */
export function listAnalyses(db: DB, userId: number) {
  const profileStamp = (db.prepare('SELECT updated_at FROM profiles WHERE user_id = ?').pluck().get(userId) as string | undefined) ?? ''
  const rows = db
    .prepare(
      `SELECT j.public_slug AS slug, j.title, c.name AS company, j.closed_at, a.overall_score, a.verdict, a.analysed_at, a.profile_stamp, a.posting_stamp, j.updated_at AS posting_updated
       FROM match_analyses a JOIN jobs j ON j.id = a.job_id JOIN companies c ON c.id = j.company_id WHERE a.user_id = ? ORDER BY a.analysed_at DESC, a.job_id DESC`,
    )
    .all(userId) as { slug: string; title: string; company: string; closed_at: unknown; overall_score: number; verdict: string; analysed_at: string; profile_stamp: string; posting_stamp: string; posting_updated: string }[]
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    company: row.company,
    closed: row.closed_at !== null,
    overall_score: row.overall_score,
    verdict: row.verdict,
    analysed_at: row.analysed_at,
    stale: profileStamp > row.profile_stamp || row.posting_updated > row.posting_stamp,
  }))
}

/** The stamps an analysis is compared with: the profile's and the posting's last change. */
export function stampsOf(db: DB, userId: number, jobId: number): { profile: string; posting: string } {
  return {
    profile: (db.prepare('SELECT updated_at FROM profiles WHERE user_id = ?').pluck().get(userId) as string | undefined) ?? '',
    posting: (db.prepare('SELECT updated_at FROM jobs WHERE id = ?').pluck().get(jobId) as string | undefined) ?? '',
  }
}
