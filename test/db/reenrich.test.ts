import { test } from 'node:test'
import assert from 'node:assert/strict'
import Database from 'better-sqlite3'
import { openDatabase } from '../../src/db/connection.ts'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { ENRICHMENT_VERSION } from '../../src/ingest/enrich.ts'
import { prepareSmallCatalogue } from '../../src/derived-prep.ts'
import { createLogger } from '../../src/log.ts'
import { inProcessCaller } from '../helpers/app.ts'
import { release1File } from './release-1.ts'

/**
 * The start after an upgrade re-enriches the postings a release-1 database holds with the current
 * rules (src/derived-prep.ts; migration 8 itself changes no data). Two
 * stored postings get text the old rules misread; a third keeps a salary its source stated (the
 * text names none), which the new rules must not drop.
 */
function release1WithPostings(): { path: string; slugs: string[] } {
  const path = release1File()
  const db = new Database(path)
  const slugs = db.prepare('SELECT public_slug FROM jobs WHERE closed_at IS NULL ORDER BY id LIMIT 3').pluck().all() as string[]
  const set = db.prepare(
    `UPDATE jobs SET location = ?, description_html = ?, description_text = ?, work_mode = ?, salary_min = ?, salary_max = ?,
       salary_currency = ?, salary_period = ?, enrichment_version = 1 WHERE public_slug = ?`,
  )
  set.run('Berlin, DE', '<p>2 days a week in our Berlin office. Stack: Go, Postgres. Comp: 80-95k + equity.</p>', 'x', 'onsite', null, null, null, null, slugs[0])
  set.run('Remote in Canada', '<p>Read https://acme.example/http-api. Ruby on Rails and SQL Server. C$120,000 - C$140,000.</p>', 'x', null, 120000, 140000, 'USD', 'year', slugs[1])
  set.run('Remote', '<p>Python services.</p>', 'x', 'remote', 5000, 6000, 'EUR', 'month', slugs[2])
  // Older rules read the first posting's level wrong and put it in one role cluster with the second
  // (a mid-level role): the new rules move it to the cluster of its level.
  db.prepare("UPDATE jobs SET title = 'Senior Go Engineer', seniority = 'middle', employment_type = 'full_time' WHERE public_slug = ?").run(slugs[0])
  db.prepare('UPDATE jobs SET cluster_id = (SELECT cluster_id FROM jobs WHERE public_slug = ?) WHERE public_slug = ?').run(slugs[0], slugs[1])
  db.prepare("DELETE FROM job_countries WHERE job_id IN (SELECT id FROM jobs WHERE public_slug = ?)").run(slugs[0])
  db.prepare("INSERT INTO job_countries (job_id, country) SELECT id, 'us' FROM jobs WHERE public_slug = ?").run(slugs[0])
  db.close()
  return { path, slugs }
}

test('the start after an upgrade re-enriches stored postings with the current rules and keeps stated facts the text lacks', async () => {
  const { path, slugs } = release1WithPostings()
  const db = openDatabase(path)
  assert.ok((db.prepare('SELECT count(*) FROM jobs WHERE enrichment_version < ?').pluck().get(ENRICHMENT_VERSION) as number) >= 3, 'the upgrade itself leaves the postings as they were')
  prepareSmallCatalogue(db, { now: new Date(), salaryMinSample: defaultConfig().insightsSalaryMinSample, log: createLogger('error') })
  const call = inProcessCaller(createApp(createContext(defaultConfig(), db)))
  const [berlin, canada, stated] = await Promise.all(slugs.map((slug) => call(`/api/v1/jobs/${slug}`)))

  assert.equal(berlin!.status, 200)
  assert.deepEqual(berlin!.body.data.countries, ['de'])
  assert.equal(berlin!.body.data.work_mode, 'hybrid')
  for (const slug of ['go', 'postgresql']) assert.ok(berlin!.body.data.skills.includes(slug), slug)
  const berlinPay = berlin!.body.data.enrichment
  assert.deepEqual([berlinPay.salary_min, berlinPay.salary_max, berlinPay.salary_currency, berlinPay.salary_period], [80000, 95000, 'EUR', 'year'])
  assert.equal(berlin!.body.data.enrichment_version, ENRICHMENT_VERSION)

  assert.deepEqual(canada!.body.data.countries, ['ca'])
  assert.equal(canada!.body.data.work_mode, 'remote')
  for (const slug of ['rails', 'ruby', 'sql', 'sql-server']) assert.ok(canada!.body.data.skills.includes(slug), slug)
  assert.ok(!canada!.body.data.skills.includes('http'), 'a link is not the HTTP skill')
  assert.equal(canada!.body.data.enrichment.salary_currency, 'CAD')

  const kept = stated!.body.data.enrichment
  assert.deepEqual([kept.salary_min, kept.salary_max, kept.salary_currency, kept.salary_period], [5000, 6000, 'EUR', 'month'])
  assert.ok(stated!.body.data.skills.includes('python'))

  const search = await call('/api/v1/jobs/search?countries=de&work_mode=hybrid&skills=go&limit=50')
  assert.ok(search.body.data.some((job: { public_slug: string }) => job.public_slug === slugs[0]), 'the search index sees the new facets')
  assert.equal(berlin!.body.data.enrichment.seniority, 'senior')
  // A junior and a senior opening are two roles: no cluster holds postings of two levels.
  const mixed = db.prepare(
    `SELECT count(*) FROM (SELECT cluster_id FROM jobs WHERE cluster_id IS NOT NULL GROUP BY cluster_id
     HAVING count(DISTINCT coalesce(seniority, '') || ':' || coalesce(employment_type, '')) > 1)`,
  ).pluck().get()
  assert.equal(mixed, 0, 'every posting sits in the cluster of its seniority and employment type')
  const stale = db.prepare('SELECT count(*) FROM jobs WHERE enrichment_version < ?').pluck().get(ENRICHMENT_VERSION)
  assert.equal(stale, 0)
  db.close()
})
