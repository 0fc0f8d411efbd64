import { test, type TestContext } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
import { refreshDerivedData } from '../src/catalogue/refresh.ts'
import { createTestApp, fixtureJob, inProcessCaller } from './helpers/app.ts'
import { prepareSmallCatalogue } from '../src/derived-prep.ts'
import { startModuleWorker } from '../src/worker-thread.ts'

const jobs = () => [
  fixtureJob({ title: 'Backend Engineer', category: 'backend', seniority: 'senior', countries: ['DE'], skills: [{ slug: 'go', name: 'Go' }], createdAt: '2026-10-02T00:00:00.000Z' }),
  fixtureJob({ title: 'Data Engineer', category: 'data_engineering', seniority: 'middle', countries: ['GB'], company: { slug: 'globex', name: 'Globex' }, skills: [{ slug: 'python', name: 'Python' }], createdAt: '2026-10-20T00:00:00.000Z' }),
  fixtureJob({ title: 'Frontend Developer', category: 'frontend', seniority: 'senior', countries: ['DE'], createdAt: '2026-11-01T00:00:00.000Z' }),
]
/** A catalogue file written without its company stats or insights history (as a bulk build leaves it), opened as a server opens it. */
function unpreparedCatalogue(t: TestContext) {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-first-start-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'catalogue.db')
  const seeded = openDatabase(path)
  refreshDerivedData(seeded, seeded.transaction(() => jobs().map((job) => upsertJob(seeded, job).id))())
  seeded.close()
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ dbPath: path }), db)
  t.after(async () => {
    await ctx.close?.()
    db.close()
  })
  const prepare = { now: ctx.now(), salaryMinSample: ctx.config.insightsSalaryMinSample, log: ctx.log }
  return { path, db, ctx, prepare, call: inProcessCaller(createApp(ctx)) }
}

const reads = ['/api/v1/jobs/search?q=engineer&limit=10', '/api/v1/jobs/facets', '/api/v1/jobs/facets?countries=de&disjunctive=true']

test('a first start serves search before its derived data is built beside it, and everything once it is', async (t) => {
  const { path, db, ctx, prepare, call } = unpreparedCatalogue(t)
  // As a start does before it listens (src/server.ts): the index in memory.
  await ctx.search.ready()
  // Another connection holds the write lock, so the worker cannot finish before the reads below.
  const holder = openDatabase(path)
  holder.exec('BEGIN IMMEDIATE')
  ctx.preparing.start(db, prepare)
  assert.deepEqual([...ctx.preparing.pending].sort(), ['company_stats', 'insights'])

  const before = await Promise.all(reads.map((path) => call(path)))
  assert.ok(before.every((read) => read.status === 200))
  const status = await call('/api/v1/status')
  assert.equal(status.status, 200)
  assert.deepEqual(status.body.data.preparing.sort(), ['company_stats', 'insights'])
  assert.equal(status.body.data.jobs_open, 3)
  const insights = await call('/api/v1/insights/roles')
  assert.equal(insights.status, 503)
  assert.match(insights.body.error, /being prepared/)
  assert.equal((await call('/api/v1/companies')).status, 503)
  assert.equal((await call('/api/v1/companies/acme')).status, 503)
  assert.deepEqual((await call('/readyz')).body, { status: 'ready', jobs_open: 3, checks: { database: 'ok', disk: 'ok' } }, 'ready to serve meanwhile')

  holder.exec('COMMIT')
  holder.close()
  await ctx.preparing.done
  assert.equal(ctx.preparing.pending.size, 0)
  const after = await Promise.all(reads.map((path) => call(path)))
  assert.deepEqual(after.map((read) => read.body), before.map((read) => read.body), 'the same answers before and after')
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing, [])

  // What a catalogue whose derived data was built inline answers.
  const reference = createTestApp({ jobs: jobs() })
  for (const path of ['/api/v1/insights/roles', '/api/v1/insights/skills', '/api/v1/insights/velocity?from=2026-10-01&to=2026-11-10']) {
    const [ours, theirs] = [await call(path), await reference.get(path)]
    assert.equal(ours.status, 200, path)
    assert.ok(ours.body.data.length > 0, path)
    assert.deepEqual(ours.body, theirs.body, path)
  }
  assert.equal((await call('/api/v1/companies/acme')).body.data.company.job_count, 2)
  const companies = await call('/api/v1/companies')
  assert.equal(companies.status, 200)
  assert.deepEqual(companies.body.data.map((company: { slug: string; job_count: number }) => [company.slug, company.job_count]).sort(), [['acme', 2], ['globex', 1]])
})

