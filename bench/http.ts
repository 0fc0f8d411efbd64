/**
 * `npm run bench:http [-- --sizes 100k,1m --duration 20 --connections 16]`: starts the real
 * server (src/cli.ts serve) on a benchmark catalogue, drives a varied public workload with
 * autocannon for a fixed time, and reports requests/s, p50/p99 latency, the result-cache hit ratio
 * and the server's resident memory over the run (sampled every second; "flat" = the second half of
 * the run does not keep growing).
 *
 * The workload (bench/workload.ts) is what real traffic looks like, not a dozen repeated queries.
 * The server is driven as a user meets it: the run starts the moment /readyz answers 200 (nothing
 * the user cannot see is waited for), measures the first `--first SECONDS` (60) on their own, then
 * a warm-up of the same traffic (`--warmup SECONDS`, 10), then the steady state. The start's time
 * to /readyz is reported too (`--restart` also restarts the server on its saved index and reports
 * that). The hit ratio reported is the
 * share of search and facet requests that repeat one sent before, in the run or its warm-up: an
 * upper bound of what the result cache can answer. `--only NAME[,NAME]` runs just
 * those operations of the mix (e.g. `facets`), to see what each costs.
 *
 * Catalogues (`--catalogues copied,seeded`, both by default): the copied bench/data/catalogue-100k.db,
 * catalogue-1m.db and catalogue-3m.db, and the user-seeded seeded-100k.db, … (`openroles seed
 * --jobs N`: distinct postings), the files `npm run bench` uses, built here the same way when
 * missing (bench/catalogue-file.ts). `--db PATH [--jobs N]`
 * runs one ad-hoc catalogue instead (the server seeds it when missing). `--processes N` serves with N processes (the
 * cluster; default one per core, as the server); `--profile DIR` writes the server's CPU profile to DIR when it stops.
 * The server is the bundle `npm start` runs (dist/openroles.mjs, built first).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import { YOUNG_GENERATION_FLAG } from '../src/cluster/primary.ts'
import { ensureCatalogueOf, type CatalogueKind } from './catalogue-file.ts'
import { operations, seededRandom, vocabulary, weightedPath, type Operation } from './workload.ts'
import { rssMiB } from './rss.ts'

const SIZES: Record<string, { jobs: number; db?: string }> = { '100k': { jobs: 100_000 }, '1m': { jobs: 1_000_000 }, '3m': { jobs: 3_000_000 } }

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback
}

// --db PATH [--jobs N] benchmarks one ad-hoc catalogue instead (seeded with N postings when missing).
const customDb = option('db', '')
if (customDb) SIZES.custom = { jobs: Number(option('jobs', '5000')), db: customDb }
const sizes = customDb ? ['custom'] : option('sizes', '100k,1m').split(',').map((s) => s.trim().toLowerCase())
const durationSeconds = Number(option('duration', '20'))
const connections = Number(option('connections', '16'))
// Each serving process compiles its hot paths over its first few thousand requests (V8 tiers a
// function up after it has run many times): the run measures a server that has been serving.
const warmupSeconds = Number(option('warmup', '10'))
/** The span right after /readyz, measured on its own: what the first users of a (re)start meet. */
const firstSeconds = Number(option('first', '60'))
const restart = process.argv.includes('--restart')
const catalogues = option('catalogues', 'copied,seeded').split(',').map((s) => s.trim()) as CatalogueKind[]
/** --profile DIR: the server writes a V8 CPU profile (.cpuprofile) there when it stops. */
const profileDir = option('profile', '')
/** --processes N: serving processes (SERVE_PROCESSES; 0, the server's default, = one per core; 1 = no cluster). */
const processes = option('processes', '0')
const only = option('only', '').split(',').map((s) => s.trim()).filter(Boolean)

const random = seededRandom()

/** Distinct search and facet requests sent so far to this size's server: the cache-hit upper bound. */
const sent = new Set<string>()
let cacheable = 0
let repeated = 0
function counted(path: string): string {
  cacheable++
  if (sent.has(path)) repeated++
  else sent.add(path)
  return path
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
    server.on('error', fail)
  })
}

// The server runs as `npm start` runs it: the bundle, built once here (a start under tsx compiles
// every module first, a second a user never waits for).
const built = spawnSync(process.execPath, ['build.mjs'], { stdio: 'inherit' })
if (built.status !== 0) throw new Error('node build.mjs failed')

