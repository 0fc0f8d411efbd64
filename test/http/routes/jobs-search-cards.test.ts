import { test } from 'node:test'
import assert from 'node:assert/strict'
import { closeJob, upsertJob } from '../../../src/catalogue/job-store.ts'
import { createSearchEngine } from '../../../src/search/engine.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import type { JobRecord } from '../../../src/catalogue/job-record.ts'
import { catalogueFile } from '../../helpers/temp.ts'

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
    city('Berlin', 'de', 1, { visaSponsorship: false }),
    city('Paris', 'fr', 3, { visaSponsorship: true, requiresClearance: true }),
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

/** Every facet value's count against meta.total of the search with that value added (to `base`; disjunctive: to `base` without the facet's own selection). */
async function assertCountsAreTotals(get: (path: string) => Promise<any>, base: string, disjunctive = false) {
  const answer = (await get(`/api/v1/jobs/facets?${base}${disjunctive ? '&disjunctive=true' : ''}`)).body.data
  const search = async (query: string) => (await get(`/api/v1/jobs/search?${query}`)).body.meta.total
  assert.equal(answer.total, await search(base))
  let checked = 0
  for (const [facet, counts] of Object.entries(answer.facets) as [string, Record<string, number>][]) {
    const params = new URLSearchParams(base)
    const geography = ['regions', 'countries', 'cities']
    if (disjunctive) for (const name of geography.includes(facet) ? geography : [facet]) params.delete(name)
    for (const [value, count] of Object.entries(counts)) {
      const query = `${params}${params.size ? '&' : ''}${facet}=${encodeURIComponent(value)}`
      assert.equal(count, await search(query), `${disjunctive ? 'disjunctive ' : ''}${facet}=${value} over ${base}`)
      checked++
    }
  }
  assert.ok(checked > 10, `${checked} values checked`)
  return answer
}

test('facets count cards: each value counts every role with a matching posting carrying it, the total of the search with that value added', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const facets = await assertCountsAreTotals(get, 'skills=go')
  assert.equal(facets.total, 3)
  assert.deepEqual(facets.facets.seniority, { senior: 2, junior: 1 })
  // The Acme role is listed in Madrid (its card), Paris and Berlin: it counts under each place once,
  // as cities=Paris finds it; Berlin also has the junior role.
  assert.deepEqual(facets.facets.cities, { Berlin: 2, London: 1, Madrid: 1, Paris: 1 })
  assert.deepEqual(facets.facets.countries, { de: 2, es: 1, fr: 1, gb: 1 })
  // visa_sponsorship is in every answer, as { true, false }: the role states both in its postings.
  assert.deepEqual(facets.facets.visa_sponsorship, { true: 1, false: 1 })
  await assertCountsAreTotals(get, 'q=go')
  await assertCountsAreTotals(get, '')
  // A boolean facet is a valid `facets` name, counted the same way.
  const clearance = (await get('/api/v1/jobs/facets?skills=go&facets=requires_clearance,seniority')).body
  assert.deepEqual(Object.keys(clearance.data.facets).sort(), ['requires_clearance', 'seniority', 'visa_sponsorship'])
  assert.deepEqual(clearance.data.facets.requires_clearance, { true: 1, false: 3 })
  for (const value of ['true', 'false']) assert.equal(clearance.data.facets.requires_clearance[value], (await get(`/api/v1/jobs/search?skills=go&requires_clearance=${value}`)).body.meta.total)
})

test('disjunctive counts: the total without the facet\'s own selection plus the value', async () => {
  const { get } = createTestApp({ jobs: catalogue() })
  const facets = await assertCountsAreTotals(get, 'skills=go&cities=Berlin&seniority=senior', true)
  assert.deepEqual(facets.facets.cities, { Berlin: 1, London: 1, Madrid: 1, Paris: 1 })
  await assertCountsAreTotals(get, 'work_mode=onsite&countries=de', true)
})

test('the cards follow catalogue changes: a closed card hands over to the next posting, a new listing becomes the card, and the facets count the role\'s places then', async () => {
  const { db, get } = createTestApp({ jobs: catalogue() })
  const cities = async (query: string) => (await get(`/api/v1/jobs/facets?${query}`)).body.data.facets.cities
  assert.deepEqual(await cities('skills=go'), { Berlin: 2, London: 1, Madrid: 1, Paris: 1 })
  const madrid = db.prepare("SELECT id FROM jobs WHERE title = 'Senior Go Engineer - Madrid'").pluck().get() as number
  closeJob(db, madrid)
  let role = card((await get('/api/v1/jobs/search?q=go')).body, 'acme', 'Senior')
  assert.equal(role.title, 'Senior Go Engineer - Paris')
  assert.equal(role.copies_count, 1)
  // Matching all of the role's postings (Paris its card now) and some of them (Berlin alone: no copy).
  assert.deepEqual(await cities('skills=go'), { Berlin: 2, London: 1, Paris: 1 })
  assert.deepEqual(await cities('skills=go&countries=de'), { Berlin: 2 })
  upsertJob(db, fixtureJob({ company: acme, title: 'Senior Go Engineer - Lisbon', seniority: 'senior', skills: go, clusterKey: senior, location: 'Lisbon, PT', cities: [{ name: 'Lisbon', country: 'pt' }], countries: ['pt'] }))
  const { body } = await get('/api/v1/jobs/search?q=go')
  assert.equal(body.meta.total, 3)
  role = card(body, 'acme', 'Senior')
  assert.equal(role.title, 'Senior Go Engineer - Lisbon')
  assert.deepEqual(role.locations_also, ['Paris, FR', 'Berlin, DE'])
  assert.deepEqual(await cities('skills=go'), { Berlin: 2, Lisbon: 1, London: 1, Paris: 1 })
  assert.deepEqual(await cities('skills=go&countries=pt,fr'), { Lisbon: 1, Paris: 1 })
  await assertCountsAreTotals(get, 'skills=go')
  await assertCountsAreTotals(get, 'skills=go&countries=pt,fr', true)
})

test('the saved index snapshot carries the role clusters and what their copies add: a restart serves the same cards and counts', async (t) => {
  const { db } = catalogueFile(t, 'cards', catalogue())
  const everything = { filters: { facets: {} }, limit: 100, offset: 0 }
  const first = createSearchEngine(db, { cacheEntries: 10, cacheBytes: 1 << 20 })
  const before = first.search(everything)
  assert.equal(before.total, 4)
  // Cards count under every city of their role's postings: what the saved role variance adds.
  const queries = [
    { filters: { facets: {} }, flags: ['visa_sponsorship'] as const },
    { filters: { facets: { seniority: { values: ['senior'], mode: 'or' as const, exclude: [] } } }, flags: ['visa_sponsorship'] as const },
  ]
  const facetsBefore = queries.map((query) => first.facets(query))
  await first.close()
  // cluster_id is not logged as a search change: a full load would now see no clusters, so the same
  // cards prove they came from the snapshot.
  db.prepare('UPDATE jobs SET cluster_id = NULL').run()
  const second = createSearchEngine(db, { cacheEntries: 10, cacheBytes: 1 << 20 })
  assert.deepEqual(second.search(everything), before)
  assert.deepEqual(queries.map((query) => second.facets(query)), facetsBefore)
  await second.close()
  db.close()
})
