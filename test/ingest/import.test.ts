import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createTestApp } from '../helpers/app.ts'
import { importFile, importRecords } from '../../src/ingest/import.ts'

const NOW = new Date('2026-11-21T12:00:00.000Z')
const line = (value: unknown, n: number) => ({ at: `line ${n}`, value })

const GOOD = {
  title: 'Senior Go Developer',
  company: 'Acme Corp',
  url: 'https://acme.example/jobs/1',
  location: 'Berlin, Germany',
  description: '<p>Build services in Go and PostgreSQL. Salary: €80.000 – €95.000 per year.</p><img src=x onerror=alert(1)>',
  posted_at: '2026-11-10T00:00:00Z',
  source: 'acme',
  external_id: 'A-1',
}

const JOB_POSTING = {
  '@context': 'https://schema.org',
  '@type': 'JobPosting',
  title: 'Data Engineer',
  hiringOrganization: { '@type': 'Organization', name: 'Gamma GmbH' },
  datePosted: '2026-11-01',
  validThrough: '2027-01-01',
  identifier: { '@type': 'PropertyValue', name: 'Gamma', value: 'G-77' },
  url: 'https://gamma.example/careers/77',
  employmentType: 'FULL_TIME',
  jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'München', addressCountry: 'DE' } },
  baseSalary: { '@type': 'MonetaryAmount', currency: 'EUR', value: { '@type': 'QuantitativeValue', minValue: 70000, maxValue: 85000, unitText: 'YEAR' } },
  description: '<p>Spark, Airflow and dbt.</p>',
}

test('JSON Lines: good rows are stored enriched, bad rows are reported with their line and skipped', async () => {
  const { db, get } = createTestApp()
  const summary = importRecords(
    db,
    [line(GOOD, 1), line({ title: '', company: 'X' }, 2), line({ title: 'QA', company: 'Y', work_mode: 'sometimes' }, 3), line([1, 2], 4), line({ title: 'Frontend Engineer', company: { name: 'Beta' }, work_mode: 'hybrid', salary_min: 60000, salary_max: 70000, salary_currency: 'GBP', salary_period: 'year' }, 5)],
    { now: NOW },
  )
  assert.equal(summary.total, 5)
  assert.equal(summary.inserted, 2)
  assert.deepEqual(summary.rejected.map((r) => r.at), ['line 2', 'line 3', 'line 4'])
  assert.match(summary.rejected[1]!.reason, /^work_mode:/)
  assert.doesNotMatch(summary.rejected[1]!.reason, /sometimes/, 'the rejected value is not echoed')
  const row = db.prepare("SELECT * FROM jobs WHERE source = 'acme' AND external_id = 'A-1'").get() as Record<string, unknown>
  assert.equal(row.salary_min, 80000)
  assert.equal(row.salary_currency, 'EUR')
  assert.doesNotMatch(String(row.description_html), /onerror|<img/)
  const skills = db.prepare('SELECT skill FROM job_skills WHERE job_id = ? ORDER BY skill').all(row.id).map((r: any) => r.skill)
  assert.deepEqual(skills, ['go', 'postgresql'])
  const status = await get('/api/v1/status')
  assert.equal(status.status, 200)
  assert.equal(status.body.data.jobs_open, 2)
})

test('re-importing upserts by (source, external_id), and a past closed_at closes the posting', () => {
  const { db } = createTestApp()
  importRecords(db, [line(GOOD, 1)], { now: NOW })
  const again = importRecords(db, [line({ ...GOOD, title: 'Senior Go Engineer' }, 1)], { now: NOW })
  assert.deepEqual([again.inserted, again.updated, again.closed], [0, 1, 0])
  const closing = importRecords(db, [line({ ...GOOD, closed_at: '2026-11-20T00:00:00Z' }, 1)], { now: NOW })
  assert.deepEqual([closing.inserted, closing.updated, closing.closed], [0, 0, 1])
  const rows = db.prepare('SELECT title, closed_at FROM jobs').all() as { title: string; closed_at: string }[]
  assert.equal(rows.length, 1)
  assert.equal(rows[0]!.closed_at, '2026-11-20T00:00:00.000Z')
  assert.equal((db.prepare("SELECT count(*) AS n FROM jobs_fts WHERE jobs_fts MATCH 'postgresql'").get() as { n: number }).n, 0, 'closed postings leave the search index')
})

