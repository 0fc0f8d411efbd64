import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { latestVersion } from '../../src/db/migrate.ts'
import { release1File } from '../db/release-1.ts'

const cli = join(import.meta.dirname, '../../src/cli.ts')
const run = (args: string[], db: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, OPENROLES_DB: db, LOG_LEVEL: 'info' }, encoding: 'utf8' })

test('openroles migrate upgrades a release-1 file; backup writes a consistent copy that opens as it was', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-dbcmd-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = release1File()
  const old = new Database(path, { readonly: true })
  const jobs = old.prepare('SELECT count(*) FROM jobs').pluck().get()
  old.close()

  const migrated = run(['migrate'], path)
  assert.equal(migrated.status, 0, migrated.stderr)
  assert.match(migrated.stdout, new RegExp(`schema version ${latestVersion()}`))

  const copy = join(dir, 'backup.db')
  const backup = run(['backup', copy], path)
  assert.equal(backup.status, 0, backup.stderr)
  assert.ok(existsSync(copy))
  const restored = new Database(copy, { readonly: true })
  assert.equal(restored.prepare('SELECT count(*) FROM jobs').pluck().get(), jobs)
  assert.equal(restored.pragma('user_version', { simple: true }), latestVersion())
  restored.close()

  const again = run(['backup', copy], path)
  assert.equal(again.status, 1, 'an existing target is never overwritten')
  assert.match(again.stderr, /exists/)
})
