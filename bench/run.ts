/**
 * `npm run bench`: search, facets and disjunctive facets latency (p50 / p99, uncached and cached)
 * over a fixed mix of realistic queries at 100,000 and 1,000,000 (and on request 3,000,000) postings, with start-up time, RSS,
 * the time an import takes to become visible, and the naive SQL baseline (GROUP BY facet counts,
 * FTS5 bm25 order) on the same data, then the public-read and market-coverage benchmarks
 * (bench/public.ts, bench/coverage.ts). BENCH_SIZES=100k limits the run to one size; BENCH_SIZES=3m
 * adds the 3,000,000-posting catalogue (the reference service's size). Each size runs on both
 * catalogue kinds (bench/catalogue-file.ts): `copied` (10,000 seeded postings copied in SQL) and
 * `seeded` (`openroles seed --jobs N`, distinct postings, as a user builds one);
 * BENCH_CATALOGUES=copied or =seeded runs one.
 * Requests go through the real app in-process (validation, engine, job loading, JSON).
 */
import { mkdirSync, rmSync } from 'node:fs'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig, type Config } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { generateJobRecords } from '../src/ingest/seed.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
import { snapshotPath } from '../src/search/index-snapshot.ts'
import { ensureCatalogueOf, type CatalogueKind } from './catalogue-file.ts'
import { naiveBaseline } from './naive-baseline.ts'
import { benchQueries } from './queries.ts'
import { percentile } from './percentile.ts'
import { runPublicBench } from './public.ts'
import { runCoverageBench } from './coverage.ts'
import { runTypoBench } from './typo.ts'

const DATA_DIR = 'bench/data'
/** 3m is built and run only when asked (BENCH_SIZES=3m): ~18 GB of disk and a long first build. */
const SIZES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000, '3m': 3_000_000 }
const COLD_SAMPLES = Number(process.env.BENCH_COLD ?? 15)
const WARM_SAMPLES = Number(process.env.BENCH_WARM ?? 40)
const IMPORT_JOBS = 1000
/** BENCH_BASELINE=off skips the naive SQL rows (about 40 s each at 1M postings). */
const BASELINE = process.env.BENCH_BASELINE !== 'off'

const log = (line: string) => console.error(`[bench] ${line}`)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))

async function timeIt(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now()
  await run()
  return performance.now() - started
}

/** Open the database, build the context and app, answer one search: the time to serving. */
async function startServing(path: string, config: Config) {
  const startedAt = performance.now()
  const cpuAt = process.cpuUsage()
  const db = openDatabase(path)
  const ctx = createContext(config, db)
  const app = createApp(ctx)
  const first = await app.request('/api/v1/jobs/search?limit=10')
  await first.text()
  const startupMs = performance.now() - startedAt
  // Every thread of the process (the load runs on the workers too): on a shared machine, wall time alone misleads.
  const cpu = process.cpuUsage(cpuAt)
  const startupCpuMs = (cpu.user + cpu.system) / 1000
  // The term index is read beside serving (on the workers) after a first start; measure with it in place.
  await ctx.search.ready()
  return { db, ctx, app, startupMs, startupCpuMs, termsMs: performance.now() - startedAt }
}

