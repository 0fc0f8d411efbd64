import type { DB } from '../db/connection.ts'
import { SENIORITY_LEVELS } from '../vocabulary/titles.ts'

/**
 * Salary percentiles per seniority, currency and period, read from insight_salary (computed by
 * src/insights/salary-rollup.ts). Rows come in seniority order (category-wide first), then the
 * larger samples first.
 */
export interface SalaryInsight {
  seniority: string
  currency: string
  period: string
  sample_size: number
  p25: number
  p50: number
  p75: number
}

const RANK = new Map(SENIORITY_LEVELS.map((level, index) => [level, index + 1]))
const rankOf = (seniority: string) => (seniority === '' ? 0 : (RANK.get(seniority) ?? SENIORITY_LEVELS.length + 1))

/**
 * `breakdown`: only a category is given, so the category-wide rows (seniority '') come with the
 * per-seniority ones.
 */
export function salaryInsights(db: DB, filters: { category?: string; seniority?: string; country?: string }): { rows: SalaryInsight[]; breakdown: boolean } {
  const breakdown = filters.category !== undefined && filters.seniority === undefined && filters.country === undefined
  const seniorityClause = filters.seniority !== undefined ? 'AND seniority = @seniority' : breakdown ? '' : "AND seniority != ''"
  const rows = db
    .prepare(
      `SELECT seniority, currency, period, sample_size, p25, p50, p75 FROM insight_salary
       WHERE category = @category AND country = @country ${seniorityClause}`,
    )
    .all({ category: filters.category ?? '', country: filters.country ?? '', seniority: filters.seniority ?? '' }) as SalaryInsight[]
  rows.sort((a, b) => rankOf(a.seniority) - rankOf(b.seniority) || a.seniority.localeCompare(b.seniority) || b.sample_size - a.sample_size || a.currency.localeCompare(b.currency) || a.period.localeCompare(b.period))
  return { rows, breakdown }
}
