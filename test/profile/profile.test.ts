import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

const profileBody = {
  headline: 'Backend engineer',
  skills: [{ name: 'TypeScript', level: 'expert' }, { name: 'Golang' }, { name: 'typescript', level: 'beginner' }],
  years_experience: 6,
  desired_roles: ['Backend Engineer'],
  locations: ['Berlin'],
  work_modes: ['remote'],
  salary_expectation: { amount: 80000, currency: 'EUR', period: 'year' },
  languages: [{ language: 'English', level: 'c1' }],
}

test('profile: put, get, replace and delete with a session or an API key', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)

  assert.equal((await call('/api/v1/me/profile')).status, 401)
  const none = await call('/api/v1/me/profile', { headers: sessionHeaders(alice.cookie) })
  assert.equal(none.status, 200)
  assert.deepEqual(none.body, { data: null }, 'no profile yet: data null, as the reference service answers')

  const put = await call('/api/v1/me/profile', { method: 'PUT', headers: bearerHeaders(key), body: JSON.stringify(profileBody) })
  assert.equal(put.status, 200)
  assert.deepEqual(put.body.data.skills, ['typescript', 'go'], "the reference's shape: canonical slugs as strings")
  for (const skill of put.body.data.skills) assert.equal(skill.toLowerCase(), skill, "what the reference's web app does with each")
  assert.deepEqual(put.body.data.skill_details, [
    { name: 'TypeScript', slug: 'typescript', level: 'expert' },
    { name: 'Golang', slug: 'go', level: null },
  ])
  assert.deepEqual(put.body.data.salary_expectation, profileBody.salary_expectation)
  assert.equal(put.body.data.headline, 'Backend engineer')

  const got = await call('/api/v1/me/profile', { headers: sessionHeaders(alice.cookie) })
  assert.equal(got.status, 200)
  assert.deepEqual(got.body.data, put.body.data)

  // PUT replaces: omitted fields are emptied, created_at survives.
  const replaced = await call('/api/v1/me/profile', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ headline: 'SRE' }) })
  assert.equal(replaced.status, 200)
  assert.deepEqual(replaced.body.data.skills, [])
  assert.equal(replaced.body.data.salary_expectation, null)
  assert.equal(replaced.body.data.created_at, put.body.data.created_at)

  const bob = await signUp(call)
  assert.deepEqual((await call('/api/v1/me/profile', { headers: sessionHeaders(bob.cookie) })).body, { data: null })

  const deleted = await call('/api/v1/me/profile', { method: 'DELETE', headers: bearerHeaders(key) })
  assert.equal(deleted.status, 204)
  assert.equal((await call('/api/v1/me/profile', { method: 'DELETE', headers: bearerHeaders(key) })).status, 404)
})

test('profile: invalid values are a 400 naming the field, without echoing the value', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ years_experience: -1 }, /years_experience/],
    [{ work_modes: ['office'] }, /work_modes/],
    [{ salary_expectation: { amount: 100, currency: 'eur', period: 'year' } }, /salary_expectation\.currency/],
    [{ salary_expectation: { amount: 0, currency: 'EUR', period: 'year' } }, /salary_expectation\.amount/],
    [{ skills: [{ name: 'Rust', level: 'guru' }] }, /skills\.0/],
    [{ specializations: ['astrology'] }, /specializations\.0/],
    [{ specializations: ['backend', 'frontend', 'qa', 'sre', 'devops', 'mobile'] }, /specializations/],
    [{ location_preferences: { work_modes: ['office'] } }, /location_preferences\.work_modes/],
    [{ location_preferences: { remote: { regions: ['atlantis'] } } }, /location_preferences\.remote\.regions/],
    [{ location_preferences: { relocation: { countries: ['ZZ'] } } }, /location_preferences\.relocation\.countries/],
    [{ location_preferences: { relocation: { cities: Array.from({ length: 51 }, (_, i) => `City ${i}`) } } }, /location_preferences\.relocation\.cities/],
  ]
  for (const [body, field] of cases) {
    const response = await call('/api/v1/me/profile', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify(body) })
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.match(response.body.error, field)
    assert.doesNotMatch(response.body.error, /office|guru/)
  }
})

