import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { TECH_CATEGORIES } from '../../../src/catalogue/tech-category.ts'

// is_tech (tech / non_tech) is derived from category: a filter, _exclude, _mode, a facet and a Job field.
const { get } = createTestApp({
  jobs: [
    fixtureJob({ title: 'Go Engineer', category: 'backend' }),
    fixtureJob({ title: 'Engineering Manager', category: 'management' }),
    fixtureJob({ title: 'Product Designer', category: 'design' }),
    fixtureJob({ title: 'Account Executive', category: 'sales' }),
    fixtureJob({ title: 'Mystery Role' }),
  ],
})

const titles = async (query: string) => {
  const { status, body } = await get(`/api/v1/jobs/search?${query}`)
  assert.equal(status, 200, JSON.stringify(body))
  assert.equal('ignored_params' in body.meta, false, `${query} is read, not ignored`)
  return body.data.map((job: { title: string }) => job.title).sort()
}

test('is_tech filters by the category class, with _exclude and _mode like any string facet', async () => {
  assert.deepEqual(await titles('is_tech=tech'), ['Engineering Manager', 'Go Engineer'])
  assert.deepEqual(await titles('is_tech=non_tech'), ['Account Executive', 'Product Designer'])
  assert.deepEqual(await titles('is_tech=tech,non_tech'), ['Account Executive', 'Engineering Manager', 'Go Engineer', 'Product Designer'])
  assert.deepEqual(await titles('is_tech_exclude=tech'), ['Account Executive', 'Mystery Role', 'Product Designer'])
  assert.deepEqual(await titles('is_tech=tech&is_tech=non_tech&is_tech_mode=and'), [])
  assert.deepEqual(await titles('is_tech=maybe'), [], 'an unknown value matches nothing')
})

test('is_tech is a facet and a facets= name; counts follow the filters', async () => {
  const all = await get('/api/v1/jobs/facets')
  assert.deepEqual(all.body.data.facets.is_tech, { non_tech: 2, tech: 2 })
  const narrowed = await get('/api/v1/jobs/facets?facets=is_tech,category&q=engineer')
  assert.equal(narrowed.status, 200)
  assert.deepEqual(narrowed.body.data.facets, { is_tech: { tech: 2 }, category: { backend: 1, management: 1 }, visa_sponsorship: { true: 0, false: 0 } })
  const disjunctive = await get('/api/v1/jobs/facets?is_tech=tech&disjunctive=true')
  assert.deepEqual(disjunctive.body.data.facets.is_tech, { non_tech: 2, tech: 2 })
})

test('the Job carries is_tech, absent when the category is unknown', async () => {
  const { body } = await get('/api/v1/jobs/search?limit=10')
  const byTitle = Object.fromEntries(body.data.map((job: Record<string, unknown>) => [job.title, job]))
  assert.equal(byTitle['Go Engineer'].is_tech, 'tech')
  assert.equal(byTitle['Account Executive'].is_tech, 'non_tech')
  assert.equal('is_tech' in byTitle['Mystery Role'], false)
})

test('the tech categories are the engineering, data, security, hardware and engineering-facing ones', () => {
  for (const category of ['backend', 'frontend', 'devops', 'data_science', 'ml_ai', 'security', 'embedded', 'management', 'solutions_engineering']) {
    assert.ok(TECH_CATEGORIES.includes(category), category)
  }
  for (const category of ['design', 'product', 'marketing', 'sales', 'hr', 'technical_writing', 'other']) assert.ok(!TECH_CATEGORIES.includes(category), category)
})