test('schema.org JobPosting: single object, @graph, salary units, remote, and validThrough in the past closes', () => {
  const { db } = createTestApp()
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'Organization', name: 'Delta' },
      { '@type': 'JobPosting', title: 'Remote SRE', hiringOrganization: 'Delta', jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'Worldwide' }, datePosted: '2026-10-01', validThrough: '2026-10-20', url: 'https://delta.example/sre', baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', value: 75, unitText: 'HOUR' } }, description: 'Kubernetes and Terraform.' },
    ],
  }
  const summary = importRecords(db, [{ at: 'document 1', value: JOB_POSTING }, { at: 'document 2', value: graph }, { at: 'document 3', value: { '@type': 'Organization', name: 'Not a job' } }, { at: 'document 4', value: { '@type': 'JobPosting', title: 'No company' } }], { now: NOW })
  assert.equal(summary.inserted, 2)
  assert.deepEqual(summary.rejected.map((r) => r.reason), ['not a JobPosting (@type Organization)', 'JobPosting has no hiringOrganization name'])
  const gamma = db.prepare("SELECT * FROM jobs WHERE external_id = 'G-77'").get() as Record<string, unknown>
  assert.equal(gamma.source, 'gamma.example')
  assert.deepEqual([gamma.salary_min, gamma.salary_max, gamma.salary_currency, gamma.salary_period, gamma.employment_type], [70000, 85000, 'EUR', 'year', 'full_time'])
  assert.equal(gamma.closed_at, null)
  assert.deepEqual(db.prepare('SELECT city, country FROM job_cities WHERE job_id = ?').get(gamma.id), { city: 'Munich', country: 'de' })
  const sre = db.prepare("SELECT * FROM jobs WHERE title = 'Remote SRE'").get() as Record<string, unknown>
  assert.equal(sre.external_id, 'delta.example/sre', 'without an identifier the normalized url identifies the posting')
  assert.equal(sre.work_mode, 'remote')
  assert.deepEqual([sre.salary_min, sre.salary_period], [75, 'hour'])
  assert.equal(sre.closed_at, '2026-10-20T00:00:00.000Z')
  assert.deepEqual(db.prepare('SELECT region FROM job_regions WHERE job_id = ?').all(sre.id), [{ region: 'global' }])
})

test('importFile reads JSON Lines, JSON-LD documents and HTML pages with JSON-LD scripts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-import-'))
  try {
    writeFileSync(join(dir, 'jobs.jsonl'), `${JSON.stringify(GOOD)}\nnot json\n\n${JSON.stringify({ ...GOOD, external_id: 'A-2' })}\n`)
    writeFileSync(join(dir, 'job.json'), JSON.stringify(JOB_POSTING))
    writeFileSync(join(dir, 'page.html'), `<html><head><script type="application/ld+json">${JSON.stringify({ ...JOB_POSTING, identifier: 'H-1' })}</script></head></html>`)
    const { db } = createTestApp()
    const jsonl = importFile(db, join(dir, 'jobs.jsonl'), { now: NOW })
    assert.deepEqual([jsonl.total, jsonl.inserted, jsonl.rejected.length], [3, 2, 1])
    assert.deepEqual(jsonl.rejected[0], { at: 'line 2', reason: "invalid JSON: unexpected token 'o'" })
    assert.equal(importFile(db, join(dir, 'job.json'), { now: NOW }).inserted, 1)
    assert.equal(importFile(db, join(dir, 'page.html'), { now: NOW }).inserted, 1)
    assert.equal((db.prepare('SELECT count(*) AS n FROM jobs').get() as { n: number }).n, 4)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a record that fails while being written is rolled back alone', () => {
  const { db } = createTestApp()
  // A trigger makes one specific posting fail inside the store, after its company row was written.
  db.exec("CREATE TRIGGER fail_one BEFORE INSERT ON jobs WHEN NEW.external_id = 'boom' BEGIN SELECT RAISE(ABORT, 'storage refused the record'); END")
  const summary = importRecords(db, [line({ ...GOOD, external_id: 'ok-1' }, 1), line({ ...GOOD, company: 'Boom Inc', external_id: 'boom' }, 2), line({ ...GOOD, external_id: 'ok-2' }, 3)], { now: NOW })
  assert.equal(summary.inserted, 2)
  assert.deepEqual(summary.rejected, [{ at: 'line 2', reason: 'storage refused the record' }])
  assert.equal((db.prepare("SELECT count(*) AS n FROM companies WHERE slug = 'boom-inc'").get() as { n: number }).n, 0, 'no half-written posting (its company row is rolled back too)')
})

test('importFile: a JSON array of postings and a pretty-printed JSON-LD document', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-import-'))
  try {
    writeFileSync(join(dir, 'array.json'), JSON.stringify([GOOD, { ...GOOD, external_id: 'A-2' }, 'nope']))
    writeFileSync(join(dir, 'pretty.json'), JSON.stringify(JOB_POSTING, null, 2))
    const { db } = createTestApp()
    const array = importFile(db, join(dir, 'array.json'), { now: NOW })
    assert.deepEqual([array.inserted, array.rejected], [2, [{ at: 'line 1, record 3', reason: 'not a JSON object' }]])
    const pretty = importFile(db, join(dir, 'pretty.json'), { now: NOW })
    assert.deepEqual([pretty.inserted, pretty.rejected.length], [1, 0])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("an employer's paragraph repeated across its postings is not read for skills; the job's own lines are", async () => {
  const { db, get } = createTestApp()
  const about = 'Our mobile checkout runs native apps on Android and iOS for forty thousand shops.'
  const jobs = [
    ['Financial Analyst', 'Excel and NetSuite for the monthly close.'],
    ['Payroll Specialist', 'ADP and Excel for payroll runs.'],
    ['Android Engineer', 'Kotlin and Android every day.'],
  ]
  importRecords(db, jobs.map(([title, own], i) => line({ title, company: 'Northwind', external_id: `n-${i}`, source: 'board', description: `<p>${about}</p><p>${own}</p>` }, i + 1)), { now: NOW })
  const skillsOf = async (title: string) => {
    const found = (await get(`/api/v1/jobs/search?q=${encodeURIComponent(title)}`)).body.data[0]
    return (await get(`/api/v1/jobs/${found.public_slug}`)).body.data.skills as string[]
  }
  assert.deepEqual((await skillsOf('Financial Analyst')).sort(), ['excel', 'netsuite'])
  assert.ok((await skillsOf('Android Engineer')).includes('android'), 'the job that names Android in its own words keeps it')
})
