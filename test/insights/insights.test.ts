import { test } from 'node:test'
import assert from 'node:assert/strict'
import { fixtureJob } from '../helpers/app.ts'
import { upsertJob, closeJob } from '../../src/catalogue/job-store.ts'
import { historyApp, TODAY } from './history-catalogue.ts'

// Insights over a catalogue whose history the test wrote (test/insights/history-catalogue.ts).

test('roles: open postings per category and seniority now, and growth against 30 days ago', async () => {
  const { get } = historyApp()
  const { status, body } = await get('/api/v1/insights/roles')
  assert.equal(status, 200)
  assert.deepEqual(body.data, [
    { category: 'backend', seniority: 'senior', open_count: 6, growth: 6 },
    { category: 'backend', seniority: 'middle', open_count: 5, growth: 0 },
    { category: 'frontend', seniority: 'junior', open_count: 1, growth: -2 },
  ])
  assert.deepEqual(body.meta, { country: null, category: null, sort: 'open', limit: 20 })
  const byGrowth = await get('/api/v1/insights/roles?sort=growth&country=US')
  assert.deepEqual(byGrowth.body.data, [{ category: 'frontend', seniority: 'junior', open_count: 1, growth: -2 }])
  assert.equal(byGrowth.body.meta.country, 'us')
  const backendDe = await get('/api/v1/insights/roles?country=de&category=backend&sort=growth&limit=1')
  assert.deepEqual(backendDe.body.data, [{ category: 'backend', seniority: 'senior', open_count: 6, growth: 6 }])
})

test('skills: overall, within a category, within a country; never both', async () => {
  const { get } = historyApp()
  const all = await get('/api/v1/insights/skills')
  assert.deepEqual(all.body.data, [
    { skill: 'postgresql', open_count: 11, growth: 6 },
    { skill: 'go', open_count: 6, growth: 6 },
    { skill: 'python', open_count: 5, growth: 0 },
    { skill: 'react', open_count: 1, growth: -2 },
  ])
  const frontend = await get('/api/v1/insights/skills?category=frontend')
  assert.deepEqual(frontend.body.data, [{ skill: 'react', open_count: 1, growth: -2 }])
  const germanyByGrowth = await get('/api/v1/insights/skills?country=de&sort=growth&limit=2')
  assert.deepEqual(germanyByGrowth.body.data.map((row: any) => row.skill), ['postgresql', 'go'])
  const both = await get('/api/v1/insights/skills?country=de&category=backend')
  assert.equal(both.status, 400)
  assert.match(both.body.error, /category or country, not both/)
})

test('velocity: added from first-seen dates and removed from closing dates, dense, by day, week and month', async () => {
  const { get } = historyApp()
  const days = await get('/api/v1/insights/velocity?from=2026-05-19&to=2026-05-26')
  assert.equal(days.status, 200)
  assert.deepEqual(days.body.data, [
    { period: '2026-05-19', added: 0, removed: 0 },
    { period: '2026-05-20', added: 6, removed: 0 },
    { period: '2026-05-21', added: 0, removed: 0 },
    { period: '2026-05-22', added: 0, removed: 0 },
    { period: '2026-05-23', added: 0, removed: 0 },
    { period: '2026-05-24', added: 0, removed: 0 },
    { period: '2026-05-25', added: 0, removed: 1 },
    { period: '2026-05-26', added: 0, removed: 0 },
  ])
  assert.deepEqual(days.body.meta, { granularity: 'day', from: '2026-05-19', to: '2026-05-26', facet_kind: 'all', facet_value: null })
  const months = await get('/api/v1/insights/velocity?granularity=month&from=2026-04-15&to=2026-06-30')
  assert.deepEqual(months.body.data, [
    { period: '2026-04', added: 0, removed: 0 },
    { period: '2026-05', added: 9, removed: 1 },
    { period: '2026-06', added: 6, removed: 2 },
  ])
  // 2026-06-08 is a Monday: the week of 06-08 holds the Acme postings, the week of 06-15 the Globex closings.
  const weeks = await get('/api/v1/insights/velocity?granularity=week&from=2026-06-08&to=2026-06-21&category=frontend')
  assert.deepEqual(weeks.body.data, [
    { period: '2026-06-08', added: 0, removed: 0 },
    { period: '2026-06-15', added: 0, removed: 2 },
  ])
  assert.deepEqual(weeks.body.meta, { granularity: 'week', from: '2026-06-08', to: '2026-06-21', facet_kind: 'category', facet_value: 'frontend' })
  const defaults = await get('/api/v1/insights/velocity?country=de')
  assert.equal(defaults.body.meta.from, '2026-04-01')
  assert.equal(defaults.body.meta.to, '2026-06-30')
  assert.equal(defaults.body.data.length, 91)
  assert.equal(defaults.body.data.reduce((sum: number, p: any) => sum + p.added, 0), 12)
})

test('velocity refuses unknown granularity, bad dates, reversed or too long ranges and two facets', async () => {
  const { get } = historyApp()
  const cases: [string, RegExp][] = [
    ['granularity=year', /granularity/],
    ['from=2026-02-30', /from.*YYYY-MM-DD/],
    ['to=yesterday', /to.*YYYY-MM-DD/],
    ['from=2026-06-02&to=2026-06-01', /from must not be after to/],
    ['from=2000-01-01&to=2026-01-01', /at most 4000 days/],
    ['category=backend&country=de', /at most one of category, seniority and country/],
    ['seniority=wizard', /seniority/],
  ]
  for (const [query, message] of cases) {
    const { status, body } = await get(`/api/v1/insights/velocity?${query}`)
    assert.equal(status, 400, query)
    assert.match(body.error, message, query)
  }
})

