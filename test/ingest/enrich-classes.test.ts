import { test } from 'node:test'
import assert from 'node:assert/strict'
import { enrichPosting } from '../../src/ingest/enrich.ts'
import { extractSkills } from '../../src/vocabulary/skills.ts'
import { resolveLocation } from '../../src/ingest/location.ts'
import { parseSalary } from '../../src/ingest/salary.ts'
import type { RawPosting } from '../../src/ingest/raw-posting.ts'

/** One assertion group per failure class of issue 27, in the shapes real postings write them. */
const raw = (fields: Partial<RawPosting>): RawPosting => ({
  source: 'test', externalId: '1', title: 'Engineer', company: { slug: 'acme', name: 'Acme' }, description: '<p>Join us.</p>',
  postedAt: '2026-11-01T00:00:00.000Z', ...fields,
})
const mode = (location: string | null, description = '<p>Join us.</p>') => enrichPosting(raw({ location, description })).workMode
const countries = (location: string) => resolveLocation(location).countries
const slugs = (text: string) => extractSkills(text).map((s) => s.slug)

test('work mode: header fields, part-week office attendance, the primary mode', () => {
  for (const location of ['Remote', 'REMOTE', 'Remote (US only)', 'Remote - EU', 'London or Remote']) assert.equal(mode(location), 'remote', location)
  assert.equal(mode('Berlin', '<p>2 days a week in our Berlin office.</p>'), 'hybrid')
  assert.equal(mode('Austin, TX', '<p>We are in office Tue–Thu.</p>'), 'hybrid')
  assert.equal(mode('New York, NY', '<p>This role is onsite in New York; remote is possible for exceptional candidates.</p>'), 'onsite')
  assert.equal(mode('Leeds', '<p>This is not a remote position.</p>'), 'onsite')
  assert.equal(mode(null, 'Acme | Backend Engineer | Berlin, DE | REMOTE (EU) | Full-time'), 'remote')
  assert.equal(mode('Austin, TX', '<p>Hybrid cloud experience. On-site interviews.</p>'), null)
})

test('location: remote-in phrases, state and province codes, Georgia, Berlin DE', () => {
  assert.deepEqual(countries('Remote in Canada'), ['ca'])
  assert.deepEqual(countries('Remote in the UK'), ['gb'])
  assert.deepEqual(countries('Remote in USA'), ['us'])
  assert.deepEqual(countries('Annapolis Junction, MD'), ['us'], 'a town in no list still gives its state’s country')
  assert.deepEqual(countries('Toronto ON'), ['ca'])
  assert.deepEqual(countries('Multiple US Locations'), ['us'])
  assert.deepEqual(countries('United Kingdom'), ['gb'])
  assert.deepEqual(countries('Atlanta, Georgia'), ['us'])
  assert.deepEqual(countries('Tbilisi, Georgia'), ['ge'])
  assert.deepEqual(countries('Berlin, DE'), ['de'])
  assert.deepEqual(countries('Athens, GA'), ['us'])
  assert.deepEqual(countries('Córdoba, AR'), ['ar'])
  assert.deepEqual(countries('Multiple Locations'), [])
})

test('salary: single amounts, bare k-ranges, more currencies, and nothing invented', () => {
  assert.deepEqual(parseSalary('$140k+'), { min: 140000, max: null, currency: 'USD', period: 'year' })
  assert.deepEqual(parseSalary('Salary: 95,000 EUR'), { min: 95000, max: 95000, currency: 'EUR', period: 'year' })
  assert.deepEqual(parseSalary('up to €80k'), { min: null, max: 80000, currency: 'EUR', period: 'year' })
  assert.deepEqual(parseSalary('6,000 EUR/month'), { min: 6000, max: 6000, currency: 'EUR', period: 'month' })
  assert.deepEqual(parseSalary('Acme | Engineer | 150-200k'), { min: 150000, max: 200000, currency: null, period: 'year' })
  assert.deepEqual(parseSalary('150-200k', { country: 'gb' }), { min: 150000, max: 200000, currency: 'GBP', period: 'year' })
  assert.deepEqual(parseSalary('$120k - $150k + equity'), { min: 120000, max: 150000, currency: 'USD', period: 'year' })
  assert.deepEqual(parseSalary('$90k ~ $110k'), { min: 90000, max: 110000, currency: 'USD', period: 'year' })
  assert.deepEqual(parseSalary('$130,000 - $150,000 CAD'), { min: 130000, max: 150000, currency: 'CAD', period: 'year' })
  assert.deepEqual(parseSalary('A$150k-A$170k'), { min: 150000, max: 170000, currency: 'AUD', period: 'year' })
  assert.deepEqual(parseSalary("CHF 120'000 - 140'000"), { min: 120000, max: 140000, currency: 'CHF', period: 'year' })
  assert.deepEqual(parseSalary('₹25,00,000 - ₹35,00,000 per annum'), { min: 2500000, max: 3500000, currency: 'INR', period: 'year' })
  assert.deepEqual(parseSalary('Base $120,000 per year plus a monthly bonus of up to $500.'), { min: 120000, max: 120000, currency: 'USD', period: 'year' })
  assert.equal(parseSalary('Paid trial week (€1,000) before the offer.'), null)
  assert.equal(parseSalary('Uncapped commission: earn up to $50k extra.'), null)
  assert.equal(parseSalary('We raised a $40M Series B. $1,000 learning budget. 401(k) match up to $5,000.'), null)
  assert.equal(parseSalary('We serve 150-200k users and were founded 2019-2021.'), null)
})

test('skills precision: links, common words, organisations, concept words', () => {
  assert.deepEqual(slugs('See https://acme.example/http-api/graphql and mail jobs@acme.example.'), [])
  assert.deepEqual(slugs('Keep a to do list, reduce the mean time to recovery, hold less meetings, in case of doubt ask.'), [])
  assert.deepEqual(slugs('Our founders came from OpenAI. We build the payments backbone.'), [])
  assert.deepEqual(slugs('Our AI-powered SaaS platform keeps a database of farms behind an API.'), [])
  assert.deepEqual(slugs('Excel at communication and teamwork.'), [])
  assert.deepEqual(slugs('Our JVM services'), ['jvm'])
})

test('skills recall: parents, plain Go and C, spelling variants, O*NET tools', () => {
  assert.deepEqual(slugs('Ruby on Rails and SQL Server'), ['rails', 'ruby', 'sql-server', 'sql'])
  assert.deepEqual(slugs('Languages: Go, C, Python.'), ['go', 'c', 'python'])
  assert.deepEqual(slugs('• Go\n• C'), ['go', 'c'])
  assert.deepEqual(slugs('NodeJS, dotnet and Postgres'), ['nodejs', 'dotnet', 'postgresql'])
  assert.deepEqual(slugs('ServiceNow, Microsoft Visio, Atlassian Confluence, Alteryx and SolidWorks'), ['servicenow', 'visio', 'confluence', 'alteryx', 'solidworks'])
  const glued = enrichPosting(raw({ description: '<table><tr><td>Stack</td><td>Go, Kafka</td></tr></table>' }))
  assert.deepEqual(glued.skills?.map((s) => s.slug), ['go', 'kafka'], 'a table cell does not glue to the next word')
})
