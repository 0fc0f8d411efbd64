import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, rmSync } from 'node:fs'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob, closeJob } from '../../src/catalogue/job-store.ts'
import { createSearchEngine } from '../../src/search/engine.ts'
import { snapshotPath } from '../../src/search/index-snapshot.ts'
import { fixtureJob } from '../helpers/app.ts'
import { searchCatalogue } from './fixture-catalogue.ts'
import { catalogueFile } from '../helpers/temp.ts'

const options = { cacheEntries: 100, cacheBytes: 1 << 24 }
const everything = { filters: { facets: {} }, limit: 100, offset: 0 }

test('a restart restores the saved index, then patches in what changed meanwhile', async (t) => {
  const { path, db, ids } = catalogueFile(t, 'snapshot', searchCatalogue())

  const first = createSearchEngine(db, options)
  const before = first.search(everything)
  const facetsBefore = first.facets({ filters: { facets: {} } })
  await first.close()
  assert.ok(existsSync(snapshotPath(path)), 'written off the request path, finished by close')

  const second = createSearchEngine(db, options)
  assert.deepEqual(second.search(everything), before)
  assert.deepEqual(second.facets({ filters: { facets: {} } }), facetsBefore)
  await second.close()

  // Written while no engine runs: the next start patches them in on top of the snapshot.
  db.transaction(() => {
    upsertJob(db, fixtureJob({ title: 'Haskell Engineer', skills: [{ slug: 'haskell', name: 'Haskell' }] }))
    closeJob(db, ids[0]!)
    db.prepare('UPDATE jobs SET view_count = 7 WHERE id = ?').run(ids[2]!)
  })()
  const third = createSearchEngine(db, options)
  assert.equal(third.search({ ...everything, sort: 'view_count', limit: 1 }).ids[0], ids[2], 'views counted while no engine ran')
  assert.equal(third.search(everything).total, before.total)
  assert.equal(third.search({ ...everything, q: 'haskell' }).total, 1)
  assert.equal(third.search({ ...everything, filters: { facets: { skills: { values: ['haskell'], mode: 'or', exclude: [] } } } }).total, 1)
  assert.equal(third.search({ ...everything, q: 'postgres' }).total, 0, 'the closed posting is gone')
  await third.close()
  db.close()
})

test('a snapshot made for another database is ignored', async (t) => {
  const { path, db } = catalogueFile(t, 'snapshot', searchCatalogue())
  const engine = createSearchEngine(db, options)
  assert.equal(engine.search(everything).total, 5)
  await engine.close()
  db.close()
  rmSync(path)
  for (const suffix of ['-wal', '-shm']) rmSync(path + suffix, { force: true })

  const fresh = openDatabase(path)
  fresh.transaction(() => upsertJob(fresh, fixtureJob({ title: 'Only One' })))()
  const restarted = createSearchEngine(fresh, options)
  assert.deepEqual(restarted.search(everything).total, 1)
  await restarted.close()
  fresh.close()
})