test('a small catalogue gets its derived data before serving: nothing is ever "being prepared"', async (t) => {
  const { db, ctx, prepare, call } = unpreparedCatalogue(t)
  // What the server does before it listens (src/server.ts), then what it does after.
  prepareSmallCatalogue(db, prepare)
  await ctx.search.ready()
  ctx.preparing.start(db, prepare)
  assert.equal(ctx.preparing.pending.size, 0)
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing, [])
  const companies = await call('/api/v1/companies')
  assert.equal(companies.status, 200)
  assert.deepEqual(companies.body.data.map((company: { slug: string; job_count: number }) => [company.slug, company.job_count]).sort(), [['acme', 2], ['globex', 1]])
  const reference = createTestApp({ jobs: jobs() })
  assert.deepEqual((await call('/api/v1/insights/roles')).body, (await reference.get('/api/v1/insights/roles')).body)
})

/** Another process's builder: a lease row in the file, running until `expiresAt`. */
function leaseHeldElsewhere(path: string, expiresAt: number) {
  const other = openDatabase(path)
  other.prepare("INSERT INTO leases (name, holder, expires_at) VALUES ('derived-data', 'elsewhere:1:builder', ?)").run(expiresAt)
  return other
}

test('with several processes on one file, one builds the derived data and the others wait for it', { timeout: 120_000 }, async (t) => {
  const { path, db, ctx, prepare, call } = unpreparedCatalogue(t)
  await ctx.search.ready()
  const other = leaseHeldElsewhere(path, Date.now() + 600_000)
  t.after(() => other.close())
  ctx.preparing.start(db, prepare)
  await new Promise((resolve) => setTimeout(resolve, 2_500))
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing.sort(), ['company_stats', 'insights'], 'not built here while another holds the lease')
  assert.equal((await call('/api/v1/insights/roles')).status, 503)

  // The other process's builder (the same worker a builder runs) finishes; this one sees it within a second.
  const builder = startModuleWorker(undefined, new URL('../src/derived-prep-worker.ts', import.meta.url), { dbPath: path, now: prepare.now.toISOString(), salaryMinSample: prepare.salaryMinSample, data: ['company_stats', 'insights'] }, [])
  await new Promise((resolve) => builder.once('exit', resolve))
  await ctx.preparing.done
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing, [])
  assert.equal((await call('/api/v1/insights/roles')).status, 200)
  const companies = await call('/api/v1/companies')
  assert.deepEqual(companies.body.data.map((company: { slug: string; job_count: number }) => [company.slug, company.job_count]).sort(), [['acme', 2], ['globex', 1]])
})

test('a builder that died (its lease ran out) is replaced, and the lease is given up when done', { timeout: 120_000 }, async (t) => {
  const { path, db, ctx, prepare, call } = unpreparedCatalogue(t)
  await ctx.search.ready()
  leaseHeldElsewhere(path, Date.now() + 1_500).close()
  ctx.preparing.start(db, prepare)
  assert.deepEqual([...ctx.preparing.pending].sort(), ['company_stats', 'insights'])
  await ctx.preparing.done
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing, [])
  assert.equal((await call('/api/v1/companies/acme')).body.data.company.job_count, 2)
  assert.equal(db.prepare("SELECT count(*) FROM leases WHERE name = 'derived-data'").pluck().get(), 0)
})

test('an upgrade with more postings to re-enrich than a start does in seconds serves first and re-enriches beside serving', async (t) => {
  const { db, ctx, prepare, call } = unpreparedCatalogue(t)
  db.exec('UPDATE jobs SET enrichment_version = 0')
  // The bound scaled down to this catalogue: three stale postings are "many".
  prepareSmallCatalogue(db, { ...prepare, reenrichAtMost: 2 })
  assert.equal(db.prepare('SELECT count(*) FROM jobs WHERE enrichment_version = 0').pluck().get(), 3, 'nothing re-enriched before listening')
  await ctx.search.ready()
  ctx.preparing.start(db, prepare)
  assert.ok(ctx.preparing.pending.has('enrichment'))
  assert.equal((await call('/api/v1/jobs/search?q=engineer')).status, 200)
  await ctx.preparing.done
  assert.deepEqual((await call('/api/v1/status')).body.data.preparing, [])
  assert.equal(db.prepare('SELECT count(*) FROM jobs WHERE enrichment_version = 0').pluck().get(), 0)
})
