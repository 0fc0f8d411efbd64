import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

// 64 postings: "go" on every other one (dense: kept as a bitmap), "rust" on one (sparse: a posting list).
const jobs = Array.from({ length: 64 }, (_, i) =>
  fixtureJob({
    title: `Job ${i}`,
    skills: [...(i % 2 === 0 ? [{ slug: 'go', name: 'Go' }] : []), ...(i === 3 || i === 4 ? [{ slug: 'rust', name: 'Rust' }] : [])],
    regions: i === 5 ? ['apac'] : ['eu'],
  }),
)
const { get } = createTestApp({ jobs })
const total = async (query: string) => (await get(`/api/v1/jobs/search?${query}`)).body.meta.total

test('dense and sparse values combine alike: OR, AND, exclude and the geography group', async () => {
  assert.equal(await total('skills=go'), 32)
  assert.equal(await total('skills=rust'), 2)
  assert.equal(await total('skills=go,rust'), 33)
  assert.equal(await total('skills=go,rust&skills_mode=and'), 1)
  assert.equal(await total('skills_exclude=rust'), 62)
  assert.equal(await total('skills=go&skills_exclude=rust'), 31)
  assert.equal(await total('skills=rust&skills_exclude=go'), 1)
  assert.equal(await total('regions=apac'), 1)
  assert.equal(await total('regions=apac,eu'), 64)
  assert.equal(await total('regions_exclude=eu'), 1)
  const facets = (await get('/api/v1/jobs/facets?facets=skills&skills_exclude=go')).body.data.facets.skills
  assert.deepEqual(facets, { rust: 1 })
})
