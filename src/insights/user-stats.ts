import type { DB } from '../db/connection.ts'
import { addDays } from './days.ts'

/**
 * Aggregates about the people using this instance (GET /stats/user-growth, /stats/engagement):
 * totals only, never a row about anyone. Accounts and interactions are small tables next to the
 * catalogue, counted directly.
 */
export interface UserGrowthPoint {
  date: string
  total: number
}

/** Accounts that existed at the end of each UTC day, from the first account's day to today (dense). */
export function userGrowth(db: DB, today: string): UserGrowthPoint[] {
  const perDay = db
    .prepare('SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM users GROUP BY day ORDER BY day')
    .all() as { day: string; n: number }[]
  if (perDay.length === 0) return []
  const added = new Map(perDay.map((row) => [row.day, row.n]))
  const last = perDay[perDay.length - 1]!.day > today ? perDay[perDay.length - 1]!.day : today
  const points: UserGrowthPoint[] = []
  let total = 0
  for (let day = perDay[0]!.day; day <= last; day = addDays(day, 1)) {
    total += added.get(day) ?? 0
    points.push({ date: day, total })
  }
  return points
}

export interface Engagement {
  saved: number
  applied: number
  viewed: number
  cvs_uploaded: number
  cvs_tailored: number
  match_analyses: number
  inboxes_connected: number
  saved_searches: number
}

/**
 * How much the signed-in features are used, as totals. CV storage, stored match analyses and
 * connected inboxes are not features of openroles yet, so those counts are 0 (the field names are
 * the contract's).
 */
export function engagement(db: DB): Engagement {
  const counts = db
    .prepare(
      `SELECT count(saved_at) AS saved, count(applied_at) AS applied, count(viewed_at) AS viewed,
         (SELECT count(*) FROM saved_searches) AS saved_searches
       FROM job_interactions`,
    )
    .get() as { saved: number; applied: number; viewed: number; saved_searches: number }
  return { saved: counts.saved, applied: counts.applied, viewed: counts.viewed, cvs_uploaded: 0, cvs_tailored: 0, match_analyses: 0, inboxes_connected: 0, saved_searches: counts.saved_searches }
}
