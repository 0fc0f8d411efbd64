/**
 * `npm run bench:postgres [-- --sizes 100k,1m,3m]`: openroles side by side with PostgreSQL 15 on
 * the same postings and the same requests as `npm run bench` (bench/queries.ts).
 *
 * A private PostgreSQL cluster (bench/pg-cluster.ts) holds the open postings of each benchmark
 * catalogue (bench/pg-load.ts: GIN on a tsvector and on the facet arrays, B-tree on the rest;
 * loaded once and kept). Each search request runs as one SQL statement (tsquery match, filters,
 * ts_rank or posted_at order, LIMIT, the card total); each facet request by three strategies
 * (bench/pg-facets.ts), the best kept. openroles answers the same request in-process through the
 * app, its result cache dropped before every sample, as `npm run bench` does uncached.
 *
 * Options: --sizes (default 100k,1m), --catalogues DIR (the catalogue-<size>.db files, default
 * bench/data; opened read-only, never built here: run `npm run bench` first), --pgdata DIR (the
 * cluster, default bench/data/postgres-15), --samples N (PostgreSQL samples per request, default 10),
 * --strategies (the facet strategies tried, default all three: pairs,cte-sets,per-facet), --only
 * (run only the rows whose label holds one of these comma-separated pieces, e.g. "search: no filter,facets: no filter").
 * A benchmark, not a test: it needs PostgreSQL 15 binaries (PG_BIN names their directory).
 */
import { existsSync } from 'node:fs'
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { latestVersion } from '../src/db/migrate.ts'
import { startCluster } from './pg-cluster.ts'
import { ensureLoaded } from './pg-load.ts'
import { facetGroups, pgRequest, postingSearchSql, searchSql } from './pg-queries.ts'
import { STRATEGIES, differences, type FacetResult, type StrategyName } from './pg-facets.ts'
import { benchQueries } from './queries.ts'
import { percentile } from './percentile.ts'

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '100k,1m' },
    catalogues: { type: 'string', default: process.env.BENCH_DATA ?? 'bench/data' },
    pgdata: { type: 'string', default: 'bench/data/postgres-15' },
    samples: { type: 'string', default: '10' },
    strategies: { type: 'string', default: Object.keys(STRATEGIES).join(',') },
    only: { type: 'string' },
  },
})
const SAMPLES = Number(args.samples)
/** openroles samples per request, uncached (as bench/run.ts). */
const OUR_SAMPLES = 15
/** A PostgreSQL run slower than this is sampled 3 times, not SAMPLES (the point is made; the run stays within the hour). */
const SLOW_MS = 3000
/** ... and slower than this, once. */
const VERY_SLOW_MS = 10_000
/** --only: rows whose label contains one of these comma-separated pieces (a shorter run at 3M). */
const wanted = (label: string) => !args.only || args.only.split(',').some((piece) => label.includes(piece))
const CHOSEN = args.strategies!.split(',').map((name) => {
  if (!(name in STRATEGIES)) throw new Error(`unknown strategy ${name}; use ${Object.keys(STRATEGIES).join(', ')}`)
  return name as StrategyName
})
/** A facet strategy this many times slower than the best one so far is run once, not sampled. */
const HOPELESS = 3

const log = (line: string) => console.error(`[bench:postgres] ${line}`)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n < 1000 ? n.toFixed(1) : n.toFixed(0))
const load = () => loadavg().map((n) => n.toFixed(1)).join(' / ')

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await run()
  return [performance.now() - started, result]
}

interface Sampled<T> {
  p50: number
  p99: number
  n: number
  result: T
}

/**
 * One warm-up run, then SAMPLES timed runs (3 when the warm-up was slow). A facet strategy whose
 * warm-up is slower than `hopelessMs` (several times the best strategy so far) is not sampled: its
 * one run is reported, marked.
 */
async function sample<T>(run: () => Promise<T>, hopelessMs = Infinity): Promise<Sampled<T>> {
  const [warm, result] = await timed(run)
  if (warm > hopelessMs) return { p50: warm, p99: warm, n: 1, result }
  const times: number[] = []
  for (let i = 0, n = warm > VERY_SLOW_MS ? 1 : warm > SLOW_MS ? 3 : SAMPLES; i < n; i++) times.push((await timed(run))[0])
  return { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length, result }
}

