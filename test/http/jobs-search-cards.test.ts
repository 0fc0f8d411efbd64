import { test } from 'node:test'
import assert from 'node:assert/strict'
import { closeJob, upsertJob } from '../../src/catalogue/job-store.ts'
import { createSearchEngine } from '../../src/search/engine.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { catalogueFile } from '../helpers/temp.ts'

const acme = { slug: 'acme', name: 'Acme' }
const globex = { slug: 'globex', name: 'Globex' }
const go = [{ slug: 'go', name: 'Go' }]
const senior = 'acme:go-engineer:senior:'

/** One Acme role listed in three cities (plus a closed fourth), and roles of their own beside it. */
function catalogue(): JobRecord[] {
  const city = (name: string, country: string, day: number, extra: Partial<JobRecord> = {}) =>
    fixtureJob({
      company: acme, title: `Senior Go Engineer - ${name}`, seniority: 'senior', skills: go, clusterKey: senior, location: `${name}, ${country.toUpperCase()}`,
      cities: [{ name, country }], countries: [country], workMode: 'onsite', postedAt: `2026-11-0${day}T00:00:00.000Z`, ...extra,
    })
  return [
    city('Berlin', 'de', 1),
    city('Paris', 'fr', 3),
    city('Rome', 'it', 4, { closedAt: '2026-11-05T00:00:00.000Z' }),
    city('Madrid', 'es', 2),
    fixtureJob({ company: acme, title: 'Junior Go Engineer - Berlin', seniority: 'junior', skills: go, clusterKey: 'acme:go-engineer:junior:', location: 'Berlin, DE', cities: [{ name: 'Berlin', country: 'de' }], countries: ['de'], workMode: 'onsite' }),
    fixtureJob({ company: globex, title: 'Senior Go Engineer', seniority: 'senior', skills: go, clusterKey: 'globex:go-engineer:senior:', location: 'London, UK', cities: [{ name: 'London', country: 'gb' }], countries: ['gb'], workMode: 'hybrid' }),
    fixtureJob({ company: globex, title: 'Data Analyst', clusterKey: null }),
  ]
}

const titles = (body: any) => body.data.map((job: { title: string }) => job.title).sort()
const card = (body: any, company: string, level: string) => body.data.find((job: any) => job.company_slug === company && job.title.startsWith(level))

test('one card per role: the role listed in three cities is one result, the posting added last, with the rest as copies_count and locations_also', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const { body } = await get('/api/v1/jobs/search?q=go')
  assert.equal(body.meta.total, 3)
  assert.deepEqual(titles(body), ['Junior Go Engineer - Berlin', 'Senior Go Engineer', 'Senior Go Engineer - Madrid'])
  const role = card(body, 'acme', 'Senior')
  assert.equal(role.copies_count, 2, 'the closed Rome posting is not a copy')
  assert.deepEqual(role.locations_also, ['Paris, FR', 'Berlin, DE'], 'newest first')
  const alone = card(body, 'globex', 'Senior')
  assert.equal(alone.copies_count, 0)
  assert.deepEqual(alone.locations_also, [])
  // Without q, the plain list and agent search serve cards too.
  const all = await get('/api/v1/jobs?limit=100')
  assert.equal(all.body.meta.total, 4)
  assert.equal(all.body.data.length, 4)
  const agent = await get('/api/v1/agent/jobs/search?q=go')
  assert.equal(agent.body.meta.total, 3)
  assert.equal(card(agent.body, 'acme', 'Senior').copies_count, 2)
})

test('a filter picks the card among the role’s postings: cities=Berlin shows the Berlin listing, with Madrid and Paris as the other places', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const { body } = await get('/api/v1/jobs/search?cities=berlin&skills=go')
  assert.equal(body.meta.total, 2)
  const role = card(body, 'acme', 'Senior')
  assert.equal(role.title, 'Senior Go Engineer - Berlin')
  assert.deepEqual(role.locations_also, ['Paris, FR', 'Madrid, ES'], 'newest first')
  const paris = await get('/api/v1/jobs/search?countries=fr,es')
  assert.deepEqual(titles(paris.body), ['Senior Go Engineer - Madrid'], 'two listings of one role matching is still one card')
})

