import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

const { get } = createTestApp({ jobs: searchCatalogue() })

/** Titles of every match (one page of 100), sorted, plus the reported total. */
async function search(query: string): Promise<{ titles: string[]; total: number }> {
  const { status, body } = await get(`/api/v1/jobs/search?limit=100&${query}`)
  assert.equal(status, 200, JSON.stringify(body))
  return { titles: body.data.map((job: { title: string }) => job.title).sort(), total: body.meta.total }
}

const titlesOf = async (query: string) => (await search(query)).titles

test('values of one facet are ORed, given repeated or comma-separated', async () => {
  const expected = ['Data Engineer', 'Frontend Developer', 'Senior Go Engineer']
  assert.deepEqual(await titlesOf('skills=go&skills=react'), expected)
  assert.deepEqual(await titlesOf('skills=go,react'), expected)
  assert.deepEqual(await titlesOf('skills=go, react,'), expected)
})

test('<facet>_mode=and requires every value', async () => {
  assert.deepEqual(await titlesOf('skills=go,python&skills_mode=and'), ['Data Engineer'])
  assert.deepEqual(await titlesOf('domains=fintech&domains=ai&domains_mode=and'), ['Data Engineer'])
  assert.deepEqual(await titlesOf('skills=go,python&skills_mode=or'), ['Data Engineer', 'Senior Go Engineer'])
})

test('<facet>_exclude removes matches, on declared and undeclared facets alike', async () => {
  assert.deepEqual(await titlesOf('skills=go&skills_exclude=python'), ['Senior Go Engineer'])
  assert.deepEqual(await titlesOf('seniority_exclude=senior,staff'), ['Frontend Developer', 'Support Specialist'])
  assert.deepEqual(await titlesOf('company_slug_exclude=stripe&company_slug_exclude=acme'), ['Platform Engineer (C++ / C#)', 'Support Specialist'])
  assert.deepEqual(await titlesOf('collections_exclude=unicorn'), ['Frontend Developer', 'Platform Engineer (C++ / C#)', 'Support Specialist'])
})

test('role_type_exclude keeps postings with no management marker', async () => {
  assert.deepEqual(await titlesOf('role_type=people_manager'), ['Platform Engineer (C++ / C#)'])
  assert.equal((await search('role_type_exclude=people_manager')).total, 4)
})

test('different facets AND together', async () => {
  assert.deepEqual(await titlesOf('skills=go&work_mode=remote&category=backend'), ['Senior Go Engineer'])
  assert.deepEqual(await titlesOf('skills=react&work_mode=remote'), [])
})

test('regions, countries and cities form one OR-group that widens', async () => {
  assert.deepEqual(await titlesOf('countries=de'), ['Senior Go Engineer'])
  assert.deepEqual(await titlesOf('countries=de&cities=Austin'), ['Platform Engineer (C++ / C#)', 'Senior Go Engineer'])
  assert.deepEqual(await titlesOf('regions=uk&countries=us'), ['Data Engineer', 'Frontend Developer', 'Platform Engineer (C++ / C#)'])
  // The OR-group still ANDs with other facets.
  assert.deepEqual(await titlesOf('regions=uk&countries=us&work_mode=hybrid'), ['Frontend Developer'])
})

test('country codes match in either case', async () => {
  assert.deepEqual(await titlesOf('countries=GB'), await titlesOf('countries=gb'))
  assert.deepEqual(await titlesOf('countries=GB'), ['Data Engineer', 'Frontend Developer'])
})

test('every vocabulary value matches in any case, as the canonical value does', async () => {
  assert.deepEqual(await titlesOf('cities=london'), await titlesOf('cities=London'))
  assert.deepEqual(await titlesOf('cities=london'), ['Frontend Developer'])
  assert.deepEqual(await titlesOf('work_mode=Remote'), await titlesOf('work_mode=remote'))
  assert.deepEqual(await titlesOf('salary_currency=eur'), await titlesOf('salary_currency=EUR'))
  assert.ok((await search('salary_currency=eur')).total > 0)
  assert.deepEqual(await titlesOf('work_mode_exclude=REMOTE'), await titlesOf('work_mode_exclude=remote'))
  assert.deepEqual(await titlesOf('skills=GO&skills_mode=and&skills=PostgreSQL'), await titlesOf('skills=go&skills_mode=and&skills=postgresql'))
})

