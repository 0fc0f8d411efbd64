import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'
import { forgetChanges, KEPT_CHANGES, latestChange } from '../../src/search/change-log.ts'

/**
 * Several processes follow one change log (issue 14): pruning keeps a window for the others, and a
 * reader that finds entries pruned before it applied them rebuilds instead of missing them.
 */
test('pruning keeps the newest KEPT_CHANGES entries below the position asked for', () => {
  const { db } = createTestApp({ jobs: [fixtureJob({ title: 'One' })] })
  db.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${KEPT_CHANGES + 10}) INSERT INTO search_changes (job_id) SELECT NULL FROM n`)
  const latest = latestChange(db)
  forgetChanges(db, latest)
  assert.equal(db.prepare('SELECT count(*) FROM search_changes').pluck().get(), KEPT_CHANGES)
  assert.equal(db.prepare('SELECT min(seq) FROM search_changes').pluck().get(), latest - KEPT_CHANGES + 1)
})

test('a reader whose unapplied entries another process pruned rebuilds and shows the change', async () => {
  const { db, get } = createTestApp({ jobs: [fixtureJob({ title: 'Baker' })] })
  assert.equal((await get('/api/v1/jobs/search?q=zymurgist')).body.meta.total, 0)
  const { id } = upsertJob(db, fixtureJob({ title: 'Zymurgist', externalId: 'z-1' }))
  refreshDerivedData(db, [id])
  // What a process further ahead does: prunes the log past this reader's position.
  db.exec('DELETE FROM search_changes')
  const found = await get('/api/v1/jobs/search?q=zymurgist')
  assert.equal(found.body.meta.total, 1)
  assert.equal(found.body.data[0].title, 'Zymurgist')
})