test('/jobs/{slug}/copies lists the rest of the card’s role, its meta.total equal to copies_count', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const role = card((await get('/api/v1/jobs/search?q=go')).body, 'acme', 'Senior')
  const copies = await get(`/api/v1/jobs/${role.public_slug}/copies`)
  assert.equal(copies.body.meta.total, role.copies_count)
  assert.deepEqual(titles(copies.body), ['Senior Go Engineer - Berlin', 'Senior Go Engineer - Paris'])
})

test('facets count cards: totals agree with search, and a value every posting of a role shares counts as the search with it does', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const facets = (await get('/api/v1/jobs/facets?skills=go')).body.data
  const search = async (query: string) => (await get(`/api/v1/jobs/search?${query}`)).body.meta.total
  assert.equal(facets.total, await search('skills=go'))
  assert.equal(facets.total, 3)
  assert.deepEqual(facets.facets.seniority, { senior: 2, junior: 1 })
  for (const [facet, counts] of Object.entries({ seniority: facets.facets.seniority, company_type: facets.facets.company_type ?? {} }) as [string, Record<string, number>][]) {
    for (const [value, count] of Object.entries(counts)) assert.equal(count, await search(`skills=go&${facet}=${value}`), `${facet}=${value}`)
  }
  // Places count by the posting each card shows: the role's card is its Madrid listing.
  assert.deepEqual(facets.facets.cities, { Berlin: 1, London: 1, Madrid: 1 })
  const sum = Object.values(facets.facets.work_mode as Record<string, number>).reduce((a, b) => a + b, 0)
  assert.equal(sum, facets.total, 'a one-value facet sums to the number of cards')
})

test('the cards follow catalogue changes: a closed card hands over to the next posting, a new listing becomes the card', async () => {
  const { db, get } = createTestApp({ jobs: catalogue() })
  const madrid = db.prepare("SELECT id FROM jobs WHERE title = 'Senior Go Engineer - Madrid'").pluck().get() as number
  closeJob(db, madrid)
  let role = card((await get('/api/v1/jobs/search?q=go')).body, 'acme', 'Senior')
  assert.equal(role.title, 'Senior Go Engineer - Paris')
  assert.equal(role.copies_count, 1)
  upsertJob(db, fixtureJob({ company: acme, title: 'Senior Go Engineer - Lisbon', seniority: 'senior', skills: go, clusterKey: senior, location: 'Lisbon, PT' }))
  const { body } = await get('/api/v1/jobs/search?q=go')
  assert.equal(body.meta.total, 3)
  role = card(body, 'acme', 'Senior')
  assert.equal(role.title, 'Senior Go Engineer - Lisbon')
  assert.deepEqual(role.locations_also, ['Paris, FR', 'Berlin, DE'])
})

test('the saved index snapshot carries the role clusters: a restart serves the same cards', async (t) => {
  const { path, db } = catalogueFile(t, 'cards', catalogue())
  const everything = { filters: { facets: {} }, limit: 100, offset: 0 }
  const first = createSearchEngine(db, { cacheEntries: 10, cacheBytes: 1 << 20 })
  const before = first.search(everything)
  assert.equal(before.total, 4)
  await first.close()
  // cluster_id is not logged as a search change: a full load would now see no clusters, so the same
  // cards prove they came from the snapshot.
  db.prepare('UPDATE jobs SET cluster_id = NULL').run()
  const second = createSearchEngine(db, { cacheEntries: 10, cacheBytes: 1 << 20 })
  assert.deepEqual(second.search(everything), before)
  await second.close()
  db.close()
})
