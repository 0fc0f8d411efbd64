import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import type { CompanyRecord } from '../../../src/catalogue/job-record.ts'
import { closeJob, upsertJob } from '../../../src/catalogue/job-store.ts'
import { markRefreshPending, refreshDerivedData } from '../../../src/catalogue/refresh.ts'
import { twoProcesses } from '../../helpers/two-processes.ts'

const acme: CompanyRecord = {
  slug: 'acme', name: 'Acme', tagline: 'Rockets', hqCountry: 'US', industries: ['aerospace'], collections: ['yc', 'unicorn'],
  companyType: 'product', companySize: '1000+', maturity: 'public', ycBatch: ['W09'], ycStatus: ['public'],
  homepage: 'https://acme.example.com', description: 'We make everything.', yearFounded: 1949,
}
const globex: CompanyRecord = { slug: 'globex', name: 'Globex Corporation', industries: ['energy'], collections: ['european'], companyType: 'startup', companySize: '51-200' }
const munchen: CompanyRecord = { slug: 'munchner', name: 'Münchner Software', industries: ['saas'], companySize: '11-50' }
const gone: CompanyRecord = { slug: 'gone', name: 'Gone Inc' }

function catalogue() {
  const app = createTestApp({ jobs: [
    fixtureJob({ company: acme, regions: ['north_america'], countries: ['us'], workMode: 'onsite', domains: ['devtools'] }),
    fixtureJob({ company: acme, regions: ['eu'], countries: ['de'], workMode: 'remote', domains: ['ai'], title: 'Acme Remote', postedAt: '2026-11-05T00:00:00.000Z' }),
    fixtureJob({ company: acme, regions: ['apac'], closedAt: '2026-11-02T00:00:00.000Z', title: 'Acme Closed' }),
    fixtureJob({ company: globex, regions: ['eu'], countries: ['fr'], workMode: 'remote' }),
    fixtureJob({ company: globex, regions: ['eu'], countries: ['fr'], workMode: 'hybrid' }),
    fixtureJob({ company: munchen, regions: ['eu'], countries: ['de'], workMode: 'onsite', domains: ['devtools'] }),
    fixtureJob({ company: gone, closedAt: '2026-11-02T00:00:00.000Z' }),
  ] })
  return app
}

const slugs = (body: { data: { slug: string }[] }) => body.data.map((company) => company.slug)

test('GET /companies lists companies with open roles by open-role count, then name', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/companies')
  assert.equal(status, 200)
  assert.deepEqual(slugs(body), ['acme', 'globex', 'munchner'])
  assert.deepEqual(body.meta, { total: 3, limit: 20, offset: 0 })
  assert.deepEqual(body.data[0], {
    slug: 'acme', name: 'Acme', job_count: 2, tagline: 'Rockets', industries: ['aerospace'], hq_country: 'us',
    collections: ['unicorn', 'yc'], feedback_count: 0, feedback_rating_avg: null,
  })
})

test('GET /companies: q matches inside the name, ignoring case and accents', async () => {
  const { get } = catalogue()
  assert.deepEqual(slugs((await get('/api/v1/companies?q=CORP')).body), ['globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?q=munchner')).body), ['munchner'])
  const none = await get('/api/v1/companies?q=gone')
  assert.deepEqual(none.body, { data: [], meta: { total: 0, limit: 20, offset: 0 } })
})

test('GET /companies filters OR within a parameter, AND across, and compose with q', async () => {
  const { get } = catalogue()
  assert.deepEqual(slugs((await get('/api/v1/companies?countries=DE')).body), ['acme', 'munchner'])
  assert.deepEqual(slugs((await get('/api/v1/companies?countries=fr,us')).body), ['acme', 'globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?countries=fr&countries=us')).body), ['acme', 'globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?countries=de&company_size=11-50')).body), ['munchner'])
  assert.deepEqual(slugs((await get('/api/v1/companies?remote_regions=eu')).body), ['acme', 'globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?regions=apac')).body), [], 'regions of closed postings do not count')
  assert.deepEqual(slugs((await get('/api/v1/companies?collections=european,yc&q=glo')).body), ['globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?industries=saas')).body), ['munchner'])
  assert.deepEqual(slugs((await get('/api/v1/companies?domains=devtools')).body), ['acme', 'munchner'])
  assert.deepEqual(slugs((await get('/api/v1/companies?company_type=startup')).body), ['globex'])
  assert.deepEqual(slugs((await get('/api/v1/companies?maturity=public&yc_batch=w09&yc_status=public')).body), ['acme'])
  const filtered = await get('/api/v1/companies?regions=eu&limit=1&offset=1')
  assert.deepEqual(slugs(filtered.body), ['globex'])
  assert.deepEqual(filtered.body.meta, { total: 3, limit: 1, offset: 1 })
})

