import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { chatStandIn } from '../helpers/chat-stand-in.ts'

const post = (call: ReturnType<typeof createTestApp>['call'], text: unknown) =>
  call('/api/v1/search/interpret', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) })

test('a sentence becomes the filters it means, as a query job search runs', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob({ title: 'Senior Go Engineer', workMode: 'remote', seniority: 'senior', skills: [{ slug: 'go', name: 'Go' }] })] })
  const { status, body } = await post(call, 'remote senior python or go jobs in Berlin or Amsterdam over 90k EUR, no crypto, posted this week')
  assert.equal(status, 200)
  assert.deepEqual(body.data.filters, {
    salary_min: 90000, salary_currency: ['EUR'], posted_within_days: 7, domains_exclude: ['crypto'], work_mode: ['remote'], seniority: ['senior'], skills: ['python', 'go'], cities: ['Berlin', 'Amsterdam'],
  })
  assert.equal(body.data.q, null)
  assert.equal(body.data.source, 'rules')
  const search = await call(`/api/v1/jobs/search?${body.data.query}`)
  assert.equal(search.status, 200)
  assert.equal(search.body.meta.ignored_params, undefined, 'every parameter is one job search reads')

  const rest = await post(call, 'senior ruby engineer, no agencies, with a dog-friendly office')
  assert.deepEqual(rest.body.data.filters, { seniority: ['senior'], skills: ['ruby'], work_mode: ['onsite'] })
  assert.equal(rest.body.data.q, '-agencies dog-friendly')
  const go = await post(call, 'ready to go sales roles')
  assert.deepEqual(go.body.data.filters, { category: ['sales'] }, '"go" in a phrase is not the Go language')
  const found = await call(`/api/v1/jobs/search?${(await post(call, 'remote go developer')).body.data.query}`)
  assert.deepEqual(found.body.data.map((job: any) => job.title), ['Senior Go Engineer'])
})

test('an amount beyond what the grammar takes stays in q, so the query still runs', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob()] })
  const { status, body } = await post(call, 'remote over 999999999999999999999 eur')
  assert.equal(status, 200)
  assert.equal(body.data.filters.salary_min, undefined)
  assert.deepEqual(body.data.filters.work_mode, ['remote'])
  const search = await call(`/api/v1/jobs/search?${body.data.query}`)
  assert.equal(search.status, 200, JSON.stringify(search.body))
  const ojcp = await call('/api/v1/ojcp/v1/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'remote over 999999999999999999999 eur' }) })
  assert.equal(ojcp.status, 200, 'search_jobs does not refuse a query the caller did not write as a salary_min parameter')
})

test('a salary range gives both bounds, the smaller as the minimum; a bare number range stays words', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob()] })
  const read = async (text: string) => (await post(call, text)).body.data
  for (const [text, expected] of [
    ['python 90k-120k eur', { salary_min: 90000, salary_max: 120000, salary_currency: ['EUR'] }],
    ['go jobs €90,000 – €120,000', { salary_min: 90000, salary_max: 120000, salary_currency: ['EUR'] }],
    ['between 90 and 120k for rust', { salary_min: 90000, salary_max: 120000 }],
    ['between 90k and 10k', { salary_min: 10000, salary_max: 90000 }],
  ] as const) {
    const { filters } = await read(text)
    assert.deepEqual({ salary_min: filters.salary_min, salary_max: filters.salary_max, ...(filters.salary_currency ? { salary_currency: filters.salary_currency } : {}) }, expected, text)
  }
  assert.match((await read('between 90 and 120k for rust')).q ?? '', /rust/)
  const years = await read('2-3 years of python')
  assert.equal(years.filters.salary_min, undefined)
  assert.equal(years.filters.salary_max, undefined)
})

test('interpret refuses a missing, empty or overlong text with a 400', async () => {
  const { call } = createTestApp()
  for (const text of [undefined, '', '   ', 'x'.repeat(501), 42]) {
    const response = await post(call, text)
    assert.equal(response.status, 400, String(text).slice(0, 20))
    assert.match(response.body.error, /text/)
  }
})

test('with a model configured, its reading is used when the grammar accepts it, else the rules', async () => {
  const model = await chatStandIn([
    { text: 'Here you go: {"q": null, "filters": {"work_mode": ["remote"], "skills": ["haskell"], "salary_min": 120000}}' },
    { text: '{"q": null, "filters": {"vibes": ["good"]}}' },
    { text: 'I cannot help with that.' },
    { status: 500 },
  ])
  try {
    const { call } = createTestApp({ config: { modelBaseUrl: model.baseUrl, modelName: 'stand-in' } })
    const first = await post(call, 'remote haskell over 120k')
    assert.equal(first.body.data.source, 'model')
    assert.deepEqual(first.body.data.filters, { work_mode: ['remote'], skills: ['haskell'], salary_min: 120000 })
    assert.equal(first.body.data.query, 'salary_min=120000&skills=haskell&work_mode=remote')
    assert.match(model.requests[0]!.body.messages[1].content, /remote haskell/)
    for (let i = 0; i < 3; i++) {
      const fallback = await post(call, 'remote haskell jobs')
      assert.equal(fallback.status, 200)
      assert.equal(fallback.body.data.source, 'rules')
      assert.deepEqual(fallback.body.data.filters, { work_mode: ['remote'], skills: ['haskell'] })
    }
  } finally {
    await model.close()
  }
})
