import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase, type DB } from '../../src/db/connection.ts'
import { batchWriter, importRecords, newImportSummary, type ImportInput } from '../../src/ingest/import.ts'
import { inProcessCaller } from '../helpers/app.ts'

/**
 * Issue 11, point 5: an import killed between a batch's commit and its derived-data refresh. The
 * batch step runs alone (what a kill right after the commit leaves behind); the next start or the
 * next import finishes the refresh: similar jobs, company stats and company search.
 */
const NOW = new Date('2026-11-21T12:00:00.000Z')
const goRole = (n: number, company: string): ImportInput => ({
  at: `line ${n}`,
  value: {
    title: n % 2 ? 'Senior Go Engineer' : 'Go Backend Developer',
    company,
    url: `https://${company.toLowerCase()}.example/jobs/${n}`,
    location: 'Berlin, Germany',
    description: '<p>Build services in Go with gRPC, PostgreSQL and Kubernetes.</p>',
    posted_at: '2026-11-10T00:00:00Z',
    source: company.toLowerCase(),
    external_id: `G-${n}`,
  },
})

function withFile(t: { after: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-resume-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return join(dir, 'catalogue.db')
}

/** Writes an earlier, fully refreshed import, then one more batch whose refresh never runs; returns the new ids. */
function interruptedImport(path: string): number[] {
  const db = openDatabase(path)
  importRecords(db, [goRole(1, 'Oldco'), goRole(2, 'Oldco'), goRole(3, 'Oldco')], { now: NOW })
  const killed = batchWriter(db, NOW, newImportSummary())([goRole(4, 'Newco'), goRole(5, 'Newco')])
  assert.equal(db.prepare('SELECT count(*) FROM job_similar WHERE job_id IN (SELECT value FROM json_each(?))').pluck().get(JSON.stringify(killed)), 0, 'stale before the repair')
  db.close()
  return killed
}

const slugOf = (db: DB, id: number) => db.prepare('SELECT public_slug FROM jobs WHERE id = ?').pluck().get(id) as string

test('the next start finishes the refresh a killed import left pending: similar jobs, company stats, company search', async (t) => {
  const path = withFile(t)
  const killed = interruptedImport(path)
  const db = openDatabase(path)
  t.after(() => db.close())
  const ctx = createContext(defaultConfig(), db)
  t.after(() => ctx.close?.())
  const call = inProcessCaller(createApp(ctx))

  const similar = await call(`/api/v1/jobs/${slugOf(db, killed[0]!)}/similar`)
  assert.equal(similar.status, 200)
  assert.ok(similar.body.data.length > 0, 'the new posting has neighbours')
  const company = await call('/api/v1/companies/newco')
  assert.equal(company.status, 200)
  assert.equal(company.body.data.company.job_count, 2, "company stats were recomputed")
  const search = await call('/api/v1/companies?q=newco')
  assert.deepEqual(search.body.data.map((entry: { slug: string }) => entry.slug), ['newco'])
  assert.equal(db.prepare('SELECT count(*) FROM derived_refresh_pending').pluck().get(), 0)
})

test('the next import finishes it too, before its own batches', (t) => {
  const path = withFile(t)
  const killed = interruptedImport(path)
  const db = openDatabase(path)
  t.after(() => db.close())
  importRecords(db, [], { now: NOW })
  assert.ok((db.prepare('SELECT count(*) FROM job_similar WHERE job_id = ?').pluck().get(killed[0]) as number) > 0)
  assert.equal(db.prepare('SELECT count(*) FROM derived_refresh_pending').pluck().get(), 0)
})
