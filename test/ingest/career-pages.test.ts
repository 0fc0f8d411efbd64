import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp, inProcessCaller } from '../helpers/app.ts'
import { importFile } from '../../src/ingest/import.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'

/**
 * Career pages in the shapes Greenhouse- and Lever-hosted boards publish: an entity-escaped HTML
 * description, an Organization (and WebSite, BreadcrumbList) block beside the JobPosting, a
 * `@graph` with several postings whose hiringOrganization is an `@id` reference.
 */
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', name)
const NOW = new Date('2026-11-20T00:00:00.000Z')

test('a Greenhouse-style page: one posting, its description decoded once, Berlin, DE in Germany', async () => {
  const { db, get } = createTestApp()
  const summary = importFile(db, fixture('greenhouse-job.html'), { now: NOW })
  assert.deepEqual([summary.inserted, summary.rejected], [1, []], 'the Organization and BreadcrumbList blocks are not rejections')
  const search = await get('/api/v1/jobs/search?q=northwind')
  const slug = search.body.data[0].public_slug
  const job = (await get(`/api/v1/jobs/${slug}`)).body.data
  assert.match(job.description, /^<p><strong>About Northwind Labs<\/strong><\/p><p>We map shipping lanes for R&amp;D teams/)
  assert.doesNotMatch(job.description, /&lt;|&amp;amp;|&amp;#39;|script/)
  assert.match(job.description, /<h3>What you'll do<\/h3><ul><li>Build services in Go and PostgreSQL<\/li>/)
  assert.deepEqual([job.countries, job.cities, job.work_mode], [['de'], ['Berlin'], 'hybrid'])
  assert.deepEqual([job.enrichment.salary_min, job.enrichment.salary_max, job.enrichment.salary_currency], [80000, 95000, 'EUR'])
  for (const skill of ['go', 'postgresql', 'kubernetes']) assert.ok(job.skills.includes(skill), skill)
})

test('a Lever-style page: every JobPosting of the @graph, the organisation resolved by @id', async () => {
  const { db, get } = createTestApp()
  const summary = importFile(db, fixture('lever-jobs.html'), { now: NOW })
  assert.deepEqual([summary.inserted, summary.rejected], [2, []])
  const jobs = (await get('/api/v1/jobs/search?company_slug=quillstone&limit=10')).body.data
  assert.deepEqual(jobs.map((j: { title: string }) => j.title).sort(), ['Data Engineer', 'Site Reliability Engineer'])
  const data = jobs.find((j: { title: string }) => j.title === 'Data Engineer')
  const full = (await get(`/api/v1/jobs/${data.public_slug}`)).body.data
  assert.deepEqual([full.countries, full.cities], [['ca'], ['Toronto']])
  assert.deepEqual([full.enrichment.salary_min, full.enrichment.salary_max, full.enrichment.salary_currency], [120000, 140000, 'CAD'])
  assert.match(full.description, /<li>Python and Airflow<\/li>/)
  const sre = jobs.find((j: { title: string }) => j.title === 'Site Reliability Engineer')
  assert.deepEqual([sre.work_mode, sre.countries], ['remote', ['ca']])
})

test('the import command reports a broken JSON file once with its position and goes on past a missing file', async () => {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'openroles-pages-')), 'catalogue.db')
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', 'import', '--db', dbPath, fixture('greenhouse-job.html'), fixture('missing.json'), fixture('broken-array.json'), fixture('lever-jobs.html')],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' }, timeout: 60_000 },
  )
  assert.equal(run.status, 1, run.stderr)
  const out = run.stdout
  assert.match(out, /greenhouse-job\.html: 1 records — 1 inserted, 0 updated, 0 closed, 0 rejected/)
  assert.match(out, /missing\.json: .*no such file/)
  // An array is streamed: the element before the break is imported, the break reported once with its place.
  assert.match(out, /broken-array\.json: 2 records — 1 inserted, 0 updated, 0 closed, 1 rejected\n  rejected document: invalid JSON at line 10, column 3: expected ',' or ']' after array element\n/)
  assert.match(out, /lever-jobs\.html: 2 records — 2 inserted/, 'the files after the failures are imported')
  const db = openDatabase(dbPath)
  const call = inProcessCaller(createApp(createContext(defaultConfig(), db)))
  const all = await call('/api/v1/jobs/search?limit=10')
  assert.equal(all.status, 200)
  assert.equal(all.body.meta.total, 4)
  db.close()
})
