/**
 * `npm run bench:http [-- --sizes 100k,1m --duration 20 --connections 16]`: starts the real
 * server (src/cli.ts serve) on a benchmark catalogue, drives a varied public workload with
 * autocannon for a fixed time, and reports requests/s, p50/p99 latency, the result-cache hit ratio
 * and the server's resident memory over the run (sampled every second; "flat" = the second half of
 * the run does not keep growing).
 *
 * The workload is what real traffic looks like, not a dozen repeated queries: 50% job searches,
 * 5% agent searches, 25% facet requests and 20% job reads. Words come from the catalogue's own
 * vocabulary (thousands of distinct terms, common and rare alike; one to three words, the last one
 * often cut short as people type it), filters from the values the facets endpoint lists (none, or
 * one to three facets, sometimes a numeric filter or a sort). The draw is seeded, so every run sends
 * the same sequence. The hit ratio reported is the share of search and facet requests that repeat
 * one sent before in the run: an upper bound of what the result cache can answer.
 *
 * Catalogues: bench/data/catalogue-100k.db, catalogue-1m.db and catalogue-3m.db, the files `npm run
 * bench` uses, built here the same way when missing (bench/catalogue-file.ts). `--db PATH [--jobs N]`
 * runs one ad-hoc catalogue instead (the server seeds it when missing). `--processes N` serves with N processes (the
 * cluster); `--profile DIR` writes the server's CPU profile to DIR when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { ensureCatalogue } from './catalogue-file.ts'

const SIZES: Record<string, { jobs: number; db: string }> = {
  '100k': { jobs: 100_000, db: 'bench/data/catalogue-100k.db' },
  '1m': { jobs: 1_000_000, db: 'bench/data/catalogue-1m.db' },
  '3m': { jobs: 3_000_000, db: 'bench/data/catalogue-3m.db' },
}

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
const warmupSeconds = Number(option('warmup', '3'))
/** --profile DIR: the server writes a V8 CPU profile (.cpuprofile) there when it stops. */
const profileDir = option('profile', '')
/** --processes N: serving processes (SERVE_PROCESSES; 1 = no cluster, 0 = one per core). */
const processes = option('processes', '1')
/** --only NAME[,NAME]: just these operations of the mix (e.g. `facets`), to see what each costs. */
const only = option('only', '').split(',').map((s) => s.trim()).filter(Boolean)

/** Seeded generator (mulberry32): the same request sequence on every run, before and after a change. */
let seed = 20261124
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!

/** Words people could type: every alphabetic term of the catalogue's full-text vocabulary. */
function vocabulary(dbPath: string): string[] {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true })
  try {
    db.exec("CREATE VIRTUAL TABLE temp.bench_words USING fts5vocab(main, 'jobs_fts', 'row')")
    return db.prepare("SELECT term FROM temp.bench_words WHERE length(term) >= 3 AND term GLOB '[a-z]*' AND term NOT GLOB '*[^a-z+#]*'").pluck().all() as string[]
  } finally {
    db.close()
  }
}

/** Distinct search and facet requests sent so far: the cache-hit upper bound. */
const sent = new Set<string>()
let cacheable = 0
let repeated = 0
function counted(path: string): string {
  cacheable++
  if (sent.has(path)) repeated++
  else sent.add(path)
  return path
}

