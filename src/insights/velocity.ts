import type { DB } from '../db/connection.ts'
import { addDays, addMonths, periodOf, type Granularity } from './days.ts'

/**
 * Postings added (first seen) and removed (closed) per day, week or month, read from insight_daily:
 * at most one row per day of the range. The answer is dense (a period without activity reads 0),
 * labelled by its first day ('YYYY-MM-DD'; weeks start on Monday) or 'YYYY-MM' for months; only
 * days within [from, to] are counted, so the first and last periods may be partial.
 */
export type VelocityFacet = 'all' | 'category' | 'seniority' | 'country'

const SERIES: Record<VelocityFacet, string> = { all: 'all', category: 'category', seniority: 'seniority', country: 'country' }

export interface VelocityPoint {
  period: string
  added: number
  removed: number
}

export function velocity(db: DB, options: { granularity: Granularity; from: string; to: string; facet: VelocityFacet; value: string }): VelocityPoint[] {
  const { granularity, from, to } = options
  const points = new Map<string, VelocityPoint>()
  // Period starts only: the loop steps a period at a time (4,000 days are 132 months).
  for (let period = periodOf(from, granularity); period <= to; period = nextPeriod(period, granularity)) {
    points.set(period, { period, added: 0, removed: 0 })
  }
  // The dimension is written into the SQL (one of four names) so SQLite can use the partial series index.
  const rows = db
    .prepare(`SELECT day, added, removed FROM insight_daily WHERE dimension = '${SERIES[options.facet]}' AND value = ? AND day >= ? AND day <= ?`)
    .all(options.facet === 'all' ? '' : options.value, from, to) as { day: string; added: number; removed: number }[]
  for (const row of rows) {
    const point = points.get(periodOf(row.day, granularity))!
    point.added += row.added
    point.removed += row.removed
  }
  return [...points.values()]
}

function nextPeriod(period: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(period, 1)
  if (granularity === 'week') return addDays(period, 7)
  return addMonths(`${period}-01`, 1).slice(0, 7)
}

/** The default range ending today: 90 days, 52 weeks or 24 months. */
export function defaultFrom(today: string, granularity: Granularity): string {
  if (granularity === 'day') return addDays(today, -90)
  if (granularity === 'week') return addDays(today, -52 * 7)
  return addMonths(today, -24)
}
