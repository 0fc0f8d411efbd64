import { test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.ts'
import { latestVersion, migrate } from '../../src/db/migrate.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { signIn, sessionHeaders } from '../helpers/auth.ts'
import { schemaShape } from './schema-shape.ts'
import { release1File } from './release-1.ts'


// Every table keeps its rows: no step re-derives data (re-enriching the postings is the start's work,
// src/derived-prep.ts, not an upgrade step's).
const tables = (db: Database.Database) =>
  db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'jobs_fts%'").pluck().all() as string[]
const counts = (db: Database.Database, names: string[]) => Object.fromEntries(names.map((name) => [name, db.prepare(`SELECT count(*) FROM "${name}"`).pluck().get()]))

test('a release-1 database upgrades in place to the same schema a fresh database gets', () => {
  const upgraded = openDatabase(release1File())
  const fresh = openDatabase(':memory:')
  assert.equal(upgraded.pragma('user_version', { simple: true }), latestVersion())
  assert.equal(fresh.pragma('user_version', { simple: true }), latestVersion())
  assert.deepEqual(schemaShape(upgraded), schemaShape(fresh))
  upgraded.close()
})

test('the upgrade keeps every row of every release-1 table', () => {
  const path = release1File()
  const before = new Database(path, { readonly: true })
  const oldTables = tables(before)
  const expected = counts(before, oldTables)
  before.close()
  assert.ok((expected.jobs as number) > 0 && (expected.users as number) > 0 && (expected.saved_searches as number) > 0)
  const after = openDatabase(path)
  assert.deepEqual(counts(after, oldTables), expected)
  after.close()
})

test('the upgraded file serves its old accounts, saved searches and postings over HTTP', async () => {
  const db = openDatabase(release1File())
  const ctx = createContext(defaultConfig(), db)
  const call = inProcessCaller(createApp(ctx))
  const cookie = await signIn(call, 'alice@example.org', 'correct horse battery staple')
  const searches = await call('/api/v1/me/searches', { headers: sessionHeaders(cookie) })
  assert.equal(searches.status, 200)
  assert.deepEqual(searches.body.data.map((s: { name: string }) => s.name), ['Remote Go'])
  // Search counts cards: one per role cluster (re-keyed by migration 19), one per unclustered posting.
  const cards = db.prepare('SELECT count(DISTINCT cluster_id) + count(*) FILTER (WHERE cluster_id IS NULL) FROM jobs WHERE closed_at IS NULL').pluck().get() as number
  const search = await call('/api/v1/jobs/search?limit=1')
  assert.equal(search.status, 200)
  assert.equal(search.body.meta.total, cards)
  const title = db.prepare('SELECT title FROM jobs WHERE closed_at IS NULL ORDER BY id LIMIT 1').pluck().get() as string
  const byWord = await call(`/api/v1/jobs/search?q=${encodeURIComponent(title.split(' ')[0])}`)
  assert.ok(byWord.body.meta.total >= 1, 'the full-text index of the old file still answers')
  await ctx.close?.()
})

test('steps apply in order, each in its own transaction; a failing step leaves its version and data untouched', () => {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE t (a INTEGER) STRICT; INSERT INTO t VALUES (1); PRAGMA user_version = 1;')
  const ran: number[] = []
  const steps = [
    { version: 3, name: 'third', up: (d: Database.Database) => { ran.push(3); d.exec('ALTER TABLE t ADD COLUMN c TEXT') } },
    { version: 2, name: 'second', up: (d: Database.Database) => { ran.push(2); d.exec('ALTER TABLE t ADD COLUMN b TEXT') } },
    { version: 4, name: 'broken', up: (d: Database.Database) => { d.exec('UPDATE t SET a = 99'); throw new Error('step 4 fails') } },
  ]
  assert.throws(() => migrate(db, { steps }), /step 4 fails/)
  assert.deepEqual(ran, [2, 3])
  assert.equal(db.pragma('user_version', { simple: true }), 3)
  assert.equal(db.prepare('SELECT a FROM t').pluck().get(), 1, 'the failed step rolled back')
  const applied: number[] = []
  migrate(db, { steps: steps.slice(0, 2).concat({ version: 4, name: 'fixed', up: () => {} }), onStep: (s) => applied.push(s.version) })
  assert.deepEqual(applied, [4], 'a rerun resumes at the first step not yet applied')
})

test('a file newer than the build, or with tables but no version, is refused and left unchanged', () => {
  const newer = new Database(':memory:')
  newer.pragma(`user_version = ${latestVersion() + 1}`)
  assert.throws(() => migrate(newer), /newer than this build/)
  const foreign = new Database(':memory:')
  foreign.exec('CREATE TABLE x (a)')
  assert.throws(() => migrate(foreign), /not an openroles database/)
  assert.equal(foreign.pragma('user_version', { simple: true }), 0)
})

test('the schema comparison notices a column, index or trigger that one path lacks', () => {
  const base = schemaShape(openDatabase(':memory:'))
  for (const change of ['ALTER TABLE users ADD COLUMN extra TEXT', 'CREATE INDEX users_extra ON users (email, id)', 'DROP TRIGGER search_changes_job_insert']) {
    const db = openDatabase(':memory:')
    db.exec(change)
    assert.notDeepEqual(schemaShape(db), base, change)
  }
})

test('step 3 (reference compat): subscriptions keep push as their channel, settings turn digest_push into channels', () => {
  const path = release1File()
  const old = new Database(path)
  const user = old.prepare('SELECT id FROM users LIMIT 1').pluck().get() as number
  old.prepare("INSERT INTO notification_settings (user_id, digest_in_app, digest_push, updated_at) VALUES (?, 1, 0, '2026-01-01T00:00:00.000Z')").run(user)
  const subscription = old.prepare('SELECT id, saved_search_id, active FROM subscriptions').get()
  old.close()
  const db = openDatabase(path)
  assert.deepEqual(db.prepare('SELECT id, saved_search_id, active FROM subscriptions').get(), subscription, 'rows and ids survive the rebuild')
  assert.equal(db.prepare('SELECT channel FROM subscriptions').pluck().get(), 'push')
  assert.deepEqual(db.prepare('SELECT enabled, channels, digest_in_app FROM notification_settings').get(), { enabled: 1, channels: '["email"]', digest_in_app: 1 })
  assert.equal(db.prepare("SELECT subindustries FROM companies LIMIT 1").pluck().get(), '[]')
  assert.equal(db.prepare('SELECT count(*) FROM notifications WHERE subscription_id IS NOT NULL').pluck().get(), db.prepare('SELECT count(*) FROM notifications WHERE subscription_id IN (SELECT id FROM subscriptions)').pluck().get())
  db.close()
})
