/**
 * `npm run bench:http [-- --sizes 100k,1m --duration 20 --connections 16]`: starts the real
 * server (src/cli.ts serve) on a benchmark catalogue, drives a mixed public workload with autocannon
 * for a fixed time, and reports requests/s, p50/p99 latency and the server's resident memory over the
 * run (sampled every second; "flat" = the second half of the run does not keep growing).
 *
 * Catalogues: bench/data/catalogue-100k.db and catalogue-1m.db (made by `npm run bench`; when a
 * file is missing the server seeds it on first start, which takes minutes at 1M). `--db PATH
 * [--jobs N]` runs one ad-hoc catalogue instead.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import autocannon from 'autocannon'

const SIZES: Record<string, { jobs: number; db: string }> = {
  '100k': { jobs: 100_000, db: 'bench/data/catalogue-100k.db' },
  '1m': { jobs: 1_000_000, db: 'bench/data/catalogue-1m.db' },
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

const WORDS = ['engineer', 'senior', 'python', 'react', 'data', 'platform', 'rust', 'devops', 'product', 'remote', 'backend', 'kubernetes']
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]

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
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    env: {
      ...process.env,
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

/** The mixed public workload, restricted to the operations the running server documents. */
async function buildWorkload(base: string): Promise<Workload[]> {
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, unknown> }
  const has = (path: string) => path in document.paths
  const jobs = has('/jobs/search') ? ((await (await fetch(`${base}/jobs/search?limit=100`)).json()) as { data: { public_slug: string; company_slug?: string }[] }).data : []
  const slugs = jobs.map((job) => job.public_slug)
  const companies = [...new Set(jobs.map((job) => job.company_slug).filter((slug): slug is string => !!slug))]
  const facet = () => pick(['', '&work_mode=remote', '&regions=eu', '&seniority=senior', '&skills=python', '&regions=north_america&work_mode=hybrid'])
  const all: (Workload & { needs: string; ready: boolean })[] = [
    { operation: 'job search', weight: 30, needs: '/jobs/search', ready: true, path: () => `/jobs/search?q=${pick(WORDS)}&limit=10${facet()}` },
    { operation: 'job search (no q)', weight: 5, needs: '/jobs/search', ready: true, path: () => `/jobs/search?limit=10${facet()}` },
    { operation: 'facets', weight: 10, needs: '/jobs/facets', ready: true, path: () => `/jobs/facets?q=${pick(WORDS)}${facet()}` },
    { operation: 'job read', weight: 20, needs: '/jobs/{slug}', ready: slugs.length > 0, path: () => `/jobs/${pick(slugs)}` },
    { operation: 'similar', weight: 10, needs: '/jobs/{slug}/similar', ready: slugs.length > 0, path: () => `/jobs/${pick(slugs)}/similar` },
    { operation: 'company search', weight: 10, needs: '/companies', ready: true, path: () => `/companies?q=${pick(['a', 'tech', 'labs', 'co'])}` },
    { operation: 'company read', weight: 5, needs: '/companies/{slug}', ready: companies.length > 0, path: () => `/companies/${pick(companies)}` },
    { operation: 'city lookup', weight: 5, needs: '/geo/cities', ready: true, path: () => `/geo/cities?q=${pick(['ber', 'lon', 'new', 'par', 'san'])}` },
    { operation: 'agent search', weight: 5, needs: '/agent/jobs/search', ready: true, path: () => `/agent/jobs/search?q=${pick(WORDS)}&limit=5` },
  ]
  const available = all.filter((w) => has(w.needs) && w.ready)
  const skipped = all.filter((w) => !available.includes(w)).map((w) => w.operation)
  if (skipped.length) console.log(`  not implemented on this server, left out: ${skipped.join(', ')}`)
  return available
}

function weightedPath(workload: Workload[], prefix: string): () => string {
  const total = workload.reduce((n, w) => n + w.weight, 0)
  return () => {
    let r = Math.random() * total
    for (const w of workload) if ((r -= w.weight) < 0) return prefix + w.path()
    return prefix + workload[0].path()
  }
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
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
  const dbPath = resolve(size.db)
  console.log(`\n== ${label} postings (${dbPath}${existsSync(dbPath) ? '' : ', missing: the server seeds it first'})`)
  const port = await freePort()
  const child = startServer(dbPath, size.jobs, port)
  const base = `http://127.0.0.1:${port}/api/v1`
  try {
    await waitUntilUp(base, child)
    const workload = await buildWorkload(base)
    if (!workload.length) throw new Error('no public operation of the workload is implemented')
    const path = weightedPath(workload, '/api/v1')
    await run(base, path, warmupSeconds)
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
  console.log(`  responses: ${result.requests.total} total, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
  console.log(`  server RSS MiB: start ${samples[0].toFixed(0)}, middle ${mid.toFixed(0)}, end ${end.toFixed(0)}, max ${max.toFixed(0)}`)
  console.log(`  memory ${Math.abs(lateGrowth) < 10 ? 'flat' : 'GROWING'}: ${lateGrowth >= 0 ? '+' : ''}${lateGrowth.toFixed(1)}% over the second half of the run`)
}

for (const label of sizes) await benchSize(label)
