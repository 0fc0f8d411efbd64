import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

const { get } = createTestApp({
  jobs: [
    ...searchCatalogue(),
    fixtureJob({ title: 'Engineering Manager', company: { slug: 'umbrella', name: 'Umbrella' }, descriptionText: 'Lead a team. Crème brûlée on Fridays.', postedAt: '2026-11-01T00:00:00.000Z' }),
  ],
})

async function q(text: string, extra = ''): Promise<{ status: number; titles: string[]; total: number; body: any }> {
  const { status, body } = await get(`/api/v1/jobs/search?limit=100&q=${encodeURIComponent(text)}${extra}`)
  return { status, body, titles: status === 200 ? body.data.map((job: { title: string }) => job.title) : [], total: body.meta?.total }
}

test('q searches title, company and description; every word must match', async () => {
  assert.deepEqual((await q('stripe')).titles.sort(), ['Data Engineer', 'Senior Go Engineer'])
  assert.deepEqual((await q('kubernetes')).titles, ['Platform Engineer (C++ / C#)'])
  assert.deepEqual((await q('python go')).titles, ['Data Engineer'])
  assert.deepEqual((await q('python react')).titles, [])
})

test('the last word matches as a prefix, earlier words whole', async () => {
  assert.deepEqual((await q('kube')).titles, ['Platform Engineer (C++ / C#)'])
  assert.deepEqual((await q('engineer')).total, 4)
  assert.deepEqual((await q('pipe python')).titles, [])
})

test('relevance: a match in the title ranks above one in the company, above one in the description; ties newest first', async () => {
  const { titles } = await q('go')
  // Title matches (newest first), then description-only matches.
  assert.deepEqual(titles, ['Senior Go Engineer', 'Frontend Developer', 'Data Engineer'])
  const engineers = await q('engineer')
  assert.deepEqual(engineers.titles, ['Senior Go Engineer', 'Data Engineer', 'Platform Engineer (C++ / C#)', 'Engineering Manager'])
  const stripe = await q('stripe engineer')
  assert.deepEqual(stripe.titles, ['Senior Go Engineer', 'Data Engineer'])
})

test('c++ and c# stay searchable words', async () => {
  assert.deepEqual((await q('c++')).titles, ['Platform Engineer (C++ / C#)'])
  assert.deepEqual((await q('C#')).titles, ['Platform Engineer (C++ / C#)'])
})

test('accents are folded', async () => {
  assert.deepEqual((await q('creme brulee')).titles, ['Engineering Manager'])
  assert.deepEqual((await q('crème')).titles, ['Engineering Manager'])
})

test('FTS syntax in q is searched literally and never fails', async () => {
  const hostile = [
    '"', '""', 'go"', '*', 'go*', 'NEAR(go python)', 'NEAR(', '-go', 'go -python', 'title:go', 'a:b', '^go', '(go', 'go)', 'AND OR NOT', 'go AND', 'OR', 'NOT go', '{title}: go', '\'', '\\', '%', '+', '#', '...', '\u0000',
    '-"', '-""', '"-go"', '--go', '- -', '"go" -"', '"a" "b', '-"NEAR(go"', '"title:go"*', '"c++"^', '-c#', '.net*', '..', '.', '"\u0000"', '-(', '"go" - "python"', 'go -go', '"*"',
  ]
  for (const text of hostile) {
    const result = await q(text)
    assert.equal(result.status, 200, `${JSON.stringify(text)}: ${JSON.stringify(result.body)}`)
    assert.ok(Array.isArray(result.body.data))
  }
  // Operator words are ordinary words: no posting contains "or" or "not", so nothing matches.
  assert.equal((await q('python OR react')).total, 0)
  assert.equal((await q('go NOT python')).total, 0)
  // A leading '-' excludes (the one operator besides quotes); alone, it excludes from everything.
  assert.equal((await q('-python')).total, 5)
  assert.equal((await q('-')).total, 6)
  // Punctuation around words is dropped, the words still match.
  assert.deepEqual((await q('(python) "go"')).titles, ['Data Engineer'])
  assert.deepEqual((await q('title:kubernetes')).titles, [])
  assert.deepEqual((await q('NEAR(kubernetes')).titles, [])
  assert.deepEqual((await q('"kubernetes" OR')).titles, [])
})

test('q with only punctuation is no text clause', async () => {
  const all = await q('')
  const punctuation = await q('"*()^-:')
  assert.equal(punctuation.total, all.total)
  assert.equal(all.total, 6)
})

test('q combines with filters and with an explicit sort', async () => {
  assert.deepEqual((await q('go', '&work_mode=remote')).titles, ['Senior Go Engineer', 'Data Engineer'])
  assert.deepEqual((await q('go', '&sort=posted_at&order=asc')).titles, ['Data Engineer', 'Frontend Developer', 'Senior Go Engineer'])
})

test('q longer than the configured cap is a 400', async () => {
  const { status, body } = await get(`/api/v1/jobs/search?q=${'a'.repeat(501)}`)
  assert.equal(status, 400)
  assert.equal(typeof body.error, 'string')
})
