import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { generateJobRecords, seedCatalogue } from '../../src/ingest/seed.ts'
import { getMeta } from '../../src/db/connection.ts'
import { migrate } from '../../src/db/migrate.ts'
import { companyStatsToBuild } from '../../src/catalogue/company-stats.ts'

const NOW = new Date('2026-11-21T00:00:00.000Z')
const JOBS = 1200

test('the generator is deterministic for a seed and differs across seeds', () => {
  const digest = (seed: number) => [...generateJobRecords(60, seed, NOW)].map((r) => `${r.externalId}|${r.title}|${r.company.slug}|${r.location}|${r.salaryMin}|${r.postedAt}`)
  assert.deepEqual(digest(7), digest(7))
  assert.notDeepEqual(digest(7), digest(8))
})

test('seeding writes exactly the generated records, in order, though they are generated on a worker thread', () => {
  const { db } = createTestApp()
  seedCatalogue(db, { jobs: 2500, seed: 9, now: NOW, batchSize: 700 })
  const written = db.prepare('SELECT external_id, title, posted_at FROM jobs ORDER BY id').all() as { external_id: string; title: string; posted_at: string }[]
  const generated = [...generateJobRecords(2500, 9, NOW)]
  assert.equal(written.length, generated.length)
  assert.deepEqual(
    written.map((row) => `${row.external_id}|${row.title}|${row.posted_at}`),
    generated.map((record) => `${record.externalId}|${record.title}|${record.postedAt}`),
  )
})

test('a seeded catalogue is realistic: every facet takes several values', async () => {
  const { db, get } = createTestApp()
  const summary = seedCatalogue(db, { jobs: JOBS, seed: 42, now: NOW, batchSize: 500 })
  assert.equal(summary.jobs, JOBS)
  const distinct = (sql: string) => (db.prepare(sql).all() as { v: unknown }[]).map((r) => r.v)
  const column = (name: string) => distinct(`SELECT DISTINCT ${name} AS v FROM jobs WHERE ${name} IS NOT NULL`)
  for (const name of ['category', 'seniority', 'role', 'employment_type', 'relocation', 'english_level', 'education_level', 'posting_language', 'reality_class', 'salary_currency', 'salary_period', 'company_type', 'company_size', 'source', 'work_mode', 'experience_years_min']) {
    assert.ok(column(name).length >= 3, `${name} has several values: ${JSON.stringify(column(name))}`)
  }
  assert.deepEqual(column('salary_currency').sort(), ['EUR', 'GBP', 'RUB', 'USD'])
  assert.deepEqual(column('salary_period').sort(), ['day', 'hour', 'month', 'year'])
  assert.deepEqual(column('work_mode').sort(), ['hybrid', 'onsite', 'remote'])
  assert.ok(column('ai_archetype').length >= 2, 'AI roles carry an archetype')
  assert.deepEqual(column('role_type'), ['people_manager'])
  assert.deepEqual(column('visa_sponsorship').sort(), [0, 1])
  assert.deepEqual(column('requires_clearance').sort(), [0, 1])
  const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n
  assert.ok(count('SELECT count(*) AS n FROM jobs WHERE work_mode IS NULL') > 0, 'some postings leave the work mode unknown')
  assert.ok(count('SELECT count(*) AS n FROM jobs WHERE salary_min IS NULL AND salary_max IS NULL') > 0, 'some postings state no salary')
  assert.ok(count('SELECT count(*) AS n FROM jobs j WHERE NOT EXISTS (SELECT 1 FROM job_regions r WHERE r.job_id = j.id)') > 0, 'some postings have no resolved geography')
  assert.ok(count("SELECT count(*) AS n FROM job_regions WHERE region = 'global'") > 0, 'some postings are worldwide remote')
  assert.ok(distinct('SELECT DISTINCT region AS v FROM job_regions').length >= 6)
  assert.ok(distinct('SELECT DISTINCT domain AS v FROM job_domains').length >= 10)
  assert.ok(distinct('SELECT DISTINCT skill AS v FROM job_skills').length >= 50)
  assert.ok(distinct('SELECT DISTINCT city AS v FROM job_cities').length >= 40)
  for (const collection of ['european', 'bigtech', 'mag7', 'ai', 'yc', 'us-h1b-sponsor', 'uk-skilled-worker-sponsor']) {
    assert.ok(count(`SELECT count(*) AS n FROM company_collections WHERE collection = '${collection}'`) > 0, `collection ${collection} is used`)
  }
  assert.ok(count('SELECT count(*) AS n FROM jobs WHERE ghost IS NOT NULL') > 0, 'some postings carry ghost evidence')
  // Closed postings and reposted copies sharing a role cluster.
  const closed = count('SELECT count(*) AS n FROM jobs WHERE closed_at IS NOT NULL')
  assert.ok(closed > 0 && closed < JOBS / 4, `some postings are closed (${closed})`)
  assert.ok(count('SELECT count(*) AS n FROM (SELECT cluster_id FROM jobs GROUP BY cluster_id HAVING count(*) > 1)') > 10, 'some roles are reposted')
  const postedDays = distinct("SELECT DISTINCT substr(posted_at, 1, 10) AS v FROM jobs")
  assert.ok(postedDays.length > 60, 'posted_at spreads over months')
  assert.ok(count(`SELECT count(*) AS n FROM jobs WHERE created_at < posted_at`) > 0, 'some postings were restamped by their source')
  assert.ok(getMeta(db, 'built_at'), 'built_at is recorded')
  const status = await get('/api/v1/status')
  assert.equal(status.status, 200)
  assert.equal(status.body.data.jobs_open + status.body.data.jobs_closed, JOBS)
  assert.equal(status.body.data.jobs_closed, closed)
  assert.equal(status.body.data.companies, summary.companies)
})

test('the seed lists no role twice at one place: no two postings share title, company and location; roles listed in several cities share a cluster', () => {
  const records = [...generateJobRecords(3000, 42, NOW)]
  const listings = records.map((r) => `${r.company.slug}|${r.title}|${r.location ?? ''}`)
  assert.equal(new Set(listings).size, records.length)
  const byCluster = new Map<string, Set<string>>()
  for (const r of records) byCluster.set(r.clusterKey!, (byCluster.get(r.clusterKey!) ?? new Set()).add(r.location ?? ''))
  assert.ok([...byCluster.values()].some((places) => places.size >= 3), 'some roles are listed in several places')
})

test('a seed into an empty catalogue builds the plain indexes at its end; a start restores any a stopped seed left out', () => {
  const { db } = createTestApp()
  const indexes = () => db.prepare("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all()
  const fresh = indexes()
  const dropped: string[] = []
  seedCatalogue(db, {
    jobs: 300, seed: 5, now: NOW, batchSize: 100,
    onProgress: (_done, _total, stage) => {
      if (stage === 'postings' && !dropped.length) dropped.push(...(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND name = 'jobs_open_posted'").pluck().all() as string[]), '')
    },
  })
  assert.deepEqual(dropped, [''], 'jobs_open_posted is not kept up while postings are written')
  assert.deepEqual(indexes(), fresh, 'every index is back once the seed ends')
  assert.equal(companyStatsToBuild(db), false, 'company figures are built by the seed, not left to the first start')
  assert.equal(db.prepare('SELECT count(*) FROM company_stats').pluck().get(), db.prepare('SELECT count(*) FROM companies').pluck().get())

  db.exec('DROP INDEX jobs_open_posted; DROP INDEX job_skills_skill')
  migrate(db)
  assert.deepEqual(indexes(), fresh)
})
