import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { freePort } from '../helpers/net.ts'
import { tempDir } from '../helpers/temp.ts'
import { parseExposition } from '../helpers/metrics.ts'

/**
 * Issue 14: serving processes on one database file, as real processes. Polls never assert on
 * speed; the test timeouts only stop a hung server from hanging the suite.
 */
const cli = join(import.meta.dirname, '../../src/cli.ts')

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function serve(dbPath: string, port: number, env: Record<string, string>): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OPENROLES_DB: dbPath, OPENROLES_SEED_JOBS: '200', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  return { child, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))) }
}

/** A primary serving with `env` on a new database file, killed when the test ends, answering at `port`. */
async function startServing(t: TestContext, name: string, env: Record<string, string>) {
  const dbPath = join(tempDir(t, name), 'catalogue.db')
  const port = await freePort()
  const primary = serve(dbPath, port, env)
  t.after(() => primary.child.kill('SIGKILL'))
  await getJson(`http://127.0.0.1:${port}/api/v1/status`, primary.child)
  return { primary, port, dbPath }
}

async function getJson(url: string, child: ChildProcess): Promise<any> {
  for (;;) {
    assert.equal(child.exitCode, null, 'server exited')
    try {
      const response = await fetch(url)
      if (response.ok) return await response.json()
    } catch {
      /* not listening yet */
    }
    await pause(200)
  }
}

test('a posting imported while two processes serve one file shows in both processes’ searches', { timeout: 240_000 }, async (t) => {
  const dir = tempDir(t, 'processes')
  const dbPath = join(dir, 'catalogue.db')
  const [portA, portB] = [await freePort(), await freePort()]
  // The first process creates and seeds the file; the second starts on the existing file.
  const a = serve(dbPath, portA, { SERVE_PROCESSES: '1' })
  let b: ReturnType<typeof serve> | undefined
  t.after(() => {
    a.child.kill('SIGKILL')
    b?.child.kill('SIGKILL')
  })
  await getJson(`http://127.0.0.1:${portA}/api/v1/status`, a.child)
  b = serve(dbPath, portB, { SERVE_PROCESSES: '1' })
  await getJson(`http://127.0.0.1:${portB}/api/v1/status`, b.child)
  const search = (port: number, child: ChildProcess) => getJson(`http://127.0.0.1:${port}/api/v1/jobs/search?q=zymurgist`, child)
  assert.equal((await search(portA, a.child)).meta.total, 0)
  assert.equal((await search(portB, b.child)).meta.total, 0)

  writeFileSync(join(dir, 'jobs.jsonl'), JSON.stringify({ title: 'Zymurgist', company: { name: 'Brew Co' }, url: 'https://brew.example/jobs/1', source: 'x', external_id: 'z1', description: 'Brewing.' }))
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'import', join(dir, 'jobs.jsonl')], { env: { ...process.env, OPENROLES_DB: dbPath, LOG_LEVEL: 'error' }, encoding: 'utf8' })
  assert.equal(run.status, 0, run.stderr)

  // Both processes follow the change log on their own; each is asked until it shows the posting.
  for (const [port, child] of [[portA, a.child], [portB, b.child]] as const) {
    let found
    while ((found = await search(port, child)).meta.total === 0) await pause(100)
    assert.deepEqual(found.data.map((job: { title: string }) => job.title), ['Zymurgist'])
  }
})

test('one process of the cluster holds the scheduler lease; after kill -9 of it another takes over', { timeout: 240_000 }, async (t) => {
  const { primary, port, dbPath } = await startServing(t, 'cluster', { SERVE_PROCESSES: '2', SCHEDULER_LEASE_SECONDS: '1' })
  const db = new Database(dbPath, { readonly: true })
  t.after(() => db.close())
  const holder = () => db.prepare("SELECT holder, expires_at FROM leases WHERE name = 'schedulers'").get() as { holder: string; expires_at: number } | undefined
  const pidOf = (name: string) => Number(name.split(':')[1])
  let first
  while (!(first = holder())) await pause(100)
  const leader = pidOf(first.holder)
  assert.notEqual(leader, primary.child.pid, 'a serving process holds the lease, not the primary')

  process.kill(leader, 'SIGKILL')
  let next
  while ((next = holder()) === undefined || pidOf(next.holder) === leader) await pause(100)
  assert.notEqual(pidOf(next.holder), leader)
  assert.ok(next.expires_at > first.expires_at, 'the new holder stamped a later expiry')
  // The service still answers, and a clean stop ends every process with success.
  assert.equal((await getJson(`http://127.0.0.1:${port}/api/v1/status`, primary.child)).data.ok, true)
  primary.child.kill('SIGTERM')
  assert.equal(await primary.exited, 0)
})