function startServer(dbPath: string, jobs: number, port: number): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : []
  return spawn(process.execPath, [...profile, YOUNG_GENERATION_FLAG, 'dist/openroles.mjs', 'serve'], {
    env: {
      ...process.env,
      SERVE_PROCESSES: processes,
      PORT: String(port),
      HOST: '127.0.0.1',
      OPENROLES_DB: dbPath,
      OPENROLES_SEED_JOBS: String(jobs),
      LOG_LEVEL: 'error',
      // The limiter runs (its cost is part of the measurement) but never refuses the one bench client.
      RATE_READ_PER_MINUTE: '1000000000',
      RATE_AGENT_PER_MINUTE: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

/** Polls /readyz (and only it: a user sees nothing else) until it answers 200; returns the seconds since `since`. */
async function waitUntilReady(base: string, child: ChildProcess, since: number): Promise<number> {
  const readyz = `${new URL(base).origin}/readyz`
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(readyz)).status === 200) return (performance.now() - since) / 1000
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** The varied public workload, restricted to the operations the running server documents. */
async function buildWorkload(base: string, words: readonly string[]): Promise<Operation[]> {
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> }
  const all = await operations(words, async (path) => (await fetch(`${base}${path}`)).json(), random)
  const available = all.filter((operation) => operation.needs in document.paths && (!only.length || only.includes(operation.name)))
  const skipped = all.filter((operation) => !available.includes(operation)).map((operation) => operation.name)
  if (skipped.length) console.log(`  left out: ${skipped.join(', ')}`)
  return available
}

async function run(base: string, path: () => string, seconds: number) {
  const url = new URL(base)
  return autocannon({
    url: url.origin,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
  })
}

async function benchSize(label: string, kind: CatalogueKind): Promise<void> {
  const size = SIZES[label]
  if (!size) throw new Error(`unknown size ${label}; use ${Object.keys(SIZES).join(', ')}`)
  const dbPath = resolve(label === 'custom' ? size.db! : ensureCatalogueOf(kind, 'bench/data', label, size.jobs, (line) => console.log(`  ${line}`)))
  console.log(`\n== ${label} postings, ${label === 'custom' ? 'ad hoc' : kind} (${dbPath}${existsSync(dbPath) ? '' : ', missing: the server seeds it first'}), load average ${loadavg().map((n) => n.toFixed(1)).join(' ')}`)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}/api/v1`
  let startedAt = performance.now()
  let child = startServer(dbPath, size.jobs, port)
  try {
    console.log(`  start to /readyz: ${(await waitUntilReady(base, child, startedAt)).toFixed(1)} s`)
    if (restart) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      startedAt = performance.now()
      child = startServer(dbPath, size.jobs, port)
      console.log(`  restart to /readyz: ${(await waitUntilReady(base, child, startedAt)).toFixed(1)} s`)
    }
    // Built from the file, not the server: nothing is asked of the server before the first span.
    const words = vocabulary(dbPath)
    const workload = await buildWorkload(base, words)
    console.log(`  ${words.length} distinct words to draw from (Zipf by frequency)`)
    if (!workload.length) throw new Error('no public operation of the workload is implemented')
    const next = weightedPath(workload, random)
    // Each size has its own server and cache: what an earlier size sent is no repeat here.
    sent.clear()
    const path = () => {
      const { operation, path } = next()
      return `/api/v1${operation.cacheable ? counted(path) : path}`
    }
    const measured = async (seconds: number, name: string) => {
      cacheable = 0
      repeated = 0
      const samples: number[] = [rssMiB(child.pid!)]
      const sampler = setInterval(() => samples.push(rssMiB(child.pid!)), 1000)
      const result = await run(base, path, seconds)
      clearInterval(sampler)
      samples.push(rssMiB(child.pid!))
      report(`${label} ${label === 'custom' ? 'ad hoc' : kind} ${name}`, result, samples, seconds)
    }
    if (firstSeconds > 0) await measured(firstSeconds, `first ${firstSeconds} s after /readyz`)
    await run(base, path, warmupSeconds)
    // Requests sent before stay in `sent`: the server's cache holds their answers too.
    await measured(durationSeconds, 'steady state')
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

function report(label: string, result: autocannon.Result, samples: number[], seconds: number): void {
  const half = Math.floor(samples.length / 2)
  const mid = samples[half]
  const end = samples[samples.length - 1]
  const max = Math.max(...samples)
  const lateGrowth = mid > 0 ? ((end - mid) / mid) * 100 : 0
  const serving = processes === '0' ? `${availableParallelism()} serving processes (one per core)` : `${processes} serving process${processes === '1' ? '' : 'es'}`
  console.log(`  ${label}: ${result.requests.average.toFixed(0)} req/s over ${seconds}s, ${connections} connections, ${serving}`)
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`)
  console.log(`  result-cache hit ratio at most ${((repeated / Math.max(1, cacheable)) * 100).toFixed(1)}% (${repeated} of ${cacheable} search/facet requests repeat an earlier one; ${sent.size} distinct)`)
  console.log(`  responses: ${result.requests.total} total, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  console.log(`  server RSS MiB: start ${samples[0].toFixed(0)}, middle ${mid.toFixed(0)}, end ${end.toFixed(0)}, max ${max.toFixed(0)}`)
  console.log(`  memory ${Math.abs(lateGrowth) < 10 ? 'flat' : 'GROWING'}: ${lateGrowth >= 0 ? '+' : ''}${lateGrowth.toFixed(1)}% over the second half of the run`)
}

for (const label of sizes) for (const kind of label === 'custom' ? (['copied'] as const) : catalogues) await benchSize(label, kind)
