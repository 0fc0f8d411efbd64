/**
 * `npm run bench:replicas [-- --size 100k --catalogue copied|seeded --duration 20 --connections 16 --rounds 20]`: the public
 * read workload (bench/workload.ts) against one server, then against one primary and two replicas
 * behind HAProxy (deploy/haproxy.cfg, Debian's haproxy), on a copy of the benchmark catalogue
 * (bench/catalogue-file.ts; `--catalogue seeded`: the user-seeded one) with its saved search index,
 * so the primary's writes never touch the shared file. The servers run the bundle `npm start` runs. Then, with the
 * three processes idle, the replication-to-search delay: a posting committed to the file (as an
 * import does) until each replica's search shows it, `--rounds` times; and the resident memory of
 * each process.
 *
 * The replicas share the primary's file on this machine (no LiteFS): the delay is the index's
 * following of the change log, not a network's replication. On one machine the three processes
 * and the balancer share its cores with the load generator, so the comparison measures what the
 * balancer and the extra processes cost, not what more machines would add.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import autocannon from 'autocannon'
import { YOUNG_GENERATION_FLAG } from '../src/cluster/primary.ts'
import { openDatabase } from '../src/db/connection.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
import { carryStartFiles } from '../src/catalogue/catalogue-memory.ts'
import { ensureCatalogueOf, type CatalogueKind } from './catalogue-file.ts'
import { percentile } from './percentile.ts'
import { operations, seededRandom, vocabulary, weightedPath } from './workload.ts'
import { rssMiB } from './rss.ts'

const SIZES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000 }

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback
}

const size = option('size', '100k')
const kind = option('catalogue', 'copied') as CatalogueKind
const durationSeconds = Number(option('duration', '20'))
const warmupSeconds = Number(option('warmup', '10'))
const connections = Number(option('connections', '16'))
const rounds = Number(option('rounds', '20'))

/** `count` distinct free ports: all held open at once, so no two calls return the same one. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => new Promise<ReturnType<typeof createServer>>((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => done(server))
    server.on('error', fail)
  })))
  const ports = servers.map((server) => (server.address() as { port: number }).port)
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
  return ports
}

function serve(dbPath: string, port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [YOUNG_GENERATION_FLAG, 'dist/openroles.mjs', 'serve'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', OPENROLES_DB: dbPath, LOG_LEVEL: 'error', TRUST_PROXY: '1',
      // The limiter runs (its cost is part of the measurement) but never refuses the one bench client.
      RATE_READ_PER_MINUTE: '1000000000', RATE_AGENT_PER_MINUTE: '1000000000', ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

async function ready(base: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server exited with ${child.exitCode}`)
    try {
      const metrics = await (await fetch(`${base}/metrics`)).text()
      if ((await fetch(`${base}/readyz`)).ok && /^openroles_search_terms_in_memory 1$/m.test(metrics)) return
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
}

async function stop(children: ChildProcess[]): Promise<void> {
  await Promise.all(children.filter((child) => child.exitCode === null).map((child) => new Promise((r) => { child.once('exit', r); child.kill('SIGTERM') })))
}

async function measure(label: string, origin: string, path: () => string): Promise<void> {
  const run = (seconds: number) => autocannon({ url: origin, connections, duration: seconds, requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }] })
  await run(warmupSeconds)
  const result = await run(durationSeconds)
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([status, { count }]) => `${status}: ${count}`).join(', ')
  console.log(`  ${label}: ${result.requests.average.toFixed(0)} req/s over ${durationSeconds}s, ${connections} connections; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ${result.non2xx} non-2xx, ${result.errors} errors (${statuses})`)
}

async function main(): Promise<void> {
  const jobs = SIZES[size]
  if (!jobs) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
  const haproxy = ['haproxy', '/usr/sbin/haproxy'].find((candidate) => spawnSync(candidate, ['-v']).status === 0)
  if (!haproxy) throw new Error('haproxy is not installed (Debian package haproxy)')
  if (spawnSync(process.execPath, ['build.mjs'], { stdio: 'inherit' }).status !== 0) throw new Error('node build.mjs failed')
  const shared = ensureCatalogueOf(kind, 'bench/data', size, jobs, (line) => console.log(`  ${line}`))
  const dir = mkdtempSync(join(tmpdir(), 'openroles-bench-replicas-'))
  const dbPath = join(dir, 'catalogue.db')
  copyFileSync(shared, dbPath)
  carryStartFiles(shared, dbPath, copyFileSync)
  const words = vocabulary(dbPath)
  const children: ChildProcess[] = []
  try {
    // One server, one process per core (the default), answering directly.
    const [singlePort] = await freePorts(1)
    const single = serve(dbPath, singlePort, {})
    children.push(single)
    await ready(`http://127.0.0.1:${singlePort}`, single)
    const mix = await operations(words, async (path) => (await fetch(`http://127.0.0.1:${singlePort}/api/v1${path}`)).json(), seededRandom())
    const pathOf = () => {
      const next = weightedPath(mix, seededRandom())
      return () => `/api/v1${next().path}`
    }
    console.log(`\n== ${size} postings (${kind}); ${mix.length} operations in the mix`)
    await measure('one server (one process per core), direct', `http://127.0.0.1:${singlePort}`, pathOf())
    console.log(`  RSS of the one server (all its processes): ${rssMiB(single.pid!).toFixed(0)} MiB`)
    await stop([single])

    // One primary and two replicas, one process each, behind HAProxy.
    const [primaryPort, r1Port, r2Port, balancerPort] = await freePorts(4)
    const primary = serve(dbPath, primaryPort, { SERVE_ROLE: 'primary', SERVE_PROCESSES: '1' })
    children.push(primary)
    await ready(`http://127.0.0.1:${primaryPort}`, primary)
    const replicaEnv = { SERVE_ROLE: 'replica', SERVE_PROCESSES: '1', PRIMARY_URL: `http://127.0.0.1:${primaryPort}` }
    const replicas = [serve(dbPath, r1Port, replicaEnv), serve(dbPath, r2Port, replicaEnv)]
    children.push(...replicas)
    await ready(`http://127.0.0.1:${r1Port}`, replicas[0]!)
    await ready(`http://127.0.0.1:${r2Port}`, replicas[1]!)
    const local = (port: number) => `127.0.0.1:${port}`
    const balancer = spawn(haproxy, ['-f', resolve('deploy/haproxy.cfg'), '-db'], {
      env: { ...process.env, BALANCER_BIND: local(balancerPort), PRIMARY_ADDR: local(primaryPort), REPLICA1_ADDR: local(r1Port), REPLICA2_ADDR: local(r2Port) },
      stdio: 'ignore',
    })
    children.push(balancer)
    await ready(`http://127.0.0.1:${balancerPort}`, balancer)
    await measure('primary + 2 replicas (one process each) behind HAProxy', `http://127.0.0.1:${balancerPort}`, pathOf())
    for (const [name, child] of [['primary', primary], ['replica 1', replicas[0]!], ['replica 2', replicas[1]!]] as const) console.log(`  RSS of ${name}: ${rssMiB(child.pid!).toFixed(0)} MiB`)

    // Replication to search: a posting committed to the file until each replica's search shows it.
    const writer = openDatabase(dbPath)
    const delays: number[][] = [[], []]
    let searches = 0
    for (let round = 0; round < rounds; round++) {
      const word = `zqbench${round}x${process.pid}`
      await new Promise((r) => setTimeout(r, 200 + Math.floor(Math.random() * 800)))
      writer.transaction(() => upsertJob(writer, { source: 'bench', externalId: word, title: `Brewer ${word}`, descriptionHtml: `<p>${word}</p>`, descriptionText: word, postedAt: new Date().toISOString(), company: { slug: 'bench-co', name: 'Bench Co' } }))()
      const committed = performance.now()
      await Promise.all([r1Port, r2Port].map(async (port, n) => {
        for (;;) {
          searches++
          const found = (await (await fetch(`http://127.0.0.1:${port}/api/v1/jobs/search?q=${word}`)).json()) as { meta: { total: number } }
          if (found.meta.total > 0) return void delays[n]!.push(performance.now() - committed)
          await new Promise((r) => setTimeout(r, 5))
        }
      }))
    }
    writer.close()
    const all = delays.flat()
    console.log(`  commit -> replica search (${all.length} answers, ${rounds} postings): p50 ${percentile(all, 50).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms; ${(searches / all.length).toFixed(2)} searches per answer (1 = the first search after the commit found it)`)
  } finally {
    await stop(children)
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
