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
const OPEN_SALARIES_SQL = `
  SELECT j.category, j.seniority, j.salary_currency, j.salary_period, j.salary_min, j.salary_max,
    (SELECT group_concat(country) FROM job_countries c WHERE c.job_id = j.id)
  FROM jobs j
  WHERE j.closed_at IS NULL AND j.salary_currency IS NOT NULL AND j.salary_period IS NOT NULL
    AND (j.salary_min IS NOT NULL OR j.salary_max IS NOT NULL)`

type SalaryRow = [string | null, string | null, string, string, number | null, number | null, string | null]

/** Small integer codes for values ('' = any is 0), so a bucket key is one number, not a string. */
class Codes {
  readonly values: string[] = ['']
  private readonly index = new Map<string, number>([['', 0]])
  of(value: string): number {
    let code = this.index.get(value)
    if (code === undefined) this.index.set(value, (code = this.values.push(value) - 1))
    return code
  }
}

/** Linear interpolation between closest ranks over sorted values (p in 0..1). */
export function percentileOf(sorted: number[], p: number): number {
  const at = (sorted.length - 1) * p
  const low = Math.floor(at)
  const high = Math.ceil(at)
  return Math.round(sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low))
}

type SalaryBucketRow = [string, string, string, string, string, number, number, number, number]

export function recomputeSalaryPercentiles(db: DB, minSample: number): void {
  writeSalaryPercentiles(db, computeSalaryPercentiles(db, minSample))
}

/** Replaces the stored percentiles (a short write: the rows were computed before). */
export function writeSalaryPercentiles(db: DB, rows: SalaryBucketRow[]): void {
  db.exec('DELETE FROM insight_salary')
  const insert = db.prepare(
    `INSERT INTO insight_salary (category, country, seniority, currency, period, sample_size, p25, p50, p75) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  for (const row of rows) insert.run(...row)
}

/** The percentile rows of every bucket with enough postings: reads only (seconds at a million postings). */
export function computeSalaryPercentiles(db: DB, minSample: number): SalaryBucketRow[] {
  const categories = new Codes()
  const countries = new Codes()
  const seniorities = new Codes()
  const pay = new Codes()
  const rows: [number[], number[], number[], number, number][] = []
  for (const [category, seniority, currency, period, low, high, places] of db.prepare(OPEN_SALARIES_SQL).raw().iterate() as IterableIterator<SalaryRow>) {
    const value = low !== null && high !== null ? (low + high) / 2 : (low ?? high)!
    if (!(value > 0)) continue
    rows.push([
      category ? [0, categories.of(category)] : [0],
      [0, ...(places ? places.split(',').map((country) => countries.of(country)) : [])],
      seniority ? [0, seniorities.of(seniority)] : [0],
      pay.of(`${currency}\t${period}`),
      value,
    ])
  }
  // The value lists are known only once every code is: key = ((category * C + country) * S + seniority) * P + pay.
  const [C, S, P] = [countries.values.length, seniorities.values.length, pay.values.length]
  const buckets = new Map<number, number[]>()
  for (const [cats, places, levels, payCode, value] of rows) {
    for (const category of cats)
      for (const country of places)
        for (const level of levels) {
          const key = ((category * C + country) * S + level) * P + payCode
          const list = buckets.get(key)
          if (list) list.push(value)
          else buckets.set(key, [value])
        }
  }
  const out: SalaryBucketRow[] = []
  for (const [key, values] of buckets) {
    if (values.length < minSample) continue
    values.sort((a, b) => a - b)
    const payCode = key % P
    const level = Math.floor(key / P) % S
    const country = Math.floor(key / P / S) % C
    const category = Math.floor(key / P / S / C)
    const [currency, period] = pay.values[payCode]!.split('\t')
    out.push([categories.values[category]!, countries.values[country]!, seniorities.values[level]!, currency!, period!, values.length,
      percentileOf(values, 0.25), percentileOf(values, 0.5), percentileOf(values, 0.75)])
  }
  return out
}