async function connect(cluster: { host: string; port: number }, database: string): Promise<pg.Client> {
  const client = new pg.Client({ host: cluster.host, port: cluster.port, user: 'postgres', database })
  await client.connect()
  return client
}

async function benchSize(cluster: { host: string; port: number }, name: string): Promise<void> {
  const path = `${args.catalogues}/catalogue-${name}.db`
  if (!existsSync(path)) throw new Error(`${path} is missing: build it with \`BENCH_SIZES=${name} npm run bench\` (or point --catalogues at it)`)
  const admin = await connect(cluster, 'postgres')
  const database = `openroles_${name}`
  if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database])).rowCount === 0) await admin.query(`CREATE DATABASE ${database}`)
  await admin.end()
  const client = await connect(cluster, database)
  const loaded = await ensureLoaded(client, path, log)

  // openroles on the same file, opened as bench/run.ts opens it (the app's start-up housekeeping needs
  // a writable connection; it changes no posting). A file at another schema version would be
  // migrated by opening it: refuse instead.
  const probe = openDatabase(path, { readonly: true })
  const version = probe.pragma('user_version', { simple: true }) as number
  probe.close()
  if (version !== latestVersion()) throw new Error(`${path} is at schema version ${version}, this build at ${latestVersion()}: opening it would migrate it`)
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 }), db)
  const app = createApp(ctx)
  const get = async (endpoint: string, query: string) => {
    const response = await app.request(`/api/v1/${endpoint}?${query}`)
    if (response.status !== 200) throw new Error(`${endpoint}?${query}: ${response.status} ${await response.text()}`)
    return (await response.json()) as { data: { total?: number }; meta?: { total: number; did_you_mean?: string } }
  }
  await (await app.request('/api/v1/jobs/search?limit=1')).text()
  await ctx.search.ready()
  const ours = async (endpoint: string, query: string) => {
    const times: number[] = []
    for (let i = 0; i < OUR_SAMPLES; i++) {
      ctx.search.clearCache()
      times.push((await timed(() => get(endpoint, query)))[0])
    }
    return { p50: percentile(times, 50), p99: percentile(times, 99) }
  }

  console.log(`\n## ${name}: ${loaded.rows.toLocaleString('en')} open postings\n`)
  console.log(`- PostgreSQL table with indexes: ${(loaded.tableBytes / 2 ** 30).toFixed(2)} GiB; ${loaded.loadedNow ? 'loaded' : 'loaded earlier'} in ${loaded.seconds.toFixed(0)} s (COPY, indexes, VACUUM ANALYZE)`)
  console.log(`- load average at the start (1 / 5 / 15 min): ${load()}\n`)
  const queries = benchQueries(db, ctx)

  console.log('| search (ms) | openroles p50 | p99 | PostgreSQL p50 | p99 | n | PG / openroles (p50) | total: openroles / PG | PG without card folding: p50, total |\n|---|---|---|---|---|---|---|---|---|')
  for (const query of queries.filter((q) => wanted(`search: ${q.label}`))) {
    const answer = await get('jobs/search', query.search)
    // PostgreSQL is given the query as openroles matched it (it has no typo correction of its own).
    const corrected = answer.meta?.did_you_mean ? query.search.replace(/q=[^&]*/, `q=${encodeURIComponent(answer.meta.did_you_mean)}`) : query.search
    const request = pgRequest(corrected)
    const mine = await ours('jobs/search', query.search)
    const theirs = await sample(async () => (await client.query(searchSql(request))).rows)
    const plain = await sample(async () => { const [count, page] = postingSearchSql(request); const total = (await client.query(count)).rows[0].total; await client.query(page); return Number(total) })
    const pgTotal = Number(theirs.result[0]?.total ?? 0)
    console.log(`| ${query.label}${corrected !== query.search ? ' (PG given the correction)' : ''} | ${ms(mine.p50)} | ${ms(mine.p99)} | ${ms(theirs.p50)} | ${ms(theirs.p99)} | ${theirs.n} | ${(theirs.p50 / mine.p50).toFixed(1)}x | ${answer.meta?.total} / ${pgTotal} | ${ms(plain.p50)}, ${plain.result} |`)
  }

  console.log(`\n| facets (ms) | openroles p50 | p99 | PostgreSQL best p50 | p99 | n | PG / openroles (p50) | best strategy | ${CHOSEN.map((s) => `${s} p50`).join(' | ')} | total: openroles / PG | PG best strategy without card folding: p50, total |\n|---|---|---|---|---|---|---|---|${CHOSEN.map(() => '---|').join('')}---|---|`)
  const facetRows = [
    ...queries.filter((q) => q.facets !== undefined).map((q) => ({ label: `facets: ${q.label}`, query: q.facets!, disjunctive: false })),
    ...queries.filter((q) => q.disjunctive).map((q) => ({ label: `disjunctive: ${q.label}`, query: q.facets!, disjunctive: true })),
  ]
  for (const row of facetRows.filter((r) => wanted(r.label))) {
    const query = row.disjunctive ? `${row.query}&disjunctive=true` : row.query
    const answer = await get('jobs/facets', query)
    const probe = new URLSearchParams(row.query).get('q')
    const didYouMean = probe ? (await get('jobs/search', `q=${encodeURIComponent(probe)}&limit=1`)).meta?.did_you_mean : undefined
    const request = pgRequest(didYouMean ? row.query.replace(/q=[^&]*/, `q=${encodeURIComponent(didYouMean)}`) : row.query)
    const groups = facetGroups(request, row.disjunctive)
    const mine = await ours('jobs/facets', query)
    const results = new Map<StrategyName, Sampled<FacetResult>>()
    for (const strategy of CHOSEN) {
      const bestSoFar = Math.min(...[...results.values()].map((r) => r.p50))
      results.set(strategy, await sample(() => STRATEGIES[strategy](client, groups), bestSoFar * HOPELESS))
    }
    const [bestName, best] = [...results].sort((a, b) => a[1].p50 - b[1].p50)[0]!
    for (const [strategy, result] of results) {
      const diff = differences(best.result, result.result)
      if (diff.length) log(`${row.label}: ${strategy} disagrees with ${bestName}: ${diff.join('; ')}`)
    }
    const plain = await sample(() => STRATEGIES[bestName](client, facetGroups(request, row.disjunctive, false)))
    const strategies = [...results.values()].map((r) => `${ms(r.p50)}${r.n === 1 ? ' (1 run)' : ''}`).join(' | ')
    console.log(`| ${row.label}${didYouMean ? ' (PG given the correction)' : ''} | ${ms(mine.p50)} | ${ms(mine.p99)} | ${ms(best.p50)} | ${ms(best.p99)} | ${best.n} | ${(best.p50 / mine.p50).toFixed(1)}x | ${bestName} | ${strategies} | ${answer.data.total} / ${best.result.total} | ${ms(plain.p50)}, ${plain.result.total} |`)
  }
  console.log(`\n- load average at the end (1 / 5 / 15 min): ${load()}`)
  await client.end()
  await ctx.close?.()
  log(`rows the openroles connection changed in ${path}: ${db.prepare('SELECT total_changes()').pluck().get()}`)
  db.close()
}

async function main(): Promise<void> {
  const sizes = args.sizes!.split(',').map((size) => size.trim())
  const cluster = startCluster(args.pgdata!, log)
  try {
    console.log(`# openroles side by side with PostgreSQL 15\n\n${new Date().toISOString()}, ${cpus()[0]?.model ?? 'unknown CPU'} x${availableParallelism()}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`)
    console.log(`openroles: uncached (result cache dropped before each of ${OUR_SAMPLES} samples), in-process through the app. PostgreSQL: one warm-up, then ${SAMPLES} samples (3 when a run takes over ${SLOW_MS / 1000} s, 1 over ${VERY_SLOW_MS / 1000} s), rows fetched by node-postgres over a unix socket; facet strategies: ${CHOSEN.join(', ')}.`)
    for (const name of sizes) await benchSize(cluster, name)
  } finally {
    cluster.stop()
  }
}

try {
  await main()
} catch (error) {
  // A missing PostgreSQL or catalogue is a message, not a stack trace.
  log((error as Error).message)
  process.exitCode = 1
}
