import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { tempDir } from '../helpers/temp.ts'

/**
 * Issue 44, point 2: the database on a full filesystem — a small tmpfs mounted for the test (the
 * suite runs as root, as CI does). A full disk is named as such, writes answer 503, reads with an
 * API key still answer, readiness says the service cannot write, and an import stops on a batch
 * boundary saying how far it got.
 */
const cli = join(import.meta.dirname, '../../src/cli.ts')

/** A tmpfs of `megabytes` at a fresh folder, unmounted when the test ends; null where the machine cannot mount. */
function smallDisk(t: TestContext, megabytes: number): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-disk-full-'))
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir], { encoding: 'utf8' })
  t.after(() => {
    if (mounted.status === 0) spawnSync('umount', ['-l', dir])
    rmSync(dir, { recursive: true, force: true })
  })
  return mounted.status === 0 ? dir : null
}

/** Fills the filesystem holding `dir` until a write fails with ENOSPC, leaving `leave` bytes (a second file, removed to free them). */
function fill(dir: string, leave = 0): void {
  if (leave) writeFileSync(join(dir, 'reserve'), Buffer.alloc(leave))
  const fd = openSync(join(dir, 'filler'), 'w')
  try {
    for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 9, 1]) {
      const chunk = Buffer.alloc(size)
      try {
        for (;;) writeSync(fd, chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
  } finally {
    closeSync(fd)
  }
  if (leave) rmSync(join(dir, 'reserve'))
}

test('on a full disk writes answer 503 naming it, reads with an API key answer, /readyz says it cannot write', { timeout: 60_000 }, async (t) => {
  const dir = smallDisk(t, 8)
  if (!dir) return t.skip('cannot mount a tmpfs here (needs root): the full-disk case is not exercised')
  const path = join(dir, 'catalogue.db')
  const db = openDatabase(path)
  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Disk Engineer' })))()
  const ctx = createContext(defaultConfig({ diskMinFreeMb: 1 }), db)
  // Ready as a server is before it listens (src/server.ts): the index and every part of it in memory.
  await ctx.search.ready()
  t.after(async () => {
    await ctx.close?.()
    db.close()
  })
  const call = inProcessCaller(createApp(ctx))
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  assert.deepEqual((await call('/readyz')).body.checks, { database: 'ok', disk: 'ok' })

  // Every later write must grow the log: none can borrow room it already holds.
  db.pragma('wal_checkpoint(TRUNCATE)')
  fill(dir)

  const ready = await call('/readyz')
  assert.equal(ready.status, 503)
  assert.deepEqual(ready.body.checks, { database: 'ok', disk: 'full' })
  assert.match(ready.body.message, /cannot write: no space left/)

  const read = await call('/api/v1/jobs/search?q=disk', { headers: bearerHeaders(key) })
  assert.equal(read.status, 200)
  assert.deepEqual(read.body.data.map((job: { title: string }) => job.title), ['Disk Engineer'])

  const register = await call('/api/v1/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
    body: JSON.stringify({ email: 'late@example.org', password: 'correct horse battery staple' }),
  })
  assert.equal(register.status, 503)
  assert.match(register.body.error, /no space left/)
  assert.equal(db.prepare("SELECT count(*) FROM users WHERE email = 'late@example.org'").pluck().get(), 0)

  rmSync(join(dir, 'filler'))
  assert.equal((await call('/readyz')).status, 200)
})

test('an import onto a full disk stops on a batch boundary, names the file and says how far it got', { timeout: 120_000 }, (t) => {
  const dir = smallDisk(t, 12)
  if (!dir) return t.skip('cannot mount a tmpfs here (needs root): the full-disk case is not exercised')
  const path = join(dir, 'catalogue.db')
  openDatabase(path).close()
  const records = Array.from({ length: 4000 }, (_, i) => JSON.stringify({
    title: `Storage Engineer ${i}`,
    company: { name: `Company ${i % 50}` },
    url: `https://jobs.example/${i}`,
    description: `Keeps disks from filling up, posting ${i}. `.repeat(12),
  }))
  const file = join(tempDir(t, 'disk-full-import'), 'jobs.jsonl')
  writeFileSync(file, records.join('\n'))
  // Room for a batch or two of the four.
  fill(dir, 3 << 20)

  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'import', file], { env: { ...process.env, OPENROLES_DB: path, LOG_LEVEL: 'error' }, encoding: 'utf8' })
  assert.equal(run.status, 1, run.stderr)
  const stopped = /stopped after (\d+) records \(the batch after them was not written\): no space left on the device holding (\S+)\./.exec(run.stdout)
  assert.ok(stopped, run.stdout + run.stderr)
  assert.equal(stopped[2], path)
  const done = Number(stopped[1])
  assert.ok(done < records.length && done % 1000 === 0, `stopped after ${done}`)

  rmSync(join(dir, 'filler'))
  const db = new Database(path, { readonly: true })
  t.after(() => db.close())
  // Exactly the whole batches before the stop are there: nothing of the refused one leaked in.
  assert.equal(db.prepare('SELECT count(*) FROM jobs').pluck().get(), done)
})