interface Workload {
  operation: string
  weight: number
  path: () => string
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

function startServer(dbPath: string, jobs: number, port: number): ChildProcess {
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-dir', resolve(profileDir)] : []
  return spawn(process.execPath, [...profile, '--import', 'tsx', 'src/cli.ts', 'serve'], {
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

async function waitUntilUp(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    try {
      if ((await fetch(`${base}/status`)).ok) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

/** The varied public workload, restricted to the operations the running server documents. */
async function buildWorkload(base: string, words: readonly string[]): Promise<Workload[]> {
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> }
  const has = (path: string) => path in document.paths
  const slugs: string[] = []
  for (const offset of [0, 2000, 5000, 9000]) {
    const page = (await (await fetch(`${base}/jobs/search?limit=100&offset=${offset}`)).json()) as { data: { public_slug: string }[] }
    slugs.push(...page.data.map((job) => job.public_slug))
  }
  const counts = ((await (await fetch(`${base}/jobs/facets`)).json()) as { data: { facets: Record<string, Record<string, number>> } }).data.facets
  const FILTERED = ['work_mode', 'seniority', 'regions', 'countries', 'cities', 'skills', 'category', 'employment_type', 'role', 'company_size']
  const valuesOf = Object.fromEntries(FILTERED.map((facet) => [facet, Object.keys(counts[facet] ?? {}).slice(0, 25)]))
  const text = () => {
    const n = random() < 0.65 ? 1 : random() < 0.8 ? 2 : 3
    const picked = Array.from({ length: n }, () => pick(words))
    // People stop typing mid-word: the last word is matched as a prefix.
    if (random() < 0.2) picked[n - 1] = picked[n - 1]!.slice(0, Math.max(3, Math.ceil(picked[n - 1]!.length * 0.6)))
    return encodeURIComponent(picked.join(' '))
  }
  const filters = () => {
    const parts: string[] = []
    const n = random() < 0.4 ? 0 : random() < 0.6 ? 1 : random() < 0.7 ? 2 : 3
    for (let i = 0; i < n; i++) {
      const facet = pick(FILTERED)
      if (valuesOf[facet]!.length) parts.push(`${facet}=${encodeURIComponent(pick(valuesOf[facet]!))}`)
    }
    if (random() < 0.1) parts.push(`salary_min=${pick([40000, 60000, 80000, 100000, 120000])}`)
    if (random() < 0.05) parts.push(`posted_within_days=${pick([7, 30, 90])}`)
    return parts.map((part) => `&${part}`).join('')
  }
  const sort = () => (random() < 0.1 ? `&sort=${pick(['posted_at', 'salary_max', 'created_at'])}` : '')
  const all: (Workload & { needs: string; ready: boolean })[] = [
    { operation: 'job search', weight: 45, needs: '/jobs/search', ready: true, path: () => counted(`/jobs/search?q=${text()}&limit=10${filters()}${sort()}`) },
    { operation: 'job search (no q)', weight: 5, needs: '/jobs/search', ready: true, path: () => counted(`/jobs/search?limit=10${filters()}${sort()}`) },
    { operation: 'agent search', weight: 5, needs: '/agent/jobs/search', ready: true, path: () => counted(`/agent/jobs/search?q=${text()}&limit=5${filters()}`) },
    { operation: 'facets', weight: 25, needs: '/jobs/facets', ready: true, path: () => counted(`/jobs/facets?${random() < 0.85 ? `q=${text()}` : ''}${filters()}${random() < 0.2 ? '&disjunctive=true' : ''}`) },
    { operation: 'job read', weight: 20, needs: '/jobs/{slug}', ready: slugs.length > 0, path: () => `/jobs/${pick(slugs)}` },
  ]
  const available = all.filter((w) => has(w.needs) && w.ready && (!only.length || only.includes(w.operation)))
  const skipped = all.filter((w) => !available.includes(w)).map((w) => w.operation)
  if (skipped.length) console.log(`  not implemented on this server, left out: ${skipped.join(', ')}`)
  return available
}

function weightedPath(workload: Workload[], prefix: string): () => string {
  const total = workload.reduce((n, w) => n + w.weight, 0)
  return () => {
    let r = random() * total
    for (const w of workload) if ((r -= w.weight) < 0) return prefix + w.path()
    return prefix + workload[0]!.path()
  }
}

/** Resident memory of the server and its child processes (the cluster's serving processes). */
function rssMiB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number)
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024 + children.reduce((sum, child) => sum + rssMiB(child), 0)
  } catch {
    return 0 // the process ended between the listing and the read
  }
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

async function benchSize(label: string): Promise<void> {
  const size = SIZES[label]
  if (!size) throw new Error(`unknown size ${label}; use ${Object.keys(SIZES).join(', ')}`)
  if (label !== 'custom') ensureCatalogue('bench/data', label, size.jobs, (line) => console.log(`  ${line}`))
  const dbPath = resolve(size.db)
  console.log(`\n== ${label} postings (${dbPath}${existsSync(dbPath) ? '' : ', missing: the server seeds it first'})`)
  const port = await freePort()
  const child = startServer(dbPath, size.jobs, port)
  const base = `http://127.0.0.1:${port}/api/v1`
  try {
    await waitUntilUp(base, child)
    const words = vocabulary(dbPath)
    const workload = await buildWorkload(base, words)
    console.log(`  ${words.length} distinct words to draw from`)
    if (!workload.length) throw new Error('no public operation of the workload is implemented')
    const path = weightedPath(workload, '/api/v1')
    await run(base, path, warmupSeconds)
    // Requests of the warm-up stay in `sent`: the server's cache holds their answers too.
    cacheable = 0
    repeated = 0
    const samples: number[] = []
    const sampler = setInterval(() => samples.push(rssMiB(child.pid!)), 1000)
    samples.push(rssMiB(child.pid!))
    const result = await run(base, path, durationSeconds)
    clearInterval(sampler)
    samples.push(rssMiB(child.pid!))
    report(label, result, samples)
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
  }
}

function report(label: string, result: autocannon.Result, samples: number[]): void {
  const half = Math.floor(samples.length / 2)
  const mid = samples[half]
  const end = samples[samples.length - 1]
  const max = Math.max(...samples)
  const lateGrowth = mid > 0 ? ((end - mid) / mid) * 100 : 0
  console.log(`  ${label}: ${result.requests.average.toFixed(0)} req/s over ${durationSeconds}s, ${connections} connections`)
  console.log(`  latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`)
  console.log(`  result-cache hit ratio at most ${((repeated / Math.max(1, cacheable)) * 100).toFixed(1)}% (${repeated} of ${cacheable} search/facet requests repeat an earlier one; ${sent.size} distinct)`)
  console.log(`  responses: ${result.requests.total} total, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  console.log(`  server RSS MiB: start ${samples[0].toFixed(0)}, middle ${mid.toFixed(0)}, end ${end.toFixed(0)}, max ${max.toFixed(0)}`)
  console.log(`  memory ${Math.abs(lateGrowth) < 10 ? 'flat' : 'GROWING'}: ${lateGrowth >= 0 ? '+' : ''}${lateGrowth.toFixed(1)}% over the second half of the run`)
}

for (const label of sizes) await benchSize(label)
