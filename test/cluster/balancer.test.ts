import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../helpers/net.ts'
import { tempDir } from '../helpers/temp.ts'

/**
 * Issue 43: one primary and two replicas behind a real HAProxy (Debian's package; .ci/run installs
 * it), as real processes on loopback. The replicas read the primary's own file (one machine, no
 * LiteFS): the shape docs/scaling.md says is tested. Every process is killed when the test ends,
 * whatever failed. Polls never assert on speed; the timeout only stops a hung start.
 */
const cli = join(import.meta.dirname, '../../src/cli.ts')
const config = join(import.meta.dirname, '../../deploy/haproxy.cfg')
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ORIGIN = 'http://openroles.test'

function haproxyBinary(): string {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    const found = spawnSync(candidate, ['-v'], { encoding: 'utf8' })
    if (!found.error && found.status === 0) return candidate
  }
  throw new Error('haproxy is not installed (Debian package haproxy; .ci/run installs it): the balancer test cannot run')
}

interface Served {
  name: string
  port: number
  child: ChildProcess
}

function serve(t: TestContext, name: string, port: number, env: Record<string, string>): Served {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', SERVE_PROCESSES: '1', LOG_LEVEL: 'error', TRUST_PROXY: '1',
      SEARCH_WORKERS: '0', SEARCH_COUNT_THREADS: '0', RATE_READ_PER_MINUTE: '100000', PUBLIC_ORIGIN: ORIGIN, ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  t.after(() => child.kill('SIGKILL'))
  return { name, port, child }
}

async function ready(server: Served): Promise<void> {
  for (;;) {
    assert.equal(server.child.exitCode, null, `${server.name} exited before it was ready`)
    try {
      if ((await fetch(`http://127.0.0.1:${server.port}/readyz`)).ok) return
    } catch {
      /* not listening yet */
    }
    await pause(200)
  }
}

