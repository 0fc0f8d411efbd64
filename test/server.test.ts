import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
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