test('companies hiring fastest: growth over 30 days, min_open, and the three sorts', async () => {
  const { get } = historyApp()
  const growth = await get('/api/v1/insights/companies?min_open=1')
  assert.deepEqual(growth.body.data, [
    { company_slug: 'acme', company_name: 'Acme', open_now: 6, open_prev_30d: 0, growth_30d: 6 },
    { company_slug: 'initech', company_name: 'Initech', open_now: 5, open_prev_30d: 5, growth_30d: 0 },
    { company_slug: 'globex', company_name: 'Globex', open_now: 1, open_prev_30d: 3, growth_30d: -2 },
  ])
  assert.deepEqual(growth.body.meta, { sort: 'growth', min_open: 1, limit: 20 })
  const shrinking = await get('/api/v1/insights/companies?min_open=0&sort=-growth&limit=1')
  assert.deepEqual(shrinking.body.data.map((row: any) => row.company_slug), ['globex'])
  const defaults = await get('/api/v1/insights/companies?sort=open')
  assert.deepEqual(defaults.body.data.map((row: any) => row.company_slug), ['acme', 'initech'], 'min_open defaults to 5')
})

test('salary: percentiles per seniority, currency and period; small buckets left out; category-only breakdown', async () => {
  const { get } = historyApp()
  const all = await get('/api/v1/insights/salary')
  assert.equal(all.status, 200)
  assert.deepEqual(all.body.data, [
    // Initech's open postings state a minimum only: 50, 55, 60, 65, 70k.
    { seniority: 'middle', currency: 'EUR', period: 'year', sample_size: 5, p25: 55000, p50: 60000, p75: 65000 },
    // Acme's midpoints 60k..110k: p25 at rank 1.25, p50 at 2.5, p75 at 3.75.
    { seniority: 'senior', currency: 'EUR', period: 'year', sample_size: 6, p25: 72500, p50: 85000, p75: 97500 },
  ])
  assert.equal(all.body.meta.min_sample_size, 5)
  assert.equal(all.body.meta.breakdown, undefined)
  const backend = await get('/api/v1/insights/salary?category=backend')
  assert.deepEqual(backend.body.data.map((row: any) => [row.seniority, row.sample_size]), [['', 11], ['middle', 5], ['senior', 6]])
  assert.equal(backend.body.meta.breakdown, 'seniority')
  const senior = await get('/api/v1/insights/salary?seniority=senior&country=de')
  assert.deepEqual(senior.body.data.map((row: any) => row.p50), [85000])
  const frontend = await get('/api/v1/insights/salary?category=frontend')
  assert.deepEqual(frontend.body.data, [], 'one open USD posting is below the minimum sample')
  for (const query of ['category=cooking', 'seniority=guru', 'country=deu']) assert.equal((await get(`/api/v1/insights/salary?${query}`)).status, 400, query)
})

test('roles and skills refuse bad values with a 400 naming the parameter', async () => {
  const { get } = historyApp()
  for (const [query, name] of [['country=d1', 'country'], ['category=cooking', 'category'], ['sort=best', 'sort'], ['limit=0', 'limit'], ['limit=201', 'limit']]) {
    for (const path of ['roles', 'skills']) {
      const { status, body } = await get(`/api/v1/insights/${path}?${query}`)
      assert.equal(status, 400, `${path}?${query}`)
      assert.match(body.error, new RegExp(`"${name}"`))
    }
  }
  assert.equal((await get('/api/v1/insights/companies?sort=size')).status, 400)
  assert.equal((await get('/api/v1/insights/companies?min_open=-1')).status, 400)
})

test('an import is in the history at once; the growth window follows the clock', async () => {
  const { get, db, ctx } = historyApp()
  const acme = db.prepare("SELECT id FROM jobs WHERE title = 'Senior Backend Engineer 0'").pluck().get() as number
  db.transaction(() => {
    closeJob(db, acme, '2026-06-30T10:00:00.000Z')
    upsertJob(db, fixtureJob({ company: { slug: 'umbrella', name: 'Umbrella' }, category: 'backend', seniority: 'senior', countries: ['de'], createdAt: '2026-06-30T11:00:00.000Z' }))
  })()
  const today = await get('/api/v1/insights/velocity?from=2026-06-30&to=2026-06-30')
  assert.deepEqual(today.body.data, [{ period: '2026-06-30', added: 1, removed: 1 }])
  const roles = await get('/api/v1/insights/roles?limit=1')
  assert.deepEqual(roles.body.data, [{ category: 'backend', seniority: 'senior', open_count: 6, growth: 6 }])
  // Twenty days later the window day is 2026-06-20: Acme's postings were already open then.
  ctx.now = () => new Date('2026-07-20T12:00:00.000Z')
  const later = await get('/api/v1/insights/companies?min_open=1')
  assert.deepEqual(later.body.data.map((row: any) => [row.company_slug, row.open_prev_30d, row.growth_30d]), [
    ['umbrella', 0, 1], ['initech', 5, 0], ['globex', 1, 0], ['acme', 6, -1],
  ])
  // And back: moving the clock back restores the earlier window.
  ctx.now = () => TODAY
  const again = await get('/api/v1/insights/companies?min_open=1&limit=1')
  assert.deepEqual(again.body.data[0], { company_slug: 'acme', company_name: 'Acme', open_now: 5, open_prev_30d: 0, growth_30d: 5 })
})