test('GET /companies reports parameters outside the company vocabulary', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/companies?skills=go&industry=saas&company_types=startup&cities=Berlin')
  assert.equal(status, 200)
  assert.deepEqual(slugs(body), ['acme', 'globex', 'munchner'], 'ignored parameters do not filter')
  assert.deepEqual(body.meta.ignored_params, [
    { param: 'cities' },
    { param: 'company_types', did_you_mean: 'company_type' },
    { param: 'industry', did_you_mean: 'industries' },
    { param: 'skills' },
  ])
  const many = await get(`/api/v1/companies?${Array.from({ length: 12 }, (_, i) => `x${11 - i}=1`).join('&')}&a=1`)
  assert.deepEqual(many.body.meta.ignored_params.map((entry: { param: string }) => entry.param), ['a', 'x0', 'x1', 'x10', 'x11', 'x2', 'x3', 'x4', 'x5', 'x6'])
  const clean = await get('/api/v1/companies?industries=saas')
  assert.equal('ignored_params' in clean.body.meta, false)
})

test('GET /companies: paging values are forgiving, a bad sort is a 400 without echoing input', async () => {
  const { get } = catalogue()
  assert.equal((await get('/api/v1/companies?limit=1000')).body.meta.limit, 100)
  for (const [query, limit, offset] of [['limit=0', 1, 0], ['limit=-5', 1, 0], ['limit=abc', 20, 0], ['offset=-1', 20, 0], ['offset=x&limit=2', 2, 0]] as const) {
    const { status, body } = await get(`/api/v1/companies?${query}`)
    assert.equal(status, 200, query)
    assert.deepEqual([body.meta.limit, body.meta.offset], [limit, offset], query)
  }
  const { status, body } = await get('/api/v1/companies?sort=stars')
  assert.equal(status, 400)
  assert.doesNotMatch(body.error, /stars/)
})

test('GET /companies?sort=rating orders by mean feedback rating, unrated last', async () => {
  const { get, db } = catalogue()
  db.prepare("INSERT INTO users (id, email, created_at, updated_at) VALUES (1, 'a@x', 'now', 'now'), (2, 'b@x', 'now', 'now')").run()
  const rate = db.prepare("INSERT INTO company_feedback (company_id, user_id, rating, created_at, updated_at, hidden_at) VALUES ((SELECT id FROM companies WHERE slug = ?), ?, ?, 'now', 'now', ?)")
  rate.run('munchner', 1, 5, null)
  rate.run('munchner', 2, 4, null)
  rate.run('globex', 1, 3, null)
  rate.run('acme', 1, 5, 'now')
  const { status, body } = await get('/api/v1/companies?sort=rating')
  assert.equal(status, 200)
  assert.deepEqual(slugs(body), ['munchner', 'globex', 'acme'])
  assert.equal(body.data[0].feedback_count, 2)
  assert.equal(body.data[0].feedback_rating_avg, 4.5)
  assert.equal(body.data[2].feedback_count, 0, 'hidden feedback does not count')
  const page = await get('/api/v1/companies?sort=rating&limit=2&offset=1')
  assert.deepEqual(slugs(page.body), ['globex', 'acme'])
  assert.deepEqual(page.body.meta, { total: 3, limit: 2, offset: 1 })
  const filtered = await get('/api/v1/companies?sort=rating&countries=de')
  assert.deepEqual(slugs(filtered.body), ['munchner', 'acme'])
  assert.equal(filtered.body.meta.total, 2)
})

test('GET /companies/{slug} returns the company, its open jobs and referral_available', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/companies/acme')
  assert.equal(status, 200)
  assert.deepEqual(Object.keys(body.data).sort(), ['company', 'jobs', 'referral_available'])
  const { company, jobs } = body.data
  assert.equal(company.slug, 'acme')
  assert.equal(company.job_count, 2)
  assert.deepEqual(company.company_info, { homepage: 'https://acme.example.com', careers_url: null, description: 'We make everything.' })
  assert.deepEqual(company.regions, ['eu', 'north_america'])
  assert.deepEqual(company.countries, ['de', 'us'])
  assert.deepEqual(company.remote_regions, ['eu'])
  assert.deepEqual(company.domains, ['ai', 'devtools'])
  assert.deepEqual(company.company_types, ['product'])
  assert.deepEqual(company.company_sizes, ['1000+'])
  assert.equal(company.year_founded, 1949)
  assert.deepEqual(company.yc_batch, ['W09'])
  assert.equal(company.my_vote, null)
  assert.equal(company.upvote_count, 0)
  assert.deepEqual(jobs.map((job: { title: string }) => job.title), ['Acme Remote', 'Backend Engineer'])
  assert.ok('ghost' in jobs[0])
  assert.equal(body.data.referral_available, false)
  assert.deepEqual(body.meta, { total: 2, limit: 20, offset: 0 })
})

