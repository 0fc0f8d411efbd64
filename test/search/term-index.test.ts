import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DB } from '../../src/db/connection.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { closeJob, upsertJob } from '../../src/catalogue/job-store.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { createSearchEngine, type SearchEngine } from '../../src/search/engine.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

// Words shared by many postings (kept in memory: 32 postings or more) and a few rare ones (FTS5 tail).
const COMMON = ['platform', 'payments', 'python', 'kubernetes', 'remote', 'senior', 'golang', 'analytics', 'security', 'mobile']
const RARE = ['zanzibar', 'quokka', 'pylon', 'kumquat']

function posting(i: number): JobRecord {
  const words = COMMON.filter((_, k) => (i + k) % 3 === 0 || (i * k) % 5 === 1)
  if (i % 17 === 0) words.push(RARE[i % RARE.length]!)
  const text = `${words.join(' ')} work number ${i}`
  return fixtureJob({ title: `${COMMON[i % COMMON.length]} engineer`, descriptionText: text, descriptionHtml: `<p>${text}</p>`, company: { slug: `c${i % 7}`, name: `Company ${i % 7}` } })
}

/** Queries covering exact words, prefixes over memory and tail terms, several words, unknown words. */
const QUERIES = [
  ...COMMON, ...RARE, 'pla', 'py', 'ku', 'zan', 'quo', 'p', 'k', 'engineer', 'eng', 'payments python', 'remote senior golang',
  'python kuber', 'security zanz', 'nothinglikethis', 'platform nothinglikethis', 'work', 'number 1', 'company', 'c++',
]

/** What FTS5 alone says: the open postings matching every word, the last one as a prefix. */
function ftsCount(db: DB, q: string): number {
  const words = q.split(' ')
  const match = words.map((word, i) => (i === words.length - 1 ? `"${word}"*` : `"${word}"`)).join(' ')
  return db.prepare('SELECT count(*) FROM jobs_fts WHERE jobs_fts MATCH ?').pluck().get(match) as number
}

function assertSameAsFts(db: DB, engine: SearchEngine, label: string): void {
  for (const q of QUERIES) {
    engine.clearCache()
    assert.equal(engine.search({ q, filters: { facets: {} }, limit: 1, offset: 0 }).total, ftsCount(db, q), `${label}: q=${q}`)
  }
}

/** Edits, closes and adds postings: changed documents are answered from the overlay. */
function change(db: DB, ids: number[]): void {
  db.transaction(() => {
    for (const id of ids.slice(0, 10)) {
      const slug = db.prepare('SELECT source, external_id FROM jobs WHERE id = ?').get(id) as { source: string; external_id: string }
      upsertJob(db, { ...posting(id + 1), source: slug.source, externalId: slug.external_id, descriptionText: 'quokka platform rewritten', descriptionHtml: '<p>x</p>' })
    }
    for (const id of ids.slice(10, 15)) closeJob(db, id)
    for (let i = 0; i < 10; i++) upsertJob(db, posting(1000 + i))
  })()
}

test('text matches from the in-memory term index equal FTS5, before and after postings change', () => {
  const { db, ctx } = createTestApp({ jobs: Array.from({ length: 120 }, (_, i) => posting(i)) })
  assert.ok(ftsCount(db, 'platform') >= 32, 'the fixture has terms held in memory')
  assertSameAsFts(db, ctx.search, 'as loaded')
  change(db, db.prepare('SELECT id FROM jobs ORDER BY id').pluck().all() as number[])
  assertSameAsFts(db, ctx.search, 'after changes')
})

