import type { DB } from '../db/connection.ts'

/**
 * Salary percentiles of the open postings, recomputed with the rollup whenever postings changed
 * (src/insights/rollup.ts), so GET /insights/salary reads a few rows.
 *
 * A posting's salary is the midpoint of its stated range (or the one bound it states), in its own
 * currency and period: amounts are never converted, and currencies or periods never share a bucket.
 * Buckets: every (category or any) x (country or any) x (seniority or all) x currency x period; a
 * bucket with fewer postings than the minimum sample is left out. Percentiles interpolate linearly
 * between the two nearest postings and are rounded to whole units.
 */
interface SalaryRow {
  category: string | null
  seniority: string | null
  currency: string
  period: string
  salary_min: number | null
  salary_max: number | null
  countries: string | null
}

const OPEN_SALARIES_SQL = `
  SELECT j.category, j.seniority, j.salary_currency AS currency, j.salary_period AS period, j.salary_min, j.salary_max,
    (SELECT group_concat(country) FROM job_countries c WHERE c.job_id = j.id) AS countries
  FROM jobs j
  WHERE j.closed_at IS NULL AND j.salary_currency IS NOT NULL AND j.salary_period IS NOT NULL
    AND (j.salary_min IS NOT NULL OR j.salary_max IS NOT NULL)`

const midpoint = (row: SalaryRow) =>
  row.salary_min !== null && row.salary_max !== null ? (row.salary_min + row.salary_max) / 2 : (row.salary_min ?? row.salary_max)!

/** Linear interpolation between closest ranks over sorted values (p in 0..1). */
export function percentileOf(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p
  const low = Math.floor(at)
  const high = Math.ceil(at)
  return Math.round(sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low))
}

export function recomputeSalaryPercentiles(db: DB, minSample: number): void {
  const buckets = new Map<string, number[]>()
  const add = (key: string, value: number) => {
    const list = buckets.get(key)
    if (list) list.push(value)
    else buckets.set(key, [value])
  }
  for (const row of db.prepare(OPEN_SALARIES_SQL).iterate() as IterableIterator<SalaryRow>) {
    const value = midpoint(row)
    if (!(value > 0)) continue
    const categories = row.category ? ['', row.category] : ['']
    const countries = ['', ...(row.countries ? row.countries.split(',') : [])]
    const seniorities = row.seniority ? ['', row.seniority] : ['']
    for (const category of categories)
      for (const country of countries)
        for (const seniority of seniorities) add(`${category}\t${country}\t${seniority}\t${row.currency}\t${row.period}`, value)
  }
  db.exec('DELETE FROM insight_salary')
  const insert = db.prepare(
    `INSERT INTO insight_salary (category, country, seniority, currency, period, sample_size, p25, p50, p75) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const [key, values] of buckets) {
    if (values.length < minSample) continue
    values.sort((a, b) => a - b)
    insert.run(...key.split('\t'), values.length, percentileOf(values, 0.25), percentileOf(values, 0.5), percentileOf(values, 0.75))
  }
}