test('regions=none selects postings without geography, ORs with regions and supports regions_exclude', async () => {
  assert.deepEqual(await titlesOf('regions=none'), ['Support Specialist'])
  assert.deepEqual(await titlesOf('regions=none,north_america'), ['Platform Engineer (C++ / C#)', 'Support Specialist'])
  assert.equal((await search('regions_exclude=none')).total, 4)
})

test('regions_exclude values AND together: each removes its postings', async () => {
  assert.deepEqual(await titlesOf('regions_exclude=eu&regions_exclude=uk'), ['Platform Engineer (C++ / C#)', 'Support Specialist'])
  assert.deepEqual(await titlesOf('regions=eu,uk&regions_exclude=uk'), ['Senior Go Engineer'])
})

test('unknown values match nothing and are not errors', async () => {
  assert.deepEqual(await search('skills=cobol'), { titles: [], total: 0 })
  assert.deepEqual(await titlesOf('skills=cobol,react'), ['Frontend Developer'])
  assert.deepEqual(await titlesOf('skills=go,cobol&skills_mode=and'), [])
  assert.equal((await search('skills_exclude=cobol')).total, 5)
})

test('salary bounds compare the posting\'s own figures and need a stated salary', async () => {
  assert.deepEqual(await titlesOf('salary_min=80000'), ['Platform Engineer (C++ / C#)', 'Senior Go Engineer'])
  assert.deepEqual(await titlesOf('salary_max=120000'), ['Frontend Developer', 'Senior Go Engineer'])
  assert.deepEqual(await titlesOf('salary_min=60000&salary_currency=EUR'), ['Senior Go Engineer'])
})

test('experience bounds: max=0 means no experience required; either bound drops postings that state none', async () => {
  assert.deepEqual(await titlesOf('experience_years_max=0'), ['Frontend Developer'])
  assert.deepEqual(await titlesOf('experience_years_max=5'), ['Frontend Developer', 'Senior Go Engineer', 'Support Specialist'])
  assert.deepEqual(await titlesOf('experience_years_min=5'), ['Platform Engineer (C++ / C#)', 'Senior Go Engineer'])
  assert.deepEqual(await titlesOf('experience_years_min=0'), ['Frontend Developer', 'Platform Engineer (C++ / C#)', 'Senior Go Engineer', 'Support Specialist'])
})

test('visa_sponsorship=false is a stated no; postings that say nothing match neither value', async () => {
  assert.deepEqual(await titlesOf('visa_sponsorship=true'), ['Senior Go Engineer'])
  assert.deepEqual(await titlesOf('visa_sponsorship=false'), ['Frontend Developer'])
})

test('requires_clearance=false keeps every posting not marked as requiring one', async () => {
  assert.deepEqual(await titlesOf('requires_clearance=true'), ['Platform Engineer (C++ / C#)'])
  assert.equal((await search('requires_clearance=false')).total, 4)
})

test('posted_within_days and open_within_days filter by date', async () => {
  const now = Date.now()
  const daysSince = (iso: string) => Math.ceil((now - Date.parse(iso)) / 86400000)
  // Postings are fixed in November 2026; the window is computed from the real clock.
  const window = daysSince('2026-11-16T00:00:00.000Z')
  assert.deepEqual(await titlesOf(`posted_within_days=${window}`), ['Frontend Developer', 'Senior Go Engineer'])
  assert.equal((await search('open_within_days=1')).total, 5)
  assert.equal((await search('posted_within_days=36500')).total, 5)
})

test('malformed numeric and boolean values are a 400 that does not echo the input', async () => {
  for (const query of ['salary_min=abc', 'salary_min=-5', 'experience_years_max=1.5', 'visa_sponsorship=maybe', 'posted_within_days=0', 'skills_mode=xor']) {
    const { status, body } = await get(`/api/v1/jobs/search?${query}`)
    assert.equal(status, 400, query)
    assert.equal(typeof body.error, 'string')
    assert.ok(!body.error.includes(query.split('=')[1]!), body.error)
  }
})

test('closed postings never appear', async () => {
  const all = await search('')
  assert.equal(all.total, 5)
  assert.ok(!all.titles.includes('Go Developer (closed)'))
  assert.ok(!(await titlesOf('q=everywhere')).length)
})
