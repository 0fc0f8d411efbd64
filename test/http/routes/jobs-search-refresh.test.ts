import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { closeJob, upsertJob } from '../../../src/catalogue/job-store.ts'

test('writes after start-up (new, changed, closed postings; company collections) show in search and facets', async () => {
  const first = fixtureJob({ title: 'Rust Engineer', skills: [{ slug: 'rust', name: 'Rust' }] })
  const { get, db } = createTestApp({ jobs: [first] })
  assert.equal((await get('/api/v1/jobs/search?q=rust')).body.meta.total, 1)

  const added = db.transaction(() => upsertJob(db, fixtureJob({ title: 'Rust Lead', skills: [{ slug: 'rust', name: 'Rust' }], company: { slug: 'umbrella', name: 'Umbrella' } })))()
  assert.equal((await get('/api/v1/jobs/search?q=rust')).body.meta.total, 2)
  assert.deepEqual((await get('/api/v1/jobs/facets?facets=skills')).body.data.facets.skills, { rust: 2 })

  db.transaction(() => upsertJob(db, { ...first, title: 'Zig Engineer', skills: [{ slug: 'zig', name: 'Zig' }] }))()
  assert.deepEqual((await get('/api/v1/jobs/facets?facets=skills')).body.data.facets.skills, { rust: 1, zig: 1 })
  assert.equal((await get('/api/v1/jobs/search?q=zig')).body.data[0].title, 'Zig Engineer')

  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Other', company: { slug: 'umbrella', name: 'Umbrella', collections: ['unicorn'] } })))()
  assert.equal((await get('/api/v1/jobs/search?collections=unicorn')).body.meta.total, 2, 'the collection reaches every posting of the company')
  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Another', company: { slug: 'umbrella', name: 'Umbrella', collections: ['unicorn'] } })))()
  assert.equal((await get('/api/v1/jobs/search?collections=unicorn')).body.meta.total, 3, 'collections rewritten unchanged')
  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Yet another', company: { slug: 'umbrella', name: 'Umbrella', collections: [] } })))()
  assert.equal((await get('/api/v1/jobs/search?collections=unicorn')).body.meta.total, 0, 'a collection removed leaves every posting of the company')

  db.transaction(() => closeJob(db, added.id))()
  const after = await get('/api/v1/jobs/search?q=rust')
  assert.equal(after.body.meta.total, 0)
  assert.equal((await get('/api/v1/jobs/search')).body.meta.total, 4)
})

test('a search before any posting exists is empty, not an error', async () => {
  const { get } = createTestApp()
  const { status, body } = await get('/api/v1/jobs/search?q=go&skills=go')
  assert.equal(status, 200)
  assert.deepEqual(body, { data: [], meta: { total: 0, limit: 20, offset: 0 } })
  const facets = await get('/api/v1/jobs/facets')
  assert.equal(facets.status, 200)
  assert.equal(facets.body.data.total, 0)
})

test('view counts move the view_count order without being a catalogue change', async () => {
  const { get, db } = createTestApp({ jobs: [fixtureJob({ title: 'First' }), fixtureJob({ title: 'Second' }), fixtureJob({ title: 'Third' })] })
  const order = async () => (await get('/api/v1/jobs/search?sort=view_count')).body.data.map((job: { title: string }) => job.title)
  assert.deepEqual(await order(), ['Third', 'Second', 'First'])
  const logged = () => db.prepare('SELECT count(*) FROM search_changes').pluck().get()
  const before = logged()
  db.prepare("UPDATE jobs SET view_count = view_count + 3 WHERE title = 'First'").run()
  db.prepare("UPDATE jobs SET view_count = view_count + 1 WHERE title = 'Second'").run()
  assert.deepEqual(await order(), ['First', 'Second', 'Third'])
  assert.equal(logged(), before, 'no catalogue change logged')
  const first = (await get('/api/v1/jobs/search?sort=view_count&limit=1')).body.data[0]
  assert.equal(first.view_count, 3)
})