test('profile: the reference service\'s fields: plain skill strings, excluded_skills, specializations, location_preferences', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const body = {
    skills: ['golang', { name: 'PostgreSQL', level: 'advanced' }, 'Kubernetes'],
    excluded_skills: ['PHP', 'php'],
    specializations: ['backend', 'devops'],
    location_preferences: {
      work_modes: ['remote', 'hybrid'],
      remote: { regions: ['eu'], countries: ['DE', 'nl'] },
      base: { country: 'PT', city: 'Lisbon' },
      relocation: { open: true, regions: [], countries: ['es'], cities: ['Barcelona'] },
    },
  }
  const put = await call('/api/v1/me/profile', { method: 'PUT', headers: bearerHeaders(key), body: JSON.stringify(body) })
  assert.equal(put.status, 200, JSON.stringify(put.body))
  assert.deepEqual(put.body.data.skills, ['go', 'postgresql', 'kubernetes'])
  assert.deepEqual(put.body.data.skill_details.map((skill: { level: string | null }) => skill.level), [null, 'advanced', null])
  assert.deepEqual(put.body.data.excluded_skills, ['php'])
  assert.deepEqual(put.body.data.specializations, ['backend', 'devops'])
  assert.deepEqual(put.body.data.location_preferences, {
    work_modes: ['remote', 'hybrid'],
    remote: { regions: ['eu'], countries: ['de', 'nl'] },
    base: { country: 'pt', city: 'Lisbon' },
    relocation: { open: true, regions: [], countries: ['es'], cities: ['Barcelona'] },
  })
  assert.deepEqual(put.body.data.derived_location, { countries: ['de', 'nl', 'pt', 'es'], regions: ['eu'], cities: ['Lisbon', 'Barcelona'] })
  assert.equal(put.body.data.cv, null)
  const got = await call('/api/v1/me/profile', { headers: bearerHeaders(key) })
  assert.deepEqual(got.body.data, put.body.data)
  const cleared = await call('/api/v1/me/profile', { method: 'PUT', headers: bearerHeaders(key), body: JSON.stringify({ skills: ['go'], location_preferences: null }) })
  assert.deepEqual([cleared.body.data.location_preferences, cleared.body.data.derived_location, cleared.body.data.specializations], [null, null, []])
})

test('match-text: deterministic skill coverage; 404 without a profile', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const body = JSON.stringify({ title: 'Senior Go Engineer', text: 'You will write Go services with PostgreSQL and TypeScript tooling on AWS.' })

  const missingProfile = await call('/api/v1/me/match-text', { method: 'POST', headers: bearerHeaders(key), body })
  assert.equal(missingProfile.status, 404)

  await call('/api/v1/me/profile', { method: 'PUT', headers: bearerHeaders(key), body: JSON.stringify(profileBody) })
  const first = await call('/api/v1/me/match-text', { method: 'POST', headers: bearerHeaders(key), body })
  assert.equal(first.status, 200)
  assert.deepEqual([...first.body.data.matched].sort(), ['go', 'typescript'])
  assert.deepEqual([...first.body.data.missing].sort(), ['aws', 'postgresql'])
  assert.equal(first.body.data.score, 50)
  const again = await call('/api/v1/me/match-text', { method: 'POST', headers: sessionHeaders(alice.cookie), body })
  assert.deepEqual(again.body.data, first.body.data)

  const empty = await call('/api/v1/me/match-text', { method: 'POST', headers: bearerHeaders(key), body: JSON.stringify({ title: 'x' }) })
  assert.equal(empty.status, 400)
  assert.match(empty.body.error, /text/)
  assert.equal((await call('/api/v1/me/match-text', { method: 'POST', body })).status, 401)
})

test('GET /jobs/{slug}/match: skills plus work mode, experience and salary checks', async () => {
  const job = fixtureJob({
    publicSlug: 'go-engineer-acme',
    skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }],
    workMode: 'onsite',
    experienceYearsMin: 5,
    salaryMax: 90000,
    salaryCurrency: 'EUR',
    salaryPeriod: 'year',
  })
  const { call } = createTestApp({ jobs: [job] })
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  assert.equal((await call('/api/v1/jobs/go-engineer-acme/match', { headers: bearerHeaders(key) })).status, 404)
  await call('/api/v1/me/profile', { method: 'PUT', headers: bearerHeaders(key), body: JSON.stringify(profileBody) })

  const match = await call('/api/v1/jobs/go-engineer-acme/match', { headers: bearerHeaders(key) })
  assert.equal(match.status, 200)
  assert.equal(match.body.data.score, 50)
  assert.deepEqual(match.body.data.matched, ['go'])
  assert.deepEqual(match.body.data.missing, ['kubernetes'])
  // The reference's fields, which its web app reads (it failed on a missing `adjacent`).
  const { total, exact_count, adjacent_count, adjacent, coverage_percent, blockers } = match.body.data
  assert.deepEqual({ total, exact_count, adjacent_count, adjacent, coverage_percent, blockers }, { total: 2, exact_count: 1, adjacent_count: 0, adjacent: [], coverage_percent: match.body.data.score, blockers: [] })
  assert.deepEqual(
    match.body.data.checks.map((c: { name: string; status: string }) => [c.name, c.status]),
    [['work_mode', 'mismatch'], ['experience', 'match'], ['salary', 'match']],
  )
  assert.equal((await call('/api/v1/jobs/nope/match', { headers: bearerHeaders(key) })).status, 404)
  assert.equal((await call('/api/v1/jobs/go-engineer-acme/match')).status, 401)
})
