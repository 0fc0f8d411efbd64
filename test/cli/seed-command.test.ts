import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { snapshotPath } from '../../src/search/index-snapshot.ts'
import { memoryFilePath } from '../../src/catalogue/memory-file.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { parseExposition } from '../helpers/metrics.ts'

const cli = join(import.meta.dirname, '../../src/cli.ts')

test('openroles seed reports its stages off a terminal and saves the search index and catalogue memory a start reads back', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-seed-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', cli, 'seed', '--jobs', '300', '--db', path], { encoding: 'utf8' })
  assert.equal(seeded.status, 0, seeded.stderr)
  for (const stage of ['postings: 300/300 (100%)', 'derived data: 300/300 (100%)', 'insights (days)', 'search index']) {
    assert.match(seeded.stderr, new RegExp(`^seeding ${stage.replace(/[()/]/g, '\\$&')}.* done in \\d+ s \\(\\d+ s CPU\\)$`, 'm'), stage)
  }
  assert.ok(!seeded.stderr.includes('\r'), 'no terminal redraws in a pipe')
  assert.match(seeded.stdout, /seeded 300 postings/)
  assert.ok(existsSync(snapshotPath(path)))
  assert.ok(existsSync(memoryFilePath(path)))

  // A start on the file restores that index, term index included: text search reads memory at once
  // (a start without it reads the term index on its workers, beside serving, after loading).
  const db = openDatabase(path)
  // No change signal names this rename: company names without it were read from the saved memory.
  db.prepare("UPDATE companies SET name = name || ' (renamed)'").run()
  const ctx = createContext(defaultConfig({ searchWorkers: 2 }), db)
  t.after(async () => {
    await ctx.close?.()
    db.close()
  })
  ctx.search.refresh()
  const metrics = parseExposition((await inProcessCaller(createApp(ctx))('/metrics')).body as string)
  assert.equal(metrics.get('openroles_search_terms_in_memory'), 1)
  assert.equal(metrics.get('openroles_catalogue_open_jobs'), ctx.search.size())
  const companies = (await inProcessCaller(createApp(ctx))('/api/v1/companies?limit=5')).body.data as { name: string }[]
  assert.equal(companies.length, 5)
  assert.ok(companies.every((company) => !company.name.endsWith('(renamed)')))
})