test('a phrase (read from FTS5, then kept) follows postings that gain or lose it', () => {
  const { db, ctx } = createTestApp({ jobs: Array.from({ length: 120 }, (_, i) => posting(i)) })
  const phraseCount = () => db.prepare('SELECT count(*) FROM jobs_fts WHERE jobs_fts MATCH ?').pluck().get('"work number"') as number
  const searched = () => ctx.search.search({ q: '"work number"', filters: { facets: {} }, limit: 1, offset: 0 }).total
  assert.equal(searched(), phraseCount())
  assert.equal(searched(), phraseCount(), 'asked again (kept)')
  db.transaction(() => {
    for (const id of db.prepare('SELECT id FROM jobs ORDER BY id LIMIT 3').pluck().all() as number[]) {
      const row = db.prepare('SELECT source, external_id FROM jobs WHERE id = ?').get(id) as { source: string; external_id: string }
      upsertJob(db, { ...posting(id), source: row.source, externalId: row.external_id, descriptionText: 'numbered work', descriptionHtml: '<p>numbered work</p>' })
    }
    upsertJob(db, posting(500))
  })()
  assert.equal(phraseCount(), 118, 'three postings lost the phrase, one new one has it')
  assert.equal(searched(), 118, 'after changes')
})

test('listed terms stay exact when only the newest postings change (lists that end before them are kept whole)', () => {
  // Over 1,024 postings a term in 32 or more of them but under one in 32 is kept as a sorted list.
  const listed = (i: number) => fixtureJob({ title: `role ${i}`, descriptionText: `${i % 37 === 0 ? 'quokka' : 'plain'} ${i % 41 === 0 ? 'quiver' : ''} text`, company: { slug: `c${i % 5}`, name: `Company ${i % 5}` } })
  const { db, ctx } = createTestApp({ jobs: Array.from({ length: 1300 }, (_, i) => listed(i)) })
  const queries = ['quokka', 'quiver', 'qu', 'quokka plain']
  const same = (label: string) => {
    for (const q of queries) {
      ctx.search.clearCache()
      assert.equal(ctx.search.search({ q, filters: { facets: {} }, limit: 1, offset: 0 }).total, ftsCount(db, q), `${label}: q=${q}`)
    }
  }
  assert.ok(ftsCount(db, 'quokka') >= 32 && ftsCount(db, 'quokka') * 32 < 1300, 'quokka is a listed term')
  same('as loaded')
  const ids = db.prepare('SELECT id FROM jobs ORDER BY id DESC LIMIT 40').pluck().all() as number[]
  db.transaction(() => {
    for (const id of ids.slice(0, 3)) closeJob(db, id)
    const rewrite = (id: number, text: string) => {
      const row = db.prepare('SELECT source, external_id FROM jobs WHERE id = ?').get(id) as { source: string; external_id: string }
      upsertJob(db, { ...listed(1), source: row.source, externalId: row.external_id, descriptionText: text, descriptionHtml: `<p>${text}</p>` })
    }
    // The 5th newest (posting 1295) held quokka and loses it; the 40th gains it.
    rewrite(ids[4]!, 'plain text')
    rewrite(ids[39]!, 'quokka quiver')
    for (let i = 0; i < 5; i++) upsertJob(db, listed(37 * (i + 1)))
  })()
  same('after the newest changed')
})

test('on a database file: read on the workers, saved with the snapshot, restored after a restart that follows an import', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-terms-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  const db = openDatabase(path)
  const ids = db.transaction(() => Array.from({ length: 120 }, (_, i) => upsertJob(db, posting(i)).id))()
  // As a catalogue with a long history, built in bulk, leaves it: the log emptied, its position far on.
  db.exec('DELETE FROM search_changes')
  db.exec("UPDATE sqlite_sequence SET seq = 50000 WHERE name = 'search_changes'")
  const options = { cacheEntries: 100, cacheBytes: 1 << 24, workers: 2 }
  const snapshotToken = () => db.prepare("SELECT value FROM catalogue_meta WHERE key = 'search_snapshot'").pluck().get()

  const first = createSearchEngine(db, options)
  await first.ready()
  assertSameAsFts(db, first, 'read on the workers')
  // An import while serving, then restarts: the snapshot is restored and patched, never rebuilt.
  change(db, ids)
  assertSameAsFts(db, first, 'patched while serving')
  await first.close()
  const saved = snapshotToken()
  assert.ok(saved, 'a snapshot was written')
  for (const label of ['restored and patched', 'restored again after the log was pruned']) {
    const engine = createSearchEngine(db, options)
    assertSameAsFts(db, engine, label)
    await engine.close()
    assert.equal(snapshotToken(), saved, `${label}: the saved index was used, not rebuilt and saved anew`)
  }
  db.close()
})
