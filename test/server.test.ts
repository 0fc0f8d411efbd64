import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { freePort } from './helpers/net.ts'

async function waitForStatus(url: string, child: { exitCode: number | null }): Promise<any> {
  for (;;) {
    assert.equal(child.exitCode, null, 'server exited before serving')
    try {
      const response = await fetch(url)
      if (response.ok) return response.json()
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

// The timeout only stops a hung server from hanging the suite; it asserts nothing about speed.
test('first start seeds a missing database, serves it, and SIGTERM closes cleanly', { timeout: 180_000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-server-'))
  const dbPath = join(dir, 'catalogue.db')
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'serve'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', OPENROLES_DB: dbPath, OPENROLES_SEED_JOBS: '300', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  try {
    const status = await waitForStatus(`http://127.0.0.1:${port}/api/v1/status`, child)
    assert.equal(status.data.ok, true)
    assert.ok(status.data.jobs_open > 0, 'the seeded catalogue has open postings')
    assert.equal(status.data.jobs_open + status.data.jobs_closed, 300)

    const inFlight = fetch(`http://127.0.0.1:${port}/api/v1/jobs/search?q=engineer&limit=5`)
    child.kill('SIGTERM')
    const response = await inFlight.catch(() => null)
    if (response) assert.equal(response.status, 200, 'a request accepted before shutdown is answered')
    assert.equal(await exited, 0)

    // Closed cleanly: the WAL was checkpointed into the main file and the data is all there.
    const wal = `${dbPath}-wal`
    assert.ok(!existsSync(wal) || statSync(wal).size === 0, 'no WAL left behind')
    const db = new Database(dbPath, { readonly: true })
    const { count } = db.prepare('SELECT count(*) AS count FROM jobs').get() as { count: number }
    db.close()
    assert.equal(count, 300)
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
})

/** Runs `openroles serve` with `env` to its end (a failed start), as `uid` when given; its exit code and stderr. */
function failedStart(env: Record<string, string>, uid?: number): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), join(import.meta.dirname, '../src/cli.ts'), 'serve'], {
    env: { ...process.env, HOST: '127.0.0.1', SERVE_PROCESSES: '1', LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    ...(uid === undefined ? {} : { uid, gid: uid }),
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })))
}

test('a port in use is reported before the catalogue is generated or loaded', { timeout: 60_000 }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-server-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const busy = createServer().listen(0, '127.0.0.1')
  await once(busy, 'listening')
  t.after(() => busy.close())
  const port = (busy.address() as AddressInfo).port
  const dbPath = join(dir, 'catalogue.db')
  const { code, stderr } = await failedStart({ PORT: String(port), OPENROLES_DB: dbPath, OPENROLES_SEED_JOBS: '100000' })
  assert.equal(code, 1)
  assert.equal(stderr, `port ${port} on 127.0.0.1 is already in use by another program: stop it, or choose another port (serve --port N, or PORT)\n`)
  assert.equal(existsSync(dbPath) || existsSync(`${dbPath}.partial`), false, 'nothing was generated first')
})

test('a database file this user may not write names the file, the user and the fix', { timeout: 60_000 }, async (t) => {
  if (process.getuid?.() !== 0) return t.skip('needs root, to start the server as another user (CI runs as root)')
  const dir = mkdtempSync(join(tmpdir(), 'openroles-server-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const dbPath = join(dir, 'catalogue.db')
  new Database(dbPath).close()
  chmodSync(dir, 0o755)
  const { code, stderr } = await failedStart({ PORT: '0', OPENROLES_DB: dbPath }, 65534)
  assert.equal(code, 1)
  const user = userInfoOf(65534)
  assert.equal(stderr, `cannot write the database ${dbPath}: user ${user} (uid 65534) may not write it or its folder ${dir} (SQLite keeps catalogue.db-wal and -shm beside it). Fix: give that user write access (e.g. \`chown -R ${user} ${dir}\`), or run openroles as the user owning the file.\n`)
})

/** The name of a uid, as the server would see it. */
function userInfoOf(uid: number): string {
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((entry) => entry.split(':')[2] === String(uid))
  return line?.split(':')[0] ?? String(uid)
}