async function benchSize(name: string, jobs: number, kind: CatalogueKind): Promise<void> {
  const path = ensureCatalogueOf(kind, DATA_DIR, name, jobs, log)
  const config = defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 })
  const rssBefore = process.memoryUsage().rss
  // First start without a saved index (loads every posting and saves one), then a restart from it.
  rmSync(snapshotPath(path), { force: true })
  const coldStart = await startServing(path, config)
  const rss = process.memoryUsage().rss
  await coldStart.ctx.close?.()
  coldStart.db.close()
  const { db, ctx, app, startupMs: restartMs } = await startServing(path, config)
  const open = ctx.search.size()

  const get = async (query: string, endpoint = 'jobs/search') => {
    const response = await app.request(`/api/v1/${endpoint}?${query}`)
    if (response.status !== 200) throw new Error(`${endpoint}?${query}: ${response.status} ${await response.text()}`)
    await response.text()
  }
  const measure = async (label: string, query: string, endpoint: string) => {
    const cold: number[] = []
    for (let i = 0; i < COLD_SAMPLES; i++) {
      ctx.search.clearCache()
      cold.push(await timeIt(() => get(query, endpoint)))
    }
    const warm: number[] = []
    for (let i = 0; i < WARM_SAMPLES; i++) warm.push(await timeIt(() => get(query, endpoint)))
    console.log(`| ${label} | ${ms(percentile(cold, 50))} | ${ms(percentile(cold, 99))} | ${ms(percentile(warm, 50))} | ${ms(percentile(warm, 99))} |`)
  }

  console.log(`\n## ${name} ${kind}: ${open.toLocaleString('en')} open postings\n`)
  console.log(`- start-up to serving, no saved index (loads every posting, saves the index): ${(coldStart.startupMs / 1000).toFixed(2)} s (${(coldStart.startupCpuMs / 1000).toFixed(2)} s CPU, load average ${loadavg()[0]!.toFixed(1)}); term index read from FTS5 beside serving, ready after ${(coldStart.termsMs / 1000).toFixed(2)} s`)
  console.log(`- restart to serving from the saved index: ${(restartMs / 1000).toFixed(2)} s`)
  console.log(`- RSS after start-up: ${(rss / 2 ** 20).toFixed(0)} MiB (before opening: ${(rssBefore / 2 ** 20).toFixed(0)} MiB)\n`)

  const queries = benchQueries(db, ctx)
  console.log('| request (ms) | uncached p50 | uncached p99 | cached p50 | cached p99 |\n|---|---|---|---|---|')
  for (const query of queries) await measure(`search: ${query.label}`, query.search, 'jobs/search')
  for (const query of queries.filter((q) => q.facets !== undefined)) await measure(`facets: ${query.label}`, query.facets!, 'jobs/facets')
  for (const query of queries.filter((q) => q.disjunctive)) await measure(`disjunctive: ${query.label}`, `${query.facets}&disjunctive=true`, 'jobs/facets')

  if (BASELINE) console.log('\n| naive SQL baseline (ms, median) | naive | ours (uncached) | ratio |\n|---|---|---|---|')
  for (const row of BASELINE ? naiveBaseline(db, queries) : []) {
    const ours: number[] = []
    for (let i = 0; i < COLD_SAMPLES; i++) {
      ctx.search.clearCache()
      ours.push(await timeIt(() => get(row.ours.query, row.ours.endpoint)))
    }
    const p50 = percentile(ours, 50)
    console.log(`| ${row.label} | ${ms(row.naiveMs)} | ${ms(p50)} | ${(row.naiveMs / p50).toFixed(1)}x |`)
  }

  console.log('\n| other reads (ms) | p50 | p99 | samples |\n|---|---|---|---|')
  const report = (label: string, samples: number[]) => console.log(`| ${label} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 99))} | ${samples.length} |`)
  await runPublicBench(ctx, report)
  await runCoverageBench(ctx, report)
  runTypoBench(db, report)

  // Another connection stands in for `npm run import` running beside the server.
  const writer = openDatabase(path)
  const records = [...generateJobRecords(IMPORT_JOBS, 4242, new Date(Date.UTC(2026, 10, 1)))].map((record) => ({ ...record, source: 'bench-import' }))
  const before = ctx.search.size()
  writer.transaction(() => records.forEach((record) => upsertJob(writer, record)))()
  writer.close()
  const visibleMs = await timeIt(() => get('source=bench-import&limit=1'))
  console.log(`\n- ${IMPORT_JOBS}-posting import visible in search after ${ms(visibleMs)} ms (open postings ${before} -> ${ctx.search.size()})`)
  await ctx.close?.()
  db.close()
}

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true })
  const wanted = (process.env.BENCH_SIZES ?? '100k,1m').split(',').map((size) => size.trim())
  const kinds = (process.env.BENCH_CATALOGUES ?? 'copied,seeded').split(',').map((kind) => kind.trim()) as CatalogueKind[]
  console.log(`# openroles search benchmark\n\n${new Date().toISOString()}, ${cpus()[0]?.model ?? 'unknown CPU'} x${availableParallelism()}, Node ${process.version}`)
  console.log(`uncached = result cache dropped before every request (${COLD_SAMPLES} samples); cached = same request repeated (${WARM_SAMPLES} samples)`)
  for (const name of wanted) {
    if (!SIZES[name]) throw new Error(`unknown size ${name}; use ${Object.keys(SIZES).join(', ')}`)
    for (const kind of kinds) await benchSize(name, SIZES[name], kind)
  }
}

await main()
