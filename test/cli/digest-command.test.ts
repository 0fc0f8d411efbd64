import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'
import { digestsCommand } from '../../src/cli/digest-command.ts'
import { runCommand } from '../../src/cli/command.ts'

test('openroles digests run: one run against the configured database file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-digests-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ dbPath: path }), db)
  const app = createApp(ctx)
  const call = async (p: string, init?: RequestInit) => {
    const response = await app.request(p, init)
    const text = await response.text()
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null }
  }
  const alice = await signUp(call)
  const send = (method: string, p: string, body?: unknown) => call(`/api/v1${p}`, { method, headers: sessionHeaders(alice.cookie), body: JSON.stringify(body) })
  const search = (await send('POST', '/me/searches', { name: 'Remote', query: 'work_mode=remote' })).body.data
  assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: search.id })).status, 201)
  await new Promise((resolve) => setTimeout(resolve, 5))
  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Remote SRE', workMode: 'remote' })))()
  await ctx.close?.()
  db.close()
  await new Promise((resolve) => setTimeout(resolve, 5))

  const previous = process.env.OPENROLES_DB
  process.env.OPENROLES_DB = path
  const printed: string[] = []
  t.mock.method(console, 'log', (line: string) => printed.push(line))
  try {
    await runCommand(digestsCommand, ['run'])
    await runCommand(digestsCommand, ['run'])
    await assert.rejects(() => runCommand(digestsCommand, ['now']), /unknown action 'now'/)
  } finally {
    if (previous === undefined) delete process.env.OPENROLES_DB
    else process.env.OPENROLES_DB = previous
  }
  assert.match(printed[0]!, /1 active subscriptions checked, 1 notifications written/)
  assert.match(printed[1]!, /0 notifications written/)
  const after = openDatabase(path)
  const rows = after.prepare('SELECT title FROM notifications').all() as { title: string }[]
  after.close()
  assert.deepEqual(rows, [{ title: '1 new job for “Remote”' }])
})
