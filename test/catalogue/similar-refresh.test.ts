import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, type DB } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { refreshSimilarJobs, similarJobIds } from '../../src/catalogue/similar.ts'
import { fixtureJob } from '../helpers/app.ts'

const goJob = (title: string, company: string) =>
  fixtureJob({ title, company: { slug: company, name: company }, category: 'backend', skills: [{ slug: 'go', name: 'Go' }, { slug: 'grpc', name: 'gRPC' }] })
const write = (db: DB, jobs: ReturnType<typeof goJob>[], now: string) => db.transaction(() => jobs.map((job) => upsertJob(db, job, now).id))()

test('the similar-jobs index kept between refreshes notices postings another connection wrote', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-similar-'))
  const path = join(dir, 'catalogue.db')
  const importer = openDatabase(path)
  const other = openDatabase(path)
  try {
    const first = write(importer, [goJob('Go Engineer', 'a'), fixtureJob({ title: 'Sales Manager', category: 'sales' })], '2026-11-01T00:00:00.000Z')
    refreshSimilarJobs(importer, first)
    const elsewhere = write(other, [goJob('Go Backend Engineer', 'b')], '2026-11-02T00:00:00.000Z')
    const later = write(importer, [goJob('Senior Go Engineer', 'c')], '2026-11-03T00:00:00.000Z')
    refreshSimilarJobs(importer, later)
    assert.ok(similarJobIds(importer, later[0]!, 20).includes(elsewhere[0]!), 'a posting written by the other connection is a neighbour')
    assert.ok(similarJobIds(importer, later[0]!, 20).includes(first[0]!))
    assert.ok(!similarJobIds(importer, later[0]!, 20).includes(first[1]!), 'the sales role is not near a Go role')
  } finally {
    importer.close()
    other.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
