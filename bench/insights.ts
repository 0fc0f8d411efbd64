/**
 * `npm run bench:insights`: the insights and user-stats requests over the benchmark catalogues
 * (bench/data/catalogue-100k.db, and catalogue-1m.db when it exists: `npm run bench` builds them).
 * Reports the one-time backfill of the rollup (a file made before the rollup has every day pending),
 * the rollup update after a 1,000-posting import, and p50 / p99 of every request through the app
 * in-process. Nothing in the insights path is cached between requests, so every sample is uncached;
 * the rollup is brought up to date before sampling, as the serving process does at start.
 * BENCH_SIZES=100k limits the run to one size.
 */
import { existsSync } from 'node:fs'
import { availableParallelism, cpus } from 'node:os'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
import { generateJobRecords } from '../src/ingest/seed.ts'
import { currentRollup } from '../src/insights/insights.ts'
import { recomputeSalaryPercentiles } from '../src/insights/salary-rollup.ts'

const SAMPLES = Number(process.env.BENCH_INSIGHTS_SAMPLES ?? 50)
const IMPORT_JOBS = 1000
const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))
const log = (line: string) => console.error(`[bench:insights] ${line}`)

/** Wall time and this process's CPU time: on a shared machine the CPU time is the steadier figure. */
function timed<T>(run: () => T): { ms: number; cpuMs: number; value: T } {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const value = run()
  const used = process.cpuUsage(cpu)
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000, value }
}
const both = (t: { ms: number; cpuMs: number }) => `${ms(t.ms)} ms wall, ${ms(t.cpuMs)} ms CPU`

async function benchSize(name: string, path: string): Promise<void> {
  const opened = timed(() => openDatabase(path))
  const db = opened.value
  const ctx = createContext(defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, insightsRollupMinutes: 0 }), db)
  const app = createApp(ctx)
  // Every run measures the backfill: the rollup is emptied and every day marked, as migration 6 does.
  db.exec(`DELETE FROM insight_daily; DELETE FROM insight_open; DELETE FROM catalogue_meta WHERE key = 'insight_window_day';
    INSERT OR IGNORE INTO insight_pending (day) SELECT substr(created_at, 1, 10) FROM jobs
      UNION SELECT substr(closed_at, 1, 10) FROM jobs WHERE closed_at IS NOT NULL`)
  log(`${name}: backfilling the rollup`)
  const backfill = timed(() => currentRollup(ctx))
  const salary = timed(() => recomputeSalaryPercentiles(db, ctx.config.insightsSalaryMinSample))
  const rows = db.prepare('SELECT (SELECT count(*) FROM insight_daily) AS daily, (SELECT count(*) FROM insight_open) AS open, (SELECT count(*) FROM insight_salary) AS salary').get() as Record<string, number>
  const open = db.prepare("SELECT open_count FROM insight_open WHERE dimension = 'all'").pluck().get() as number
  console.log(`\n## ${name}: ${open.toLocaleString('en')} open postings\n`)
  console.log(`- open + migrate: ${ms(opened.ms)} ms; backfill of the rollup (first start after the upgrade), ${backfill.value.days} days: ${both(backfill)}; salary percentiles alone: ${both(salary)}`)
  console.log(`- rollup size: ${rows.daily!.toLocaleString('en')} daily rows, ${rows.open!.toLocaleString('en')} open-count rows, ${rows.salary!.toLocaleString('en')} salary buckets`)

  const country = db.prepare("SELECT value FROM insight_open WHERE dimension = 'country' ORDER BY open_count DESC LIMIT 1").pluck().get() as string
  const category = db.prepare("SELECT value FROM insight_open WHERE dimension = 'category' ORDER BY open_count DESC LIMIT 1").pluck().get() as string
  const requests: [string, string][] = [
    ['roles', '/insights/roles'],
    ['roles: country + category, by growth', `/insights/roles?country=${country}&category=${category}&sort=growth`],
    ['skills, 200', '/insights/skills?limit=200'],
    ['skills: country, by growth', `/insights/skills?country=${country}&sort=growth`],
    ['skills: category', `/insights/skills?category=${category}`],
    ['salary', '/insights/salary'],
    ['salary: category breakdown', `/insights/salary?category=${category}`],
    ['salary: category + country', `/insights/salary?category=${category}&country=${country}`],
    ['velocity: 90 days', '/insights/velocity'],
    ['velocity: 52 weeks, a country', `/insights/velocity?granularity=week&country=${country}`],
    ['velocity: 4000 days by month', '/insights/velocity?granularity=month&from=2015-08-01&to=2026-07-12'],
    ['companies by growth', '/insights/companies'],
    ['companies by open, min_open=0, 200', '/insights/companies?sort=open&min_open=0&limit=200'],
    ['stats: user growth', '/stats/user-growth'],
    ['stats: engagement', '/stats/engagement'],
  ]
  console.log('\n| request (ms) | first | p50 | p99 |\n|---|---|---|---|')
  for (const [label, path] of requests) {
    const samples: number[] = []
    for (let i = 0; i <= SAMPLES; i++) {
      const started = performance.now()
      const response = await app.request(`/api/v1${path}`)
      const text = await response.text()
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${text}`)
      samples.push(performance.now() - started)
    }
    const [first, ...rest] = samples
    console.log(`| ${label} | ${ms(first!)} | ${ms(percentile(rest, 50))} | ${ms(percentile(rest, 99))} |`)
  }

  // Another connection stands in for `openroles import` beside the server: 1,000 new postings today.
  const writer = openDatabase(path)
  const now = new Date().toISOString()
  const records = [...generateJobRecords(IMPORT_JOBS, 777, new Date())].map((record) => ({ ...record, source: 'bench-insights-import', createdAt: now, closedAt: null }))
  writer.transaction(() => records.forEach((record) => upsertJob(writer, record)))()
  const settle = timed(() => currentRollup({ ...ctx, db: writer }))
  writer.transaction(() => {
    writer.prepare("DELETE FROM jobs_fts WHERE rowid IN (SELECT id FROM jobs WHERE source = 'bench-insights-import')").run()
    writer.prepare("DELETE FROM jobs WHERE source = 'bench-insights-import'").run()
  })()
  const undo = timed(() => currentRollup({ ...ctx, db: writer }))
  writer.close()
  console.log(`\n- rollup update after a ${IMPORT_JOBS}-posting import (${settle.value.days} day rebuilt, salary percentiles recomputed): ${both(settle)}; after removing them again: ${both(undo)}`)
  await ctx.close?.()
  db.close()
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_SIZES ?? '100k,1m').split(',').map((size) => size.trim())
  console.log(`# openroles insights benchmark\n\n${new Date().toISOString()}, ${cpus()[0]?.model ?? 'unknown CPU'} x${availableParallelism()}, Node ${process.version}, ${SAMPLES} samples per request`)
  for (const name of wanted) {
    const path = `bench/data/catalogue-${name}.db`
    if (!existsSync(path)) {
      console.log(`\n## ${name}: ${path} missing (npm run bench builds it); skipped`)
      continue
    }
    await benchSize(name, path)
  }
}

await main()