/** The descriptors of the database file a process holds, with their open flags (octal, /proc/<pid>/fdinfo). */
function databaseDescriptors(pid: number, dbPath: string): { flags: number }[] {
  const held = []
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`)
    } catch {
      continue
    }
    if (target !== dbPath) continue
    const flags = /^flags:\s+([0-7]+)$/m.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))![1]
    held.push({ flags: parseInt(flags, 8) })
  }
  return held
}

const O_ACCMODE = 0o3

test('one primary and two replicas behind HAProxy: signed-in writes, imports and a replica killed mid-traffic', { timeout: 300_000 }, async (t) => {
  const haproxy = haproxyBinary()
  const dir = tempDir(t, 'balancer')
  const dbPath = join(dir, 'catalogue.db')
  const [primaryPort, replicaOnePort, replicaTwoPort, balancerPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  // Started together: the replicas wait for the primary to create and migrate the file.
  const primary = serve(t, 'primary', primaryPort, { OPENROLES_DB: dbPath, OPENROLES_SEED_JOBS: '60', SERVE_ROLE: 'primary', RATE_ACCOUNT_PER_HOUR: '3' })
  const replicaEnv = { OPENROLES_DB: dbPath, SERVE_ROLE: 'replica', PRIMARY_URL: `http://127.0.0.1:${primaryPort}`, REPLICA_CATCH_UP_MS: '300' }
  const replicas = [serve(t, 'r1', replicaOnePort, replicaEnv), serve(t, 'r2', replicaTwoPort, replicaEnv)]
  for (const server of [primary, ...replicas]) await ready(server)

  // The shipped configuration (deploy/haproxy.cfg): reads to every process, writes and sign-in to
  // the primary, health checks on /readyz, a read whose server died retried on another.
  const local = (port: number) => `127.0.0.1:${port}`
  const addresses = { BALANCER_BIND: local(balancerPort), PRIMARY_ADDR: local(primaryPort), REPLICA1_ADDR: local(replicaOnePort), REPLICA2_ADDR: local(replicaTwoPort) }
  const balancer = spawn(haproxy, ['-f', config, '-db'], { env: { ...process.env, ...addresses }, stdio: ['ignore', 'ignore', 'pipe'] })
  t.after(() => balancer.kill('SIGKILL'))
  // Its warnings (a server going down) are expected below; they are shown only if it fails to start.
  let said = ''
  balancer.stderr!.on('data', (chunk) => (said += chunk))
  const base = `http://127.0.0.1:${balancerPort}`
  for (;;) {
    assert.equal(balancer.exitCode, null, `haproxy exited: ${said}`)
    const up = await fetch(`${base}/readyz`).then((response) => response.ok, () => false)
    if (up) break
    await pause(100)
  }

  let cookies = new Map<string, string>()
  const call = async (path: string, init: { method?: string; body?: unknown; to?: string } = {}) => {
    const response = await fetch(`${init.to ?? base}${path}`, {
      method: init.method ?? 'GET',
      headers: { origin: ORIGIN, 'content-type': 'application/json', cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair!.split('=')
      cookies.set(name!, value!)
    }
    return { status: response.status, headers: response.headers, body: await response.json() }
  }
  /** Asks the balancer until every process has answered once; returns each one's answer. */
  const fromEach = async (path: string) => {
    const answers = new Map<string, Awaited<ReturnType<typeof call>>>()
    while (answers.size < 3) {
      const answer = await call(path)
      answers.set(answer.headers.get('x-served-by')!, answer)
    }
    return answers
  }

  // Sign up and in through the balancer: the primary answers, and hands back its position.
  const email = 'seeker@example.org'
  const password = 'correct horse battery staple'
  assert.equal((await call('/api/v1/auth/register', { method: 'POST', body: { email, password } })).status, 201)
  const login = await call('/api/v1/auth/login', { method: 'POST', body: { email, password } })
  assert.equal(login.status, 200)
  assert.equal(login.headers.get('x-served-by'), 'primary')
  assert.match(login.headers.get('openroles-position') ?? '', /^log:\d+$/)
  assert.ok(cookies.has('openroles_session') && cookies.has('openroles_position'))

  // Save a search and move a tracker card; every process, replicas included, reads both back itself.
  const saved = await call('/api/v1/me/searches', { method: 'POST', body: { name: 'Remote work', query: 'work_mode=remote' } })
  assert.equal(saved.status, 201, JSON.stringify(saved.body))
  const slug = (await call('/api/v1/jobs/search?limit=1')).body.data[0].public_slug as string
  assert.equal((await call(`/api/v1/jobs/${slug}/track`, { method: 'PATCH', body: { stage: 'applied' } })).status, 200)
  assert.equal((await call(`/api/v1/jobs/${slug}/track`, { method: 'PATCH', body: { stage: 'interview' } })).status, 200)
  for (const [server, answer] of await fromEach('/api/v1/me/searches')) {
    assert.deepEqual(answer.body.data.map((search: { name: string }) => search.name), ['Remote work'], server)
    assert.equal(answer.headers.get('openroles-served-by'), null, `${server} answered itself`)
  }
  for (const [server, answer] of await fromEach(`/api/v1/me/tracking/${slug}`)) {
    assert.equal(answer.body.data.stage, 'interview', server)
    assert.equal(answer.headers.get('openroles-served-by'), null, `${server} answered itself`)
  }

  // Writes sent to a replica directly reach the primary, with the caller's address: the sign-up
  // budget (3 an hour per address) runs out for 203.0.113.7, not for the replica or anyone else.
  const register = (address: string, n: number) =>
    fetch(`http://127.0.0.1:${replicaOnePort}/api/v1/auth/register`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email: `someone${n}@example.org`, password }),
    })
  const statuses = []
  for (let n = 0; n < 4; n++) statuses.push((await register('203.0.113.7', n)).status)
  assert.deepEqual(statuses, [201, 201, 201, 429])
  const other = await register('203.0.113.8', 9)
  assert.equal(other.status, 201)
  assert.equal(other.headers.get('openroles-served-by'), 'primary')

  // A read carrying a position the replica has not reached waits (REPLICA_CATCH_UP_MS), then the primary answers it.
  const ahead = await fetch(`http://127.0.0.1:${replicaOnePort}/api/v1/status`, { headers: { 'openroles-position': 'log:999999999' } })
  assert.equal(ahead.status, 200)
  assert.equal(ahead.headers.get('openroles-served-by'), 'primary')

  // Postings imported on the primary's machine: each replica's next search shows them (a replica
  // follows the change log on every request, and once a second without one).
  writeFileSync(join(dir, 'jobs.jsonl'), JSON.stringify({ title: 'Zymurgist', company: { name: 'Brew Co' }, url: 'https://brew.example/jobs/1', source: 'x', external_id: 'z1', description: 'Brewing.' }))
  // Not spawnSync: a blocked event loop would miss the balancer closing idle connections meanwhile.
  const importing = spawn(process.execPath, ['--import', 'tsx', cli, 'import', join(dir, 'jobs.jsonl')], { env: { ...process.env, OPENROLES_DB: dbPath, LOG_LEVEL: 'error' }, stdio: ['ignore', 'ignore', 'pipe'] })
  let importErrors = ''
  importing.stderr!.on('data', (chunk) => (importErrors += chunk))
  assert.equal(await new Promise((resolve) => importing.once('exit', resolve)), 0, importErrors)
  cookies = new Map()
  for (const [server, answer] of await fromEach('/api/v1/jobs/search?q=zymurgist')) {
    assert.deepEqual(answer.body.data.map((job: { title: string }) => job.title), ['Zymurgist'], server)
    assert.equal(answer.headers.get('openroles-served-by'), null, `${server} answered itself`)
  }

  // A replica never opens the file for writing: every descriptor of the database file it holds (its
  // connection's, its search threads') is O_RDONLY, where the primary's is O_RDWR. (SQLite opens the
  // -wal and -shm beside it read-write even for a read-only connection, which never writes to them
  // a page: docs/scaling.md.)
  for (const replica of replicas) {
    const held = databaseDescriptors(replica.child.pid!, dbPath)
    assert.ok(held.length > 0, `${replica.name} holds the database file open`)
    for (const fd of held) assert.equal(fd.flags & O_ACCMODE, 0, `${replica.name} opened the database file read-only`)
  }
  assert.ok(databaseDescriptors(primary.child.pid!, dbPath).some((fd) => (fd.flags & O_ACCMODE) === 2), 'the primary opened the file read-write')

  // kill -9 a replica mid-traffic: reads in flight on it and sent to it before the health check
  // notices are retried on the others; none is lost.
  const reads = Array.from({ length: 120 }, (_, n) => `/api/v1/jobs/search?q=engineer&limit=${1 + (n % 20)}`)
  const results: number[] = []
  let killed = false
  const worker = async () => {
    for (let path = reads.shift(); path; path = reads.shift()) {
      const response = await fetch(`${base}${path}`).then((answer) => answer.arrayBuffer().then(() => answer.status), (error) => String(error))
      results.push(response as number)
      if (!killed && results.length >= 30) {
        killed = true
        replicas[1]!.child.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: 6 }, worker))
  assert.ok(killed)
  assert.equal(results.length, 120)
  assert.deepEqual(results.filter((status) => status !== 200), [], 'every read answered 200')
  // The survivors still take reads and writes.
  assert.equal((await call('/api/v1/auth/login', { method: 'POST', body: { email, password } })).status, 200)
})
