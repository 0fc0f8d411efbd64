/**
 * Final answers (a search page, a facet response) are kept apart from the sets behind them: an
 * answer asked again comes back whole, never older than the catalogue, and SEARCH_ANSWER_ENTRIES
 * bounds how many are kept.
 */
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { parseExposition } from '../helpers/metrics.ts'
import { closeJob, upsertJob } from '../../src/catalogue/job-store.ts'

const rust = (title: string, company = 'acme') => fixtureJob({ title, skills: [{ slug: 'rust', name: 'Rust' }], company: { slug: company, name: company } })

async function answerCounts(get: (path: string) => Promise<{ body: unknown }>, kind: string) {
  const samples = parseExposition((await get('/metrics')).body as string)
  return { hits: samples.get(`openroles_search_cache_hits_total{kind="${kind}"}`) ?? 0, misses: samples.get(`openroles_search_cache_misses_total{kind="${kind}"}`) ?? 0 }
}

test('a page and a facet response asked again are the same answer, and a catalogue change renews both', async () => {
  const { get, db } = createTestApp({ jobs: [rust('Rust Engineer')] })
  const search = '/api/v1/jobs/search?q=rust&skills=rust'
  const facets = '/api/v1/jobs/facets?q=rust&skills=rust&disjunctive=true'
  const firstPage = (await get(search)).body
  const firstFacets = (await get(facets)).body
  assert.deepEqual((await get(search)).body, firstPage)
  assert.deepEqual((await get(facets)).body, firstFacets)
  assert.equal((await answerCounts(get, 'page')).hits, 1)
  assert.equal((await answerCounts(get, 'facets')).hits, 1)

  const added = db.transaction(() => upsertJob(db, rust('Rust Lead', 'umbrella')))()
  const page = (await get(search)).body
  assert.equal(page.meta.total, 2)
  assert.ok(page.data.some((job: { title: string }) => job.title === 'Rust Lead'))
  const counted = (await get(facets)).body.data
  assert.equal(counted.total, 2)
  assert.equal(counted.facets.skills.rust, 2)

  db.transaction(() => closeJob(db, added.id))()
  assert.equal((await get(search)).body.meta.total, 1)
  assert.equal((await get(facets)).body.data.total, 1)
})

test('each page, size and order of a query is its own answer', async () => {
  const { get } = createTestApp({ jobs: [rust('Rust A'), rust('Rust B', 'b'), rust('Rust C', 'c')] })
  const titles = async (path: string) => (await get(path)).body.data.map((job: { title: string }) => job.title)
  const all = await titles('/api/v1/jobs/search?skills=rust&sort=posted_at&order=asc')
  assert.equal(all.length, 3)
  assert.deepEqual(await titles('/api/v1/jobs/search?skills=rust&sort=posted_at&order=asc&limit=1&offset=1'), all.slice(1, 2))
  assert.deepEqual(await titles('/api/v1/jobs/search?skills=rust&sort=posted_at&order=desc'), [...all].reverse())
  assert.deepEqual(await titles('/api/v1/jobs/search?skills=rust&sort=posted_at&order=asc&limit=2'), all.slice(0, 2))
  assert.deepEqual(await titles('/api/v1/jobs/search?skills=rust&sort=posted_at&order=asc'), all)
})

test('SEARCH_ANSWER_ENTRIES bounds the answers kept: the least recent one is asked for again', async () => {
  const { get } = createTestApp({ jobs: [rust('Rust Engineer')], config: { searchAnswerEntries: 2 } })
  for (const q of ['rust', 'engineer', 'rust engineer']) await get(`/api/v1/jobs/search?q=${encodeURIComponent(q)}`)
  const before = await answerCounts(get, 'page')
  await get('/api/v1/jobs/search?q=rust%20engineer')
  await get('/api/v1/jobs/search?q=rust')
  const after = await answerCounts(get, 'page')
  assert.equal(after.hits - before.hits, 1, 'the newest answer is kept')
  assert.equal(after.misses - before.misses, 1, 'the oldest of three was pushed out by two newer ones')
})
