import { getMeta, setMeta, type DB } from '../db/connection.ts'
import { addDays, dayOf, isDay } from './days.ts'
import { computeSalaryPercentiles, writeSalaryPercentiles } from './salary-rollup.ts'

/**
 * The insights rollup: the history of the catalogue as small tables, so no insights request ever
 * counts postings.
 *
 * - insight_daily: per UTC day and key, postings first seen (created_at) and closed (closed_at).
 *   A day is rebuilt whole from the postings of that day, so a posting always counts under the
 *   facets it has now, and rebuilding a day twice changes nothing.
 * - insight_open: per key, open postings now (the sum of every day's added minus removed) and at
 *   the end of the window day, 30 days ago; each day rebuilt moves both by the day's difference.
 * - insight_pending: days to rebuild, marked by triggers on jobs from any writer (an import in
 *   another process included). A database upgraded to the rollup has every day marked, so the first
 *   settle backfills the whole history from created_at / closed_at.
 *
 * settleRollup runs on every import and seed (at the end), from the daily job inside the serving
 * process (which also moves the 30-day window when the UTC date changes), at start, and before a
 * read that finds days pending.
 */
export const GROWTH_WINDOW_DAYS = 30
const WINDOW_KEY = 'insight_window_day'

export const DIMENSIONS = ['all', 'category', 'seniority', 'company', 'role', 'country', 'role_country', 'skill', 'skill_category', 'skill_country'] as const
const IN_DIMENSIONS = `dimension IN (${DIMENSIONS.map((name) => `'${name}'`).join(', ')})`

/**
 * Counts per (dimension, value) of one day from the postings first seen or closed in [@start, @end).
 * A backfill goes day by day too: measured at 100,000 postings, that is three times faster than
 * one GROUP BY over the whole history, whose sort spills out of SQLite's page cache. CROSS JOIN
 * keeps the day's postings as the outer loop (SQLite's documented way to fix the join order): left
 * to itself the planner scans every job_skills row and probes the day's few postings, 40x slower.
 */
const DAY_COUNTS_SQL = `
WITH ev (job_id, category, seniority, company_id, day, added, removed) AS MATERIALIZED (
  SELECT id, category, seniority, company_id, @day, 1, 0 FROM jobs WHERE created_at >= @start AND created_at < @end
  UNION ALL
  SELECT id, category, seniority, company_id, @day, 0, 1 FROM jobs WHERE closed_at >= @start AND closed_at < @end
),
keyed (dimension, value, day, added, removed) AS (
  SELECT 'all', '', day, added, removed FROM ev
  UNION ALL SELECT 'category', category, day, added, removed FROM ev WHERE category IS NOT NULL
  UNION ALL SELECT 'seniority', seniority, day, added, removed FROM ev WHERE seniority IS NOT NULL
  UNION ALL SELECT 'company', CAST(company_id AS TEXT), day, added, removed FROM ev
  UNION ALL SELECT 'role', category || '|' || seniority, day, added, removed FROM ev WHERE category IS NOT NULL AND seniority IS NOT NULL
  UNION ALL SELECT 'country', c.country, day, added, removed FROM ev CROSS JOIN job_countries c ON c.job_id = ev.job_id
  UNION ALL SELECT 'role_country', c.country || '|' || category || '|' || seniority, day, added, removed
    FROM ev CROSS JOIN job_countries c ON c.job_id = ev.job_id WHERE category IS NOT NULL AND seniority IS NOT NULL
  UNION ALL SELECT 'skill', s.skill, day, added, removed FROM ev CROSS JOIN job_skills s ON s.job_id = ev.job_id
  UNION ALL SELECT 'skill_category', category || '|' || s.skill, day, added, removed
    FROM ev CROSS JOIN job_skills s ON s.job_id = ev.job_id WHERE category IS NOT NULL
  UNION ALL SELECT 'skill_country', c.country || '|' || s.skill, day, added, removed
    FROM ev CROSS JOIN job_countries c ON c.job_id = ev.job_id CROSS JOIN job_skills s ON s.job_id = ev.job_id
)
INSERT INTO insight_daily (dimension, day, value, added, removed)
SELECT dimension, day, value, sum(added), sum(removed) FROM keyed GROUP BY dimension, value ORDER BY dimension, value`

/**
 * Adds `sign` x (added - removed) of the chosen insight_daily rows to the open counts: to open_count
 * always, to open_prev for rows on or before the window day.
 */
function moveOpenCounts(db: DB, where: string, params: Record<string, string>, sign: 1 | -1, windowDay: string): void {
  db.prepare(
    `INSERT INTO insight_open (dimension, value, open_count, open_prev)
     SELECT dimension, value, ${sign} * sum(added - removed), ${sign} * sum(CASE WHEN day <= @windowDay THEN added - removed ELSE 0 END)
     FROM insight_daily WHERE ${where} GROUP BY dimension, value
     ON CONFLICT (dimension, value) DO UPDATE SET
       open_count = open_count + excluded.open_count, open_prev = open_prev + excluded.open_prev`,
  ).run({ ...params, windowDay })
}

