import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'

// 640 postings. "zephyr" is on 14 of them (under one in 32: its matches travel as a sorted list of
// documents, not a bitmap), "orbit" on every other one (a bitmap). The expectations are worked out
// here from the fixture itself, so the small-set code is checked against the definition: title
// matches first, then company, then description, each newest first; one card per role.
const day = (i: number) => `2026-10-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:00:00.000Z`
const zephyrTitle = new Set([10, 50, 300, 301, 620])
const zephyrCompany = new Set([70, 71, 400])
const zephyrText = new Set([5, 90, 200, 333, 501, 630])
const sameRole = new Set([300, 301]) // one role listed twice: one card

const jobs: JobRecord[] = Array.from({ length: 640 }, (_, i) =>
  fixtureJob({
    title: zephyrTitle.has(i) ? `Zephyr Platform Engineer ${i}` : `Engineer ${i}`,
    company: zephyrCompany.has(i) ? { slug: `zephyr-${i}`, name: `Zephyr Labs ${i}` } : sameRole.has(i) ? { slug: 'co-role', name: 'Role Co' } : { slug: `co-${i % 9}`, name: `Company ${i % 9}` },
    descriptionText: `${zephyrText.has(i) ? 'You will tune the zephyr pipeline. ' : ''}${i % 2 === 0 ? 'Plan each orbit. ' : ''}Build things.`,
    descriptionHtml: `<p>${zephyrText.has(i) ? 'You will tune the zephyr pipeline. ' : ''}${i % 2 === 0 ? 'Plan each orbit. ' : ''}Build things.</p>`,
    workMode: i % 3 === 0 ? 'remote' : 'onsite',
    postedAt: day(i),
    clusterKey: sameRole.has(i) ? 'co:zephyr-role' : `role-${i}`,
  }),
)
const { get } = createTestApp({ jobs })
const index = (job: { title: string; company_slug: string }) => {
  const title = /(\d+)$/.exec(job.title)
  const company = /^zephyr-(\d+)$/.exec(job.company_slug)
  return Number(company?.[1] ?? title![1])
}

/** The expected page order for q=zephyr: tier, then newest first (ties: added last first). */
function expected(keep: (i: number) => boolean): number[] {
  const tier = (i: number) => (zephyrTitle.has(i) ? 0 : zephyrCompany.has(i) ? 1 : 2)
  // 301 is the role's card when it matches; 300 is then one of its copies.
  const all = [...zephyrTitle, ...zephyrCompany, ...zephyrText].filter(keep).filter((i) => i !== 300 || !keep(301))
  return all.sort((a, b) => tier(a) - tier(b) || day(b).localeCompare(day(a)) || b - a)
}

test('a small match set pages, counts and orders by tier like a large one', async () => {
  const { body } = await get('/api/v1/jobs/search?q=zephyr&limit=50')
  assert.deepEqual(body.data.map(index), expected(() => true))
  assert.equal(body.meta.total, 13)
  const card = body.data.find((job: { title: string }) => job.title.endsWith(' 301'))
  assert.equal(card.copies_count, 1)
  // Page by page, the same order.
  const paged: number[] = []
  for (let offset = 0; offset < 13; offset += 4) paged.push(...(await get(`/api/v1/jobs/search?q=zephyr&limit=4&offset=${offset}`)).body.data.map(index))
  assert.deepEqual(paged, expected(() => true))
})

test('filters, exclusions, sorting and facets over a small match set', async () => {
  const remote = (await get('/api/v1/jobs/search?q=zephyr&work_mode=remote&limit=50')).body
  assert.deepEqual(remote.data.map(index), expected((i) => i % 3 === 0))
  const withoutOrbit = (await get('/api/v1/jobs/search?q=zephyr%20-orbit&limit=50')).body
  assert.deepEqual(withoutOrbit.data.map(index), expected((i) => i % 2 === 1))
  const both = (await get('/api/v1/jobs/search?q=zephyr%20orbit&limit=50')).body
  assert.deepEqual(both.data.map(index).sort((a: number, b: number) => a - b), expected((i) => i % 2 === 0).sort((a, b) => a - b))
  const byDate = (await get('/api/v1/jobs/search?q=zephyr&sort=posted_at&order=asc&limit=50')).body
  assert.deepEqual(byDate.data.map(index), expected(() => true).sort((a, b) => day(a).localeCompare(day(b)) || a - b))
  const facets = (await get('/api/v1/jobs/facets?q=zephyr&facets=work_mode')).body.data
  const cards = expected(() => true)
  assert.equal(facets.total, cards.length)
  // A card counts under each work mode its role's matching postings have: the totals of those searches.
  const onsite = (await get('/api/v1/jobs/search?q=zephyr&work_mode=onsite&limit=1')).body.meta.total
  assert.deepEqual(facets.facets.work_mode, { onsite, remote: remote.meta.total })
  const prefix = (await get('/api/v1/jobs/search?q=zeph&limit=50')).body
  assert.equal(prefix.meta.total, 13)
})

test('a word held in memory as a short list follows changed postings (masked from the list, answered from the overlay)', async () => {
  // 1,700 postings, "nimbus" in 34 of them: past the FTS5-only tail (32), under one in 32, so the
  // term index keeps its documents as a list.
  const many = Array.from({ length: 1700 }, (_, i) => fixtureJob({ title: `Role ${i}`, descriptionText: i % 50 === 0 ? 'Run the nimbus cluster.' : 'Ship features.', descriptionHtml: '<p>text</p>' }))
  const app = createTestApp({ jobs: many })
  const total = async (q: string) => (await app.get(`/api/v1/jobs/search?q=${q}&limit=1`)).body.meta.total
  assert.equal(await total('nimbus'), 34)
  assert.equal(await total('nimb'), 34, 'as a prefix too')
  // One posting loses the word, two others gain it.
  app.db.transaction(() => {
    upsertJob(app.db, { ...many[0]!, descriptionText: 'Ship features.' })
    upsertJob(app.db, { ...many[1]!, descriptionText: 'Tune the nimbus cluster.' })
    upsertJob(app.db, { ...many[2]!, descriptionText: 'Nimbus on call.' })
  })()
  assert.equal(await total('nimbus'), 35)
  assert.equal(await total('nimb'), 35)
  const titles = (await app.get('/api/v1/jobs/search?q=nimbus&limit=50')).body.data.map((job: { title: string }) => job.title)
  assert.ok(titles.includes('Role 1') && titles.includes('Role 2') && !titles.includes('Role 0'))
})
