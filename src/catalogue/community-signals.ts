import type { DB } from '../db/connection.ts'

/** What users say about companies and postings: feedback ratings, referral offers and votes. */

/** Visible feedback of a company: how many ratings, and their mean (null when none). */
export interface FeedbackSummary {
  count: number
  ratingAvg: number | null
}

export const NO_FEEDBACK: FeedbackSummary = { count: 0, ratingAvg: null }

const AGGREGATE = 'SELECT company_id, count(*) AS n, avg(rating) AS avg FROM company_feedback WHERE hidden_at IS NULL'

function toMap(rows: { company_id: number; n: number; avg: number }[]): Map<number, FeedbackSummary> {
  return new Map(rows.map((row) => [row.company_id, { count: row.n, ratingAvg: Math.round(row.avg * 100) / 100 }]))
}

/** Feedback of the given companies, or of every company with feedback when ids are absent (sort=rating). */
export function feedbackSummaries(db: DB, companyIds?: number[]): Map<number, FeedbackSummary> {
  if (!companyIds) return toMap(db.prepare(`${AGGREGATE} GROUP BY company_id`).all() as never)
  if (companyIds.length === 0) return new Map()
  return toMap(
    db.prepare(`${AGGREGATE} AND company_id IN (SELECT value FROM json_each(?)) GROUP BY company_id`).all(JSON.stringify(companyIds)) as never,
  )
}

/** Whether an approved employee referral offer exists for the company. */
export function referralAvailable(db: DB, companyId: number): boolean {
  return db.prepare("SELECT 1 FROM referral_offers WHERE company_id = ? AND status = 'approved' LIMIT 1").get(companyId) !== undefined
}

/** The caller's vote on a company (+1 / -1), or null. */
export function companyVoteOf(db: DB, companyId: number, userId: number | undefined): number | null {
  if (userId === undefined) return null
  const row = db.prepare('SELECT value FROM company_votes WHERE company_id = ? AND user_id = ?').get(companyId, userId) as { value: number } | undefined
  return row?.value ?? null
}

/** The caller's votes on the given jobs, for loadJobs' my_vote. */
export function jobVotesOf(db: DB, jobIds: number[], userId: number | undefined): Map<number, number> | undefined {
  if (userId === undefined || jobIds.length === 0) return undefined
  const rows = db
    .prepare('SELECT job_id, value FROM job_votes WHERE user_id = ? AND job_id IN (SELECT value FROM json_each(?))')
    .all(userId, JSON.stringify(jobIds)) as { job_id: number; value: number }[]
  return new Map(rows.map((row) => [row.job_id, row.value]))
}