test('GET /companies/{slug} pages its jobs and reports approved referral offers', async () => {
  const { get, db } = catalogue()
  db.prepare("INSERT INTO users (id, email, created_at, updated_at) VALUES (1, 'a@x', 'now', 'now')").run()
  db.prepare("INSERT INTO referral_offers (id, company_id, user_id, status, linkedin_url, created_at) VALUES ('5f0c1d7e-0000-4000-8000-000000000001', (SELECT id FROM companies WHERE slug = 'globex'), 1, 'pending', 'https://linkedin.com/in/a', 'now')").run()
  assert.equal((await get('/api/v1/companies/globex')).body.data.referral_available, false)
  db.prepare("UPDATE referral_offers SET status = 'approved'").run()
  const { body } = await get('/api/v1/companies/globex?limit=1&offset=1')
  assert.equal(body.data.referral_available, true)
  assert.equal(body.data.jobs.length, 1)
  assert.deepEqual(body.meta, { total: 2, limit: 1, offset: 1 })
})

test('GET /companies/{slug}: a company without open roles still reads; an unknown one is 404', async () => {
  const { get } = catalogue()
  const closed = await get('/api/v1/companies/gone')
  assert.equal(closed.status, 200)
  assert.equal(closed.body.data.company.job_count, 0)
  assert.deepEqual(closed.body.data.jobs, [])
  const missing = await get('/api/v1/companies/nope')
  assert.equal(missing.status, 404)
  assert.deepEqual(missing.body, { error: 'company not found' })
})

test('company stats are built on first use when the refresh hook never ran', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ company: globex }), fixtureJob({ company: acme })] })
  const { status, body } = await get('/api/v1/companies')
  assert.equal(status, 200)
  assert.deepEqual(slugs(body), ['acme', 'globex'])
})

test('company search follows the catalogue after a refresh', async () => {
  const { get, db } = catalogue()
  assert.deepEqual(slugs((await get('/api/v1/companies')).body), ['acme', 'globex', 'munchner'])
  const ids = db.transaction(() => [1, 2, 3].map((i) => upsertJob(db, fixtureJob({ company: munchen, title: `New ${i}` })).id))()
  const closing = db.prepare("SELECT id FROM jobs WHERE company_id = (SELECT id FROM companies WHERE slug = 'acme')").pluck().all() as number[]
  db.transaction(() => closing.forEach((id) => closeJob(db, id)))()
  refreshDerivedData(db, [...ids, ...closing])
  const { body } = await get('/api/v1/companies')
  assert.deepEqual(slugs(body), ['munchner', 'globex'])
  assert.equal(body.data[0].job_count, 4)
})

// Issue 39, point 8: postings an import (or a restart finishing an interrupted one) marked for
// refresh are not in company search until their companies are counted: the answer says so.
test('company search says meta.preparing while postings written elsewhere wait for their companies to be counted', async (t) => {
  const { a, b } = twoProcesses(t)
  refreshDerivedData(a.db, a.db.transaction(() => [upsertJob(a.db, fixtureJob({ title: 'Old Engineer', company: { slug: 'oldco', name: 'Oldco' } })).id])())
  const settled = await b.call('/api/v1/companies?limit=50')
  assert.equal(settled.status, 200)
  assert.equal(settled.body.meta.preparing, undefined)
  // An import's batch transaction: postings of 20 new companies, marked for the refresh that follows it.
  const ids = a.db.transaction(() => {
    const written = Array.from({ length: 20 }, (_, i) => upsertJob(a.db, fixtureJob({ title: 'New Engineer', company: { slug: `newco-${i}`, name: `Newco ${i}` } })).id)
    markRefreshPending(a.db, written)
    return written
  })()
  const meanwhile = await b.call('/api/v1/companies?q=newco&limit=50')
  assert.equal(meanwhile.status, 200)
  assert.deepEqual(meanwhile.body.meta.preparing, ['company_stats'], `${meanwhile.body.meta.total} of 20 found, and the answer says it may be incomplete`)
  refreshDerivedData(a.db, ids)
  const after = await b.call('/api/v1/companies?q=newco&limit=50')
  assert.equal(after.body.meta.total, 20)
  assert.equal(after.body.meta.preparing, undefined)
})
