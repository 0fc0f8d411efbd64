import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const cli = join(import.meta.dirname, '../src/cli.ts')
const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], { encoding: 'utf8', env: { ...process.env, OPENROLES_DB: '/nonexistent/never-opened.db' } })

test('every command answers --help and -h with its options, without touching the database', () => {
  for (const name of ['serve', 'seed', 'import', 'export', 'migrate', 'backup', 'user', 'mail', 'digests']) {
    for (const flag of ['--help', '-h']) {
      const result = run(name, flag)
      assert.equal(result.status, 0, `${name} ${flag}: ${result.stderr}`)
      assert.match(result.stdout, new RegExp(`^usage: openroles ${name}`), name)
      assert.match(result.stdout, /-h, --help/)
    }
  }
  assert.match(run('seed', '--help').stdout, /--replace\s+delete the database file first/)
  assert.match(run('serve', '--help').stdout, /--port N/)
  const overall = run('--help')
  assert.equal(overall.status, 0)
  assert.match(overall.stdout, /export\s+Write every posting/)
})

test('unknown flags, unknown commands and missing arguments are usage errors (exit 2), not silently ignored', () => {
  const flag = run('seed', '--jobz', '10')
  assert.equal(flag.status, 2)
  assert.match(flag.stderr, /Unknown option '--jobz'/)
  assert.match(flag.stderr, /usage: openroles seed/)
  const command = run('sede')
  assert.equal(command.status, 2)
  assert.match(command.stderr, /unknown command 'sede'/)
  const missing = run('backup')
  assert.equal(missing.status, 2)
  assert.match(missing.stderr, /missing argument: FILE/)
  const extra = run('migrate', 'now')
  assert.equal(extra.status, 2)
  assert.match(extra.stderr, /unexpected argument 'now'/)
  const number = run('seed', '--jobs', 'ten')
  assert.equal(number.status, 2)
  assert.match(number.stderr, /--jobs must be a whole number/)
})
