import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'

/**
 * The durability setting (issue 11): SQLITE_SYNCHRONOUS=NORMAL (default) or FULL, applied to every
 * connection the service opens; `openroles migrate` reports the mode in force, and anything else
 * stops the command with a clear message.
 */
const cli = join(import.meta.dirname, '../../src/cli.ts')

test('SQLITE_SYNCHRONOUS: NORMAL by default, FULL on request, anything else refused', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-durability-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  openDatabase(path).close()
  const migrate = (synchronous?: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, 'migrate'], {
      env: { ...process.env, OPENROLES_DB: path, LOG_LEVEL: 'error', SQLITE_SYNCHRONOUS: synchronous ?? '' },
      encoding: 'utf8',
    })
  const normal = migrate()
  assert.equal(normal.status, 0, normal.stderr)
  assert.match(normal.stdout, /synchronous=NORMAL/)
  const full = migrate('full')
  assert.equal(full.status, 0, full.stderr)
  assert.match(full.stdout, /synchronous=FULL/)
  const wrong = migrate('OFF')
  assert.equal(wrong.status, 1)
  assert.match(wrong.stderr, /SQLITE_SYNCHRONOUS must be NORMAL or FULL/)
})
