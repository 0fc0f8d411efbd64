import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, createContext } from '../../src/app.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { searchCatalogue } from '../search/fixture-catalogue.ts'

test('on a database file, worker threads read the text matches and the answers are the same', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-search-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const db = openDatabase(join(dir, 'catalogue.db'))
  db.transaction(() => searchCatalogue().forEach((job) => upsertJob(db, job)))()
  const answers = async (workers: number) => {
    const ctx = createContext(defaultConfig({ searchWorkers: workers }), db)
    const app = createApp(ctx)
    const out = []
    for (const path of ['/api/v1/jobs/search?q=go', '/api/v1/jobs/search?q=engineer&work_mode=remote', '/api/v1/jobs/facets?q=go%20python', '/api/v1/jobs/search?q=NEAR(%22']) {
      const response = await app.request(path)
      out.push({ status: response.status, body: await response.json() })
    }
    await ctx.close?.()
    return out
  }
  const withWorkers = await answers(2)
  assert.deepEqual(withWorkers, await answers(0))
  assert.equal(withWorkers[0]!.body.meta.total, 3)
  assert.equal(withWorkers[2]!.body.data.total, 1)
  db.close()
})
