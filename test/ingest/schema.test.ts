import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../src/db/connection.ts'

const CATALOGUE_TABLES = ['sources', 'companies', 'company_collections', 'role_clusters', 'skills', 'jobs', 'job_regions', 'job_countries', 'job_cities', 'job_skills', 'job_domains', 'job_similar', 'catalogue_meta']

test('the catalogue tables exist and are STRICT, with the FTS index beside them', () => {
  const db = openDatabase(':memory:')
  const tables = db.prepare("SELECT name, strict FROM pragma_table_list WHERE schema = 'main'").all() as { name: string; strict: number }[]
  const byName = new Map(tables.map((t) => [t.name, t.strict]))
  for (const name of CATALOGUE_TABLES) assert.equal(byName.get(name), 1, `${name} should exist and be STRICT`)
  assert.ok(byName.has('jobs_fts'), 'jobs_fts should exist')
  db.close()
})

test('a file database runs in WAL mode with foreign keys enforced', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-schema-'))
  try {
    const db = openDatabase(join(dir, 'catalogue.db'))
    assert.equal(db.pragma('journal_mode', { simple: true }), 'wal')
    assert.equal(db.pragma('foreign_keys', { simple: true }), 1)
    assert.throws(
      () => db.prepare("INSERT INTO job_regions (job_id, region) VALUES (424242, 'eu')").run(),
      /FOREIGN KEY/,
    )
    db.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
