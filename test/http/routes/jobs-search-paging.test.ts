import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

const day = (n: number) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString()
// 25 extra postings on distinct days, so order by date is unambiguous.
const extra = Array.from({ length: 25 }, (_, i) =>
  fixtureJob({ title: `Filler ${String(i).padStart(2, '0')}`, postedAt: day(i), createdAt: day(30 - i), descriptionText: 'Bold & more', descriptionHtml: '<p><strong>Bold</strong> &amp; more</p>' }),
)
const { get } = createTestApp({ jobs: [...searchCatalogue(), ...extra] })
const titles = (body: any) => body.data.map((job: { title: string }) => job.title)

test('limit defaults to 20, values above 100 are clamped, meta reports what was applied', async () => {
  const first = await get('/api/v1/jobs/search')
  assert.equal(first.status, 200)
  assert.equal(first.body.data.length, 20)
  assert.deepEqual(first.body.meta, { total: 30, limit: 20, offset: 0 })
  const clamped = await get('/api/v1/jobs/search?limit=1000')
  assert.equal(clamped.body.meta.limit, 100)
  assert.equal(clamped.body.data.length, 30)
})

test('offset + limit over 10000 is a 400 "pagination too deep"', async () => {
  for (const query of ['offset=9991&limit=10', 'offset=9990']) {
    const { status, body } = await get(`/api/v1/jobs/search?${query}`)
    assert.equal(status, 400, query)
    assert.deepEqual(body, { error: 'pagination too deep' })
  }
  const { status, body } = await get('/api/v1/jobs/search?offset=9990&limit=10')
  assert.equal(status, 200)
  assert.deepEqual(body.data, [])
  assert.equal(body.meta.total, 30)
})

test('paging values are forgiving: limit below 1 is 1, a non-number the default; a negative or non-numeric offset is 0', async () => {
  const cases = [['limit=0', 1, 0], ['limit=-3', 1, 0], ['limit=abc', 20, 0], ['limit=2.5', 20, 0], ['offset=-1&limit=2', 2, 0], ['offset=two&limit=2', 2, 0]] as const
  for (const [query, limit, offset] of cases) {
    for (const path of ['/api/v1/jobs/search', '/api/v1/agent/jobs/search', '/api/v1/jobs']) {
      const { status, body } = await get(`${path}?${query}`)
      assert.equal(status, 200, `${path}?${query}`)
      assert.deepEqual([body.meta.limit, body.meta.offset, body.data.length], [limit, offset, limit], `${path}?${query}`)
    }
  }
})

test('pages are consecutive slices of one order', async () => {
  const all = titles((await get('/api/v1/jobs/search?limit=30')).body)
  const pages = [...titles((await get('/api/v1/jobs/search?limit=7')).body), ...titles((await get('/api/v1/jobs/search?limit=7&offset=7')).body)]
  assert.deepEqual(pages, all.slice(0, 14))
})

test('without sort or q: posted_at descending', async () => {
  const { body } = await get('/api/v1/jobs/search?limit=3')
  assert.deepEqual(titles(body), ['Senior Go Engineer', 'Frontend Developer', 'Data Engineer'])
})

test('sort by created_at, posted_at, salary with order; unknown salary last either way', async () => {
  assert.deepEqual(titles((await get('/api/v1/jobs/search?sort=posted_at&order=asc&limit=2')).body), ['Filler 00', 'Filler 01'])
  assert.deepEqual(titles((await get('/api/v1/jobs/search?sort=created_at&order=asc&limit=2')).body), ['Filler 24', 'Filler 23'])
  assert.deepEqual(titles((await get('/api/v1/jobs/search?sort=salary_min&limit=3')).body), ['Platform Engineer (C++ / C#)', 'Senior Go Engineer', 'Frontend Developer'])
  const ascending = titles((await get('/api/v1/jobs/search?sort=salary_min&order=asc&limit=30')).body)
  assert.deepEqual(ascending.slice(0, 3), ['Frontend Developer', 'Senior Go Engineer', 'Platform Engineer (C++ / C#)'])
  assert.equal(ascending.length, 30, 'postings without a salary still come, last')
  assert.deepEqual(titles((await get('/api/v1/jobs/search?sort=salary_max&order=asc&limit=3')).body), ['Frontend Developer', 'Senior Go Engineer', 'Platform Engineer (C++ / C#)'])
  const desc = await get('/api/v1/jobs/search?sort=view_count&order=desc&limit=30')
  assert.equal(desc.status, 200)
  assert.equal(desc.body.data.length, 30)
})

