import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'
import { searchCatalogue } from '../../search/fixture-catalogue.ts'

const { get } = createTestApp({ jobs: searchCatalogue() })

async function search(q: string) {
  const { status, body } = await get(`/api/v1/jobs/search?q=${encodeURIComponent(q)}`)
  assert.equal(status, 200, JSON.stringify(body))
  return { titles: body.data.map((job: { title: string }) => job.title), meta: body.meta }
}

test('a word the catalogue does not know matches its correction, and meta.did_you_mean says so', async () => {
  const right = await search('python')
  assert.ok(right.titles.length > 0)
  assert.equal(right.meta.did_you_mean, undefined, 'a known word is never corrected')
  const swapped = await search('pyhton')
  assert.deepEqual(swapped.titles, right.titles, 'a transposition is one edit')
  assert.equal(swapped.meta.did_you_mean, 'python')
  const facets = (await get('/api/v1/jobs/facets?q=pyhton')).body.data.total
  assert.equal(facets, right.meta.total, 'facet counts follow the same correction')
  const dropped = await search('payment infrastructur')
  assert.deepEqual(dropped.titles, (await search('payments infrastructure')).titles)
  assert.equal(dropped.meta.did_you_mean, 'payments infrastructur')
})

test('short words, words with digits or symbols, and words far from any term are not corrected', async () => {
  for (const q of ['pyth0n', 'c+++', 'gx', 'qqqqqqqq']) {
    const { titles, meta } = await search(q)
    assert.deepEqual(titles, [], q)
    assert.equal(meta.did_you_mean, undefined, q)
  }
})

test('did_you_mean keeps phrases and exclusions as typed; quoted and excluded words are never corrected', async () => {
  const result = await search('pyhton "data engineer" -kubernetes')
  assert.equal(result.meta.did_you_mean, 'python "data engineer" -kubernetes')
  assert.deepEqual(result.titles, ['Data Engineer'])
  const quoted = await search('"pyhton"')
  assert.deepEqual(quoted.titles, [])
  assert.equal(quoted.meta.did_you_mean, undefined)
  const excluded = await search('engineer -pyhton')
  assert.equal(excluded.meta.did_you_mean, undefined)
  assert.ok(excluded.titles.includes('Data Engineer'), 'an unknown excluded word removes nothing')
})