test("a search page's lists (skills, places, collections) are the posting's own, in the order a single read serves them", async () => {
  const listed = {
    skills: [{ slug: 'typescript', name: 'TypeScript' }, { slug: 'c', name: 'C' }, { slug: 'go', name: 'Go' }],
    regions: ['eu', 'dach'],
    countries: ['DE', 'ch', 'at'],
    // Code-point order, as SQL sorts: "Zürich" before "Ålesund", a fullwidth letter before one outside the BMP (UTF-16 order has them the other way).
    cities: [{ name: 'Zürich', country: 'ch' }, { name: 'Ålesund', country: 'no' }, { name: '𝔄achen', country: 'de' }, { name: 'Ｔokyo', country: 'jp' }, { name: 'Berlin', country: 'de' }],
    domains: ['fintech', 'b2b'],
    company: { slug: 'initech', name: 'Initech', collections: ['yc', 'remote-first'] },
  }
  const { get, db } = createTestApp({ jobs: [fixtureJob({ title: 'Listed Engineer', ...listed, externalId: 'listed' }), fixtureJob({ title: 'Plain Engineer' })] })
  const same = async (why: string) => {
    const page = (await get('/api/v1/jobs/search?q=engineer')).body.data as Record<string, unknown>[]
    assert.equal(page.length, 2, why)
    for (const card of page) {
      const read = (await get(`/api/v1/jobs/${card.public_slug}`)).body.data as Record<string, any>
      for (const key of ['skills', 'regions', 'countries', 'cities', 'collections']) assert.deepEqual(card[key], read[key], `${key} (${why})`)
      assert.deepEqual((card.enrichment as any)?.domains, read.enrichment?.domains, `domains (${why})`)
    }
    return page.find((card) => card.title === 'Listed Engineer')!
  }
  const card = await same('as imported')
  assert.deepEqual(card.skills, ['c', 'go', 'typescript'])
  assert.deepEqual(card.cities, ['Berlin', 'Zürich', 'Ålesund', 'Ｔokyo', '𝔄achen'])
  assert.deepEqual(card.countries, ['at', 'ch', 'de'])
  db.transaction(() => upsertJob(db, fixtureJob({ title: 'Listed Engineer', ...listed, externalId: 'listed', skills: [{ slug: 'rust', name: 'Rust' }], cities: [] })))()
  const changed = await same('after a change')
  assert.deepEqual([changed.skills, changed.cities], [['rust'], []])
})

test('after writes, sort orders (repaired from the previous generation) match the catalogue order', async () => {
  const salaries = [90000, 50000, null, 70000, 50000, 120000, null, 60000]
  const { get, db } = createTestApp({
    jobs: salaries.map((salaryMin, i) => fixtureJob({ title: `Role ${i}`, salaryMin, salaryCurrency: salaryMin ? 'EUR' : null, postedAt: `2026-11-0${i + 1}T10:00:00.${100 + i}Z` })),
  })
  const expected = (column: string, direction: 'ASC' | 'DESC') =>
    db.prepare(`SELECT public_slug FROM jobs WHERE closed_at IS NULL ORDER BY ${column} IS NULL, ${column} ${direction}, id ${direction}`).pluck().all()
  const order = async (sort: string, order: string) => (await get(`/api/v1/jobs/search?sort=${sort}&order=${order}&limit=50`)).body.data.map((job: any) => job.public_slug)
  // Each order built once on this generation.
  assert.deepEqual(await order('salary_min', 'asc'), expected('salary_min', 'ASC'))
  assert.deepEqual(await order('posted_at', 'desc'), expected('posted_at', 'DESC'))

  const ids = db.prepare('SELECT id, external_id FROM jobs ORDER BY id').all() as { id: number; external_id: string }[]
  db.transaction(() => {
    upsertJob(db, fixtureJob({ title: 'Moved', externalId: ids[1]!.external_id, salaryMin: 95000, salaryCurrency: 'EUR', postedAt: '2026-10-01T00:00:00.000Z' }))
    upsertJob(db, fixtureJob({ title: 'New tie', salaryMin: 70000, salaryCurrency: 'EUR', postedAt: '2026-11-04T10:00:00.103Z' }))
    upsertJob(db, fixtureJob({ title: 'New unknown', salaryMin: null, postedAt: '2026-11-20T00:00:00.000Z' }))
    closeJob(db, ids[5]!.id)
  })()
  assert.deepEqual(await order('salary_min', 'asc'), expected('salary_min', 'ASC'))
  assert.deepEqual(await order('posted_at', 'desc'), expected('posted_at', 'DESC'))
  assert.deepEqual(await order('salary_min', 'desc'), expected('salary_min', 'DESC'))
})
