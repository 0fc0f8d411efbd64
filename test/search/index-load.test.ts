import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'
import { closeJob, upsertJob } from '../../src/catalogue/job-store.ts'
import { DocColumns, FLAG_COLUMNS, NUMBER_COLUMNS } from '../../src/search/doc-columns.ts'
import { fillClusters, loadAllOpen, loadOpenRange, MULTI_FIELDS, patchJobs, SINGLE_FIELDS } from '../../src/search/index-load.ts'
import { loadAllOpenOnThreads } from '../../src/search/index-load-threads.ts'
import { searchCatalogue } from './fixture-catalogue.ts'

/** Every document's values by job id, as text (dictionary codes differ between loads). */
export function columnValues(columns: DocColumns): Map<number, unknown> {
  const out = new Map<number, unknown>()
  for (let doc = 0; doc < columns.docCount; doc++) {
    if (!(columns.live[doc >>> 5]! & (1 << (doc & 31)))) continue
    const name = (field: string, code: number) => columns.dictionary(field).names[code]
    out.set(columns.jobIds[doc]!, {
      cluster: columns.clusters[doc],
      flags: FLAG_COLUMNS.map((column) => columns.flag(column)[doc]),
      numbers: NUMBER_COLUMNS.map((column) => columns.number(column)[doc]),
      singles: SINGLE_FIELDS.map((field) => (columns.single(field)[doc] ? name(field, columns.single(field)[doc]! - 1) : null)),
      multis: MULTI_FIELDS.map((field) => [...columns.multi(field).valuesOf(doc)].map((code) => name(field, code)).sort()),
    })
  }
  return out
}

function catalogue(path = ':memory:') {
  const db = openDatabase(path)
  // Two roles of two postings each, the rest without a role cluster.
  const ids = db.transaction(() => searchCatalogue().map((job, i) => upsertJob(db, { ...job, clusterKey: i < 4 ? `role-${i % 2}` : null }).id))()
  closeJob(db, ids[1]!)
  return { db, ids }
}

test('the full load reads what the per-posting read of a patch reads, every list included', () => {
  const { db, ids } = catalogue()
  const full = loadAllOpen(db)
  const patched = new DocColumns(SINGLE_FIELDS, MULTI_FIELDS, 16)
  patchJobs(db, patched, ids)
  const open = db.prepare('SELECT count(*) FROM jobs WHERE closed_at IS NULL').pluck().get()
  assert.equal(full.docCount, open)
  assert.ok(MULTI_FIELDS.every((field) => full.multi(field).values.length > 0), 'the fixture fills every list')
  assert.ok(full.clusters.subarray(0, full.docCount).some((cluster) => cluster > 0), 'and has role clusters')
  assert.deepEqual(columnValues(full), columnValues(patched))
})

test('loading the catalogue in id ranges reads every open posting once', () => {
  const { db, ids } = catalogue()
  const whole = columnValues(loadAllOpen(db))
  const middle = ids[3]!
  const parts = [loadOpenRange(db, { from: 0, to: middle }), loadOpenRange(db, { from: middle, to: Number.MAX_SAFE_INTEGER })]
  parts.forEach((part) => fillClusters(db, part))
  assert.ok(parts.every((part) => part.docCount > 0))
  assert.deepEqual(new Map(parts.flatMap((part) => [...columnValues(part)])), whole)
})

test('a database file loads on worker threads in id ranges, joined into the same columns', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-load-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const { db } = catalogue(join(dir, 'catalogue.db'))
  const single = loadAllOpen(db)
  const threaded = loadAllOpenOnThreads(db, 2, { minPerThread: 1, here: false })
  assert.equal(threaded.docCount, single.docCount)
  assert.deepEqual([...threaded.jobIds.subarray(0, threaded.docCount)], [...single.jobIds.subarray(0, single.docCount)], 'documents in id order')
  assert.deepEqual(columnValues(threaded), columnValues(single))
  for (let doc = 0; doc < single.docCount; doc++) assert.equal(threaded.docOf(single.jobIds[doc]!), doc)
  db.close()
})
