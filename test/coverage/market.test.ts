import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

const skill = (slug: string) => ({ slug, name: slug })
const posting = (workMode: 'remote' | 'onsite', ...skills: string[]) => fixtureJob({ workMode, skills: skills.map(skill) })

function market() {
  return createTestApp({
    jobs: [
      posting('remote', 'go', 'postgresql'),
      posting('remote', 'go', 'kubernetes'),
      posting('remote', 'go', 'kubernetes'),
      posting('remote', 'python', 'aws', 'terraform'),
      posting('onsite', 'java'),
      fixtureJob({ workMode: 'remote', skills: [skill('go')], closedAt: '2026-11-10T00:00:00.000Z' }),
    ],
    config: { coveragePostingPercent: 100, coverageMustHavePercent: 40 },
  })
}

test('POST /market/coverage scopes the market by the query and reports every field', async () => {
  const { call } = market()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const response = await call('/api/v1/market/coverage?work_mode=remote&skills=java&colour=blue', {
    method: 'POST',
    headers: bearerHeaders(key),
    body: JSON.stringify({ skills: ['Golang', 'PostgreSQL', 'Haskell'] }),
  })
  assert.equal(response.status, 200)
  const data = response.body.data
  // Four open remote postings; the skills facet does not narrow the market.
  assert.equal(data.total, 4)
  assert.equal(data.covered, 1)
  assert.equal(data.coverage_percent, 25)
  assert.deepEqual(data.gaps, [{ name: 'kubernetes', new_vacancies: 2, unlock_percent: 50 }])
  assert.deepEqual(
    data.skills.map((s: any) => [s.name, s.market_frequency, s.must_have, s.status]),
    [
      ['go', 3, true, 'covered'],
      ['postgresql', 1, false, 'partial'],
      ['haskell', 0, false, 'partial'],
      ['kubernetes', 2, true, 'missing'],
    ],
  )
  for (const s of data.skills) assert.equal(typeof s.advice, 'string')
  assert.equal(data.must_have_total, 2)
  assert.equal(data.must_have_covered, 1)
  assert.equal(data.stack_match_percent, 50)
  assert.deepEqual(data.bundles, [])
  assert.deepEqual(response.body.meta, { ignored_params: [{ param: 'colour' }, { param: 'skills' }] })

  const whole = await call('/api/v1/market/coverage', { method: 'POST', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ skills: ['go'] }) })
  assert.equal(whole.status, 200)
  assert.equal(whole.body.data.total, 5)
  assert.equal(whole.body.meta, undefined)
})

test('POST /market/coverage: auth, skills 1..100, malformed filters, 503 when search fails', async () => {
  const { call, ctx } = market()
  const alice = await signUp(call)
  const post = (body: unknown, query = '') =>
    call(`/api/v1/market/coverage${query}`, { method: 'POST', headers: sessionHeaders(alice.cookie), body: JSON.stringify(body) })
  assert.equal((await call('/api/v1/market/coverage', { method: 'POST', body: JSON.stringify({ skills: ['go'] }) })).status, 401)
  for (const body of [{}, { skills: [] }, { skills: Array.from({ length: 101 }, (_, i) => `s${i}`) }, { skills: ['go', 7] }]) {
    const response = await post(body)
    assert.equal(response.status, 400, JSON.stringify(body).slice(0, 40))
    assert.match(response.body.error, /skills/)
  }
  assert.equal((await post({ skills: Array.from({ length: 100 }, (_, i) => `s${i}`) })).status, 200)
  const bad = await post({ skills: ['go'] }, '?salary_min=lots')
  assert.equal(bad.status, 400)
  assert.match(bad.body.error, /salary_min/)
  assert.doesNotMatch(bad.body.error, /lots/)

  ctx.search.skillMarket = () => {
    throw new Error('index gone')
  }
  const down = await post({ skills: ['go'] })
  assert.equal(down.status, 503)
  assert.equal(typeof down.body.error, 'string')
})

test('POST /market/coverage reports filter values outside their vocabulary, as job search does', async () => {
  const { call } = market()
  const alice = await signUp(call)
  const response = await call('/api/v1/market/coverage?countries=Germany&seniority=sr', {
    method: 'POST',
    headers: sessionHeaders(alice.cookie),
    body: JSON.stringify({ skills: ['go'] }),
  })
  assert.equal(response.status, 200)
  assert.equal(response.body.data.total, 0, 'an unknown value matches nothing')
  const search = await call('/api/v1/jobs/search?countries=Germany&seniority=sr')
  assert.deepEqual(response.body.meta, { unknown_values: search.body.meta.unknown_values })
  assert.deepEqual(
    response.body.meta.unknown_values.map((u: any) => [u.param, u.value, u.did_you_mean]),
    [['countries', 'germany', 'de'], ['seniority', 'sr', 'senior']],
  )
})