function rebuildDay(db: DB, day: string, windowDay: string): void {
  const where = `${IN_DIMENSIONS} AND day = @day`
  moveOpenCounts(db, where, { day }, -1, windowDay)
  db.prepare(`DELETE FROM insight_daily WHERE ${where}`).run({ day })
  db.prepare(DAY_COUNTS_SQL).run({ day, start: day, end: addDays(day, 1) })
  moveOpenCounts(db, where, { day }, 1, windowDay)
}

/** Moves open_prev from one window day to another by the days in between. */
function moveWindow(db: DB, from: string, to: string): void {
  const [low, high, sign] = from < to ? [from, to, 1 as const] : [to, from, -1 as const]
  db.prepare(
    `INSERT INTO insight_open (dimension, value, open_count, open_prev)
     SELECT dimension, value, 0, ${sign} * sum(added - removed) FROM insight_daily WHERE ${IN_DIMENSIONS} AND day > ? AND day <= ? GROUP BY dimension, value
     ON CONFLICT (dimension, value) DO UPDATE SET open_prev = open_prev + excluded.open_prev`,
  ).run(low, high)
}

export interface SettleResult {
  /** Days rebuilt from the postings. */
  days: number
  /** Whether the 30-day window moved. */
  windowMoved: boolean
}

/** Days rebuilt per transaction (~0.1 s each at a million postings, seconds at three million with a cold page cache, when four at a time kept the serving process's writers past their 5 s lock wait): a backfill never holds the write lock for long. */
const DAYS_PER_TRANSACTION = 1
/** Set while days were rebuilt but the salary percentiles not yet recomputed (a settle stopped half-way leaves it). */
const SALARY_STALE_KEY = 'insight_salary_stale'

/** Whether settleRollup has anything to do: days pending, salaries stale, or the window day is not today's. */
export function rollupIsCurrent(db: DB, now: Date): boolean {
  return getMeta(db, WINDOW_KEY) === windowDayOf(now) && getMeta(db, SALARY_STALE_KEY) !== '1' && db.prepare('SELECT 1 FROM insight_pending LIMIT 1').get() === undefined
}

const windowDayOf = (now: Date) => addDays(dayOf(now), -GROWTH_WINDOW_DAYS)

/**
 * Brings the rollup up to date with the postings and the clock: rebuilds the pending days, a batch
 * per transaction (each day with its pending mark, so a writer marking it again meanwhile is never
 * lost), then in one transaction moves the 30-day window to today's and recomputes salary
 * percentiles when any posting changed. Cheap when nothing is pending (a few lookups).
 */
export function settleRollup(db: DB, now: Date, options: { salaryMinSample: number; between?: () => void }): SettleResult {
  if (rollupIsCurrent(db, now)) return { days: 0, windowMoved: false }
  const target = windowDayOf(now)
  const batch = db.prepare('SELECT day FROM insight_pending ORDER BY day LIMIT ?').pluck()
  const unmark = db.prepare('DELETE FROM insight_pending WHERE day IN (SELECT value FROM json_each(?))')
  let days = 0
  for (let rebuilt = DAYS_PER_TRANSACTION; rebuilt === DAYS_PER_TRANSACTION; days += rebuilt) {
    rebuilt = db.transaction(() => {
      // An empty rollup counts nothing before any day, so its window can start at today's; noted now, so every batch uses the same.
      const stored = getMeta(db, WINDOW_KEY) ?? target
      const pending = batch.all(DAYS_PER_TRANSACTION) as string[]
      if (!pending.length) return 0
      // A timestamp that is not ISO 8601 gives no day; its posting cannot be placed in the history.
      for (const day of pending) if (isDay(day)) rebuildDay(db, day, stored)
      unmark.run(JSON.stringify(pending))
      setMeta(db, WINDOW_KEY, stored)
      setMeta(db, SALARY_STALE_KEY, '1')
      return pending.length
    })()
    options.between?.()
  }
  // Read before the last write transaction (seconds at a million postings); a posting changed meanwhile marks its day
  // pending, and the settle that rebuilds it computes them again.
  const salaries = getMeta(db, SALARY_STALE_KEY) === '1' ? computeSalaryPercentiles(db, options.salaryMinSample) : undefined
  return db.transaction(() => {
    const stored = getMeta(db, WINDOW_KEY) ?? target
    if (stored !== target) moveWindow(db, stored, target)
    setMeta(db, WINDOW_KEY, target)
    db.exec('DELETE FROM insight_open WHERE open_count = 0 AND open_prev = 0')
    if (salaries) {
      writeSalaryPercentiles(db, salaries)
      setMeta(db, SALARY_STALE_KEY, '0')
    }
    return { days, windowMoved: stored !== target }
  })()
}