test('invalid sort or order is a 400 naming the accepted values', async () => {
  const sort = await get('/api/v1/jobs/search?sort=relevance')
  assert.equal(sort.status, 400)
  for (const key of ['created_at', 'posted_at', 'view_count', 'salary_min', 'salary_max']) assert.ok(sort.body.error.includes(key), sort.body.error)
  const order = await get('/api/v1/jobs/search?order=up')
  assert.equal(order.status, 400)
  assert.ok(order.body.error.includes('asc') && order.body.error.includes('desc'), order.body.error)
})

test('meta.ignored_params: absent when empty, sorted by name, did_you_mean for singular/plural slips, at most 10', async () => {
  const clean = await get('/api/v1/jobs/search?skills=go&regions_mode=and&countries_mode=or&cities_mode=whatever')
  assert.equal('ignored_params' in clean.body.meta, false, 'geography _mode is accepted silently')
  const slips = await get('/api/v1/jobs/search?skill=go&country=de&categories=backend&skill_exclude=go&foo=1')
  assert.equal(slips.status, 200)
  assert.deepEqual(slips.body.meta.ignored_params, [
    { param: 'categories', did_you_mean: 'category' },
    { param: 'country', did_you_mean: 'countries' },
    { param: 'foo' },
    { param: 'skill', did_you_mean: 'skills' },
    { param: 'skill_exclude', did_you_mean: 'skills_exclude' },
  ])
  assert.equal(slips.body.meta.total, 30, 'ignored parameters filter nothing')
  const names = ['zz', 'yy', ...Array.from({ length: 12 }, (_, i) => `x${String(i).padStart(2, '0')}`), 'aa']
  const many = await get(`/api/v1/jobs/search?${names.map((name) => `${name}=1`).join('&')}`)
  assert.deepEqual(many.body.meta.ignored_params.map((entry: { param: string }) => entry.param), ['aa', 'x00', 'x01', 'x02', 'x03', 'x04', 'x05', 'x06', 'x07', 'x08'])
  const geo = await get('/api/v1/jobs/search?regions=eu&regions_mode=and&countries=us')
  assert.equal(geo.body.meta.total, (await get('/api/v1/jobs/search?regions=eu&countries=us')).body.meta.total, 'geography _mode has no effect')
})

test('plain search serves a preview with ghost; agent search the full text in the chosen format, no ghost', async () => {
  const plain = (await get('/api/v1/jobs/search?q=filler&limit=1')).body.data[0]
  assert.equal(plain.description, 'Bold &amp; more')
  assert.ok('ghost' in plain)
  const html = await get('/api/v1/agent/jobs/search?q=filler&limit=1')
  assert.equal(html.status, 200)
  assert.equal(html.body.data[0].description, '<p><strong>Bold</strong> &amp; more</p>')
  assert.equal('ghost' in html.body.data[0], false)
  assert.equal((await get('/api/v1/agent/jobs/search?q=filler&limit=1&description_format=text')).body.data[0].description, 'Bold & more')
  assert.equal((await get('/api/v1/agent/jobs/search?q=filler&limit=1&description_format=markdown')).body.data[0].description, '**Bold** & more')
  assert.equal((await get('/api/v1/agent/jobs/search?q=filler&limit=1&description_format=pdf')).body.data[0].description, '<p><strong>Bold</strong> &amp; more</p>')
  const meta = (await get('/api/v1/agent/jobs/search?q=filler&limit=2&skil=go')).body.meta
  assert.deepEqual(meta, { total: 25, limit: 2, offset: 0, ignored_params: [{ param: 'skil' }] })
})

test('GET /jobs lists open postings newest first with the same paging rules', async () => {
  const { status, body } = await get('/api/v1/jobs?limit=2&offset=1')
  assert.equal(status, 200)
  assert.deepEqual(titles(body), ['Frontend Developer', 'Data Engineer'])
  assert.deepEqual(body.meta, { total: 30, limit: 2, offset: 1 })
  assert.equal((await get('/api/v1/jobs?offset=9999&limit=2')).status, 400)
  assert.equal((await get('/api/v1/jobs?limit=500')).body.meta.limit, 100)
})