test('two serving processes count one caller’s read budget once (the primary keeps the buckets)', { timeout: 240_000 }, async (t) => {
  // 6 per minute: a token comes back every 10 s.
  const { port } = await startServing(t, 'budget', { SERVE_PROCESSES: '2', RATE_READ_PER_MINUTE: '6' })
  const started = Date.now()
  // The port hands connections to the processes in turn; fresh connections spread the requests.
  const read = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v1/jobs/search?limit=1`, { headers: { connection: 'close' } })
    await response.arrayBuffer()
    return response.status
  }
  const statuses: number[] = []
  for (let i = 0; i < 4; i++) statuses.push(await read())
  assert.deepEqual(statuses, [200, 200, 200, 200])
  // Then 16 at once: a process reads several in one turn and draws for them in one message.
  statuses.push(...(await Promise.all(Array.from({ length: 16 }, read))))
  const allowed = statuses.filter((status) => status === 200).length
  assert.equal(statuses.filter((status) => status !== 200 && status !== 429).length, 0)
  // Exactly the budget, plus any token that came back meanwhile (one per 10 s) — not 6 per process.
  const refilled = Math.floor((Date.now() - started) / 10_000)
  assert.ok(allowed >= 6 && allowed <= 6 + refilled, `allowed ${allowed} of 20 with ${refilled} refilled`)
})

test('one /metrics scrape holds every serving process: requests spread over two processes are all counted', { timeout: 240_000 }, async (t) => {
  const { primary, port } = await startServing(t, 'metrics', { SERVE_PROCESSES: '2' })
  const get = async (path: string) => {
    // Fresh connections: the port hands them to the processes in turn.
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { connection: 'close' } })
    return { status: response.status, text: await response.text() }
  }
  const scrape = async () => parseExposition((await get('/metrics')).text)
  // The second process starts once the first listens.
  while ((await scrape()).get('openroles_serving_processes') !== 2) {
    assert.equal(primary.child.exitCode, null, 'server exited')
    await pause(100)
  }
  for (let i = 0; i < 10; i++) assert.equal((await get('/api/v1/jobs/search?limit=1')).status, 200)
  const samples = await scrape()
  const searches = [...samples].filter(([name]) => name.startsWith('openroles_http_requests_total{') && name.includes('route="/api/v1/jobs/search"'))
  assert.equal(searches.reduce((sum, [, n]) => sum + n, 0), 10, JSON.stringify(searches))
  assert.equal(samples.get('openroles_serving_processes'), 2)
  // Read from the one file by both: merged as one value, not summed.
  assert.equal(samples.get('openroles_catalogue_open_jobs'), JSON.parse((await get('/readyz')).text).jobs_open)
})

test('a file with no saved search index is indexed by one serving process, and the other restores it', { timeout: 240_000 }, async (t) => {
  const dbPath = join(tempDir(t, 'unindexed'), 'catalogue.db')
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', cli, 'seed', '--jobs', '200', '--db', dbPath], { encoding: 'utf8' })
  assert.equal(seeded.status, 0, seeded.stderr)
  // As after an upgrade whose index layout changed, or a file copied in without its side files.
  rmSync(`${dbPath}.search-index`)
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', cli, 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OPENROLES_DB: dbPath, SERVE_PROCESSES: '2', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  t.after(() => child.kill('SIGKILL'))
  let log = ''
  child.stdout!.on('data', (chunk) => (log += chunk))
  const ready = await getJson(`http://127.0.0.1:${port}/readyz`, child)
  assert.ok(ready.jobs_open > 0)
  assert.equal(log.match(/this serving process indexes it/g)?.length, 1, log)
  assert.ok(existsSync(`${dbPath}.search-index`))
  assert.equal(log.match(/"search index in memory"/g)?.length, 2)
})
