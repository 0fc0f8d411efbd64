import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'
import { insertUser } from '../../src/account/users.ts'

const cli = join(import.meta.dirname, '../../src/cli.ts')

test('openroles user grant-plan gives an account a paid plan for some days; bad arguments are usage errors', () => {
  const path = join(mkdtempSync(join(tmpdir(), 'openroles-user-')), 'db.sqlite')
  const db = openDatabase(path)
  const user = insertUser(db, { email: 'pro@example.org', passwordHash: null, now: new Date().toISOString() })!
  db.close()
  const run = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', cli, 'user', ...args], { encoding: 'utf8', env: { ...process.env, OPENROLES_DB: path } })

  const granted = run('grant-plan', 'pro@example.org', 'pro', '30')
  assert.equal(granted.status, 0, granted.stderr)
  assert.match(granted.stdout, /pro@example\.org has the pro plan until \d{4}-/)
  const check = openDatabase(path)
  const row = check.prepare('SELECT plan, source, until FROM user_plans WHERE user_id = ?').get(user.id) as { plan: string; source: string; until: string }
  check.close()
  assert.equal(row.plan, 'pro')
  assert.equal(row.source, 'granted')
  const days = (Date.parse(row.until) - Date.now()) / 86_400_000
  assert.ok(days > 29.9 && days <= 30, `${days} days`)

  for (const args of [['grant-plan', 'pro@example.org', 'gold', '30'], ['grant-plan', 'pro@example.org', 'pro'], ['grant-moderator', 'pro@example.org', 'extra'], ['promote', 'pro@example.org']]) {
    const result = run(...args)
    assert.equal(result.status, 2, args.join(' '))
  }
  assert.notEqual(run('grant-plan', 'nobody@example.org', 'pro', '3').status, 0)
})
