import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

const { get } = createTestApp({ jobs: searchCatalogue() })
const GEO = ['regions', 'countries', 'cities']

async function facets(query: string) {
  const { status, body } = await get(`/api/v1/jobs/facets?${query}`)
  assert.equal(status, 200, JSON.stringify(body))
  return body
}

async function total(query: string): Promise<number> {
  const { status, body } = await get(`/api/v1/jobs/search?${query}`)
  assert.equal(status, 200, JSON.stringify(body))
  return body.meta.total
}

test('counts per value for every string facet but company_slug, plus stats; no meta', async () => {
  const body = await facets('')
  assert.equal(body.data.total, 5)
  assert.equal('meta' in body, false)
  assert.equal('company_slug' in body.data.facets, false)
  assert.equal(Object.keys(body.data.facets).length, 25, '24 string facets and visa_sponsorship')
  const stated = (value: boolean) => get(`/api/v1/jobs/search?visa_sponsorship=${value}`).then((answer) => answer.body.meta.total)
  assert.deepEqual(body.data.facets.visa_sponsorship, { true: await stated(true), false: await stated(false) })
  assert.deepEqual(body.data.facets.skills, { go: 2, cpp: 1, csharp: 1, kubernetes: 1, postgresql: 1, python: 1, react: 1, typescript: 1 })
  assert.deepEqual(body.data.facets.regions, { eu: 2, uk: 2, north_america: 1, none: 1 })
  assert.deepEqual(body.data.facets.countries, { gb: 2, de: 1, ie: 1, us: 1 })
  assert.deepEqual(body.data.facets.collections, { 'unicorn': 2, 'us-h1b-sponsor': 2, bigtech: 1 })
  assert.deepEqual(body.data.facets.work_mode, { remote: 2, hybrid: 1, onsite: 1 })
  assert.deepEqual(body.data.stats, {
    salary_min: { min: 50000, max: 150000 },
    salary_max: { min: 70000, max: 200000 },
    experience_years_min: { min: 0, max: 8 },
  })
})

test('counts follow q and filters; closed postings are never counted', async () => {
  const body = await facets('q=go&work_mode=remote')
  assert.equal(body.data.total, 2)
  assert.deepEqual(body.data.facets.skills, { go: 2, postgresql: 1, python: 1 })
  assert.deepEqual(body.data.stats.salary_min, { min: 80000, max: 80000 })
  const empty = await facets('skills=cobol')
  assert.equal(empty.data.total, 0)
  assert.deepEqual(empty.data.facets.skills, {})
  assert.deepEqual(empty.data.stats, {}, 'a range with no values is omitted')
})

test('facets= narrows the response; an unknown name or company_slug is a 400', async () => {
  const body = await facets('facets=skills,work_mode')
  assert.deepEqual(Object.keys(body.data.facets), ['skills', 'work_mode', 'visa_sponsorship'], 'visa_sponsorship is in every answer')
  for (const query of ['facets=skills,nope', 'facets=company_slug', 'facets=']) {
    const { status, body: error } = await get(`/api/v1/jobs/facets?${query}`)
    assert.equal(status, 400, query)
    assert.equal(typeof error.error, 'string')
  }
})

test('facets combined with disjunctive is a 400; disjunctive=false is the default spelled out', async () => {
  for (const query of ['facets=skills&disjunctive=true', 'facets=skills&disjunctive=1']) {
    const { status, body } = await get(`/api/v1/jobs/facets?${query}`)
    assert.equal(status, 400, query)
    assert.equal(typeof body.error, 'string')
  }
  const plain = await get('/api/v1/jobs/facets?facets=skills&disjunctive=false')
  assert.equal(plain.status, 200)
  assert.deepEqual(Object.keys(plain.body.data.facets), ['skills', 'visa_sponsorship'])
})

test('meta appears only to report ignored parameters', async () => {
  const body = await facets('skill=go&limit=5')
  assert.deepEqual(body.meta, { ignored_params: [{ param: 'limit' }, { param: 'skill', did_you_mean: 'skills' }] })
})

