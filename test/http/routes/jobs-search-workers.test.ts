import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../../src/app.ts'
import { createContext } from '../../../src/services.ts'
import { defaultConfig } from '../../../src/config.ts'
import { openDatabase } from '../../../src/db/connection.ts'
import { upsertJob } from '../../../src/catalogue/job-store.ts'
import { createSearchEngine } from '../../../src/search/engine.ts'
import { parseJobQuery } from '../../../src/search/search-params.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

function fileCatalogue(t: { after: (fn: () => void) => void }) {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-search-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const db = openDatabase(join(dir, 'catalogue.db'))
  db.transaction(() => searchCatalogue().forEach((job) => upsertJob(db, job)))()
  return db
}

test('on a database file, the term index read by the worker threads gives the same answers as FTS5 before it is ready', async (t) => {
  const db = fileCatalogue(t)
  const answers = async (workers: number, ready: boolean) => {
    const engine = createSearchEngine(db, { cacheEntries: 100, cacheBytes: 1 << 24, workers })
    if (ready) await engine.ready()
    const out = []
    for (const query of ['q=go', 'q=engineer&work_mode=remote', 'q=go%20python', 'q=NEAR(%22', 'q=eng']) {
      const { q, filters } = parseJobQuery(new URLSearchParams(query), { maxQueryLength: 500 })
      out.push(engine.search({ q, filters, limit: 10, offset: 0 }), engine.facets({ q, filters, disjunctive: true }))
    }
    await engine.close()
    return out
  }
  const withWorkers = await answers(2, true)
  assert.deepEqual(withWorkers, await answers(0, false))
  assert.deepEqual(withWorkers, await answers(2, false))
  assert.equal((withWorkers[0] as { total: number }).total, 3)
  db.close()
})

test('a first start reads the term index on the workers beside serving, and says when it is in', async (t) => {
  const db = fileCatalogue(t)
  const engine = createSearchEngine(db, { cacheEntries: 100, cacheBytes: 1 << 24, workers: 2 })
  engine.refresh()
  // The workers' lists come back as messages, so never within the turn that started them.
  assert.equal(engine.termsInMemory(), false)
  await engine.ready()
  assert.equal(engine.termsInMemory(), true)
  await engine.close()
  db.close()
})

test('the app on a database file serves text search with its workers', async (t) => {
  const db = fileCatalogue(t)
  const ctx = createContext(defaultConfig({ searchWorkers: 2 }), db)
  const response = await createApp(ctx).request('/api/v1/jobs/search?q=go%20python')
  const body = await response.json()
  assert.equal(response.status, 200)
  assert.deepEqual(body.data.map((job: { title: string }) => job.title), ['Data Engineer'])
  await ctx.close?.()
  db.close()
})
