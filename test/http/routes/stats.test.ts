import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

const skills = (...slugs: string[]) => slugs.map((slug) => ({ slug, name: slug }))

function catalogue() {
  return createTestApp({ jobs: [
    fixtureJob({ category: 'backend', skills: skills('go', 'sql'), source: 'greenhouse', postedAt: '2026-11-03T00:00:00.000Z' }),
    fixtureJob({ category: 'backend', skills: skills('go'), company: { slug: 'globex', name: 'Globex' } }),
    fixtureJob({ category: 'frontend', skills: skills('react'), workMode: 'remote' }),
    fixtureJob({ category: 'qa', skills: skills('selenium'), closedAt: '2026-11-05T00:00:00.000Z', postedAt: '2026-11-09T00:00:00.000Z' }),
    fixtureJob({ company: { slug: 'gone', name: 'Gone' }, closedAt: '2026-11-05T00:00:00.000Z' }),
  ] })
}

test('GET /stats/catalog reports catalogue totals', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/stats/catalog')
  assert.equal(status, 200)
  assert.deepEqual(body.data, {
    jobs_open: 3,
    jobs_closed: 2,
    companies: 3,
    companies_hiring: 2,
    skills: 3,
    sources: { fixture: 2, greenhouse: 1 },
    latest_posted_at: '2026-11-03T00:00:00.000Z',
    built_at: null,
  })
})

test('GET /stats/facets gives the distributions of open postings, most frequent first', async () => {
  const { get } = catalogue()
  const { status, body } = await get('/api/v1/stats/facets')
  assert.equal(status, 200)
  assert.equal(body.data.total, 3)
  assert.deepEqual(body.data.facets.category, { backend: 2, frontend: 1 })
  assert.deepEqual(Object.entries(body.data.facets.skills), [['go', 2], ['react', 1], ['sql', 1]])
  assert.deepEqual(body.data.facets.work_mode, { remote: 1 })
  assert.equal('company_slug' in body.data.facets, false)
  assert.deepEqual(body.data.stats, {}, 'no open posting states a salary or experience: no ranges, never { min: null, max: null }')
  assert.deepEqual(body.data.facets.is_tech, { tech: 3 })
})

test('GET /stats/facets?top= cuts each facet; a bad top is 400', async () => {
  const { get } = catalogue()
  const { body } = await get('/api/v1/stats/facets?top=1')
  assert.deepEqual(body.data.facets.skills, { go: 2 })
  assert.equal((await get('/api/v1/stats/facets?top=0')).status, 400)
  assert.equal((await get('/api/v1/stats/facets?top=x')).status, 400)
})