test('disjunctive: each facet counted without its own selection; geography drops the whole OR-group', async () => {
  const body = await facets('skills=react&countries=us&disjunctive=true')
  // skills ignores skills=react (still filtered by the geography group: US only).
  assert.deepEqual(body.data.facets.skills, { cpp: 1, csharp: 1, kubernetes: 1 })
  // every geography facet ignores countries=us (filtered by skills=react only).
  assert.deepEqual(body.data.facets.countries, { gb: 1 })
  assert.deepEqual(body.data.facets.regions, { uk: 1 })
  // an unselected facet sees the full filter, which matches nothing.
  assert.deepEqual(body.data.facets.work_mode, {})
  assert.equal(body.data.total, 0)
  const plain = await facets('skills=react&countries=us')
  assert.deepEqual(plain.data.facets.skills, {})
})

/** Every count must equal meta.total of the same search with that value added. */
async function assertCountsMatchSearch(base: string) {
  const body = await facets(base)
  assert.equal(body.data.total, await total(base))
  for (const [facet, counts] of Object.entries(body.data.facets as Record<string, Record<string, number>>)) {
    if (new URLSearchParams(base).has(facet)) continue
    for (const [value, count] of Object.entries(counts)) {
      const narrowed = `${base}&${facet}=${encodeURIComponent(value)}`
      // A geography value ANDs with the other filters only when no other geography facet is selected.
      if (GEO.includes(facet) && GEO.some((name) => new URLSearchParams(base).has(name))) continue
      assert.equal(await total(narrowed), count, `${facet}=${value} under ${base}`)
    }
  }
}

test('facet counts equal the total of the search with that value added', async () => {
  for (const base of ['', 'q=engineer', 'work_mode=remote', 'skills=go,react', 'regions=eu,uk&seniority_exclude=middle', 'salary_min=1&visa_sponsorship=true', 'collections=unicorn&skills_mode=and&skills=go']) {
    await assertCountsMatchSearch(base)
  }
})

test('disjunctive counts equal the total of the search with the facet\'s selection replaced by that value', async () => {
  const base = 'skills=go&work_mode=remote&regions=uk'
  const body = await facets(`${base}&disjunctive=true`)
  for (const [value, count] of Object.entries(body.data.facets.skills as Record<string, number>)) {
    assert.equal(await total(`work_mode=remote&regions=uk&skills=${value}`), count, `skills=${value}`)
  }
  for (const [value, count] of Object.entries(body.data.facets.work_mode as Record<string, number>)) {
    assert.equal(await total(`skills=go&regions=uk&work_mode=${value}`), count, `work_mode=${value}`)
  }
  for (const facet of GEO) {
    for (const [value, count] of Object.entries(body.data.facets[facet] as Record<string, number>)) {
      assert.equal(await total(`skills=go&work_mode=remote&${facet}=${encodeURIComponent(value)}`), count, `${facet}=${value}`)
    }
  }
})

test('OR, AND and exclude identities hold on the fixture catalogue', async () => {
  const values = ['go', 'react', 'python', 'kubernetes']
  for (const a of values) {
    for (const b of values) {
      const or = await total(`skills=${a},${b}`)
      const and = await total(`skills=${a},${b}&skills_mode=and`)
      // |A or B| = |A| + |B| - |A and B|
      assert.equal(or, (await total(`skills=${a}`)) + (await total(`skills=${b}`)) - and, `${a} ${b}`)
      // |A| = |A and B| + |A without B|
      assert.equal(await total(`skills=${a}`), and + (await total(`skills=${a}&skills_exclude=${b}`)), `${a} ${b}`)
    }
  }
  // Geography: the group is the union of its parts.
  const union = await total('regions=north_america&countries=gb&cities=Berlin')
  const parts = await total('regions=north_america') + await total('countries=gb') + await total('cities=Berlin')
  assert.equal(union, parts, 'disjoint parts')
})
