import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import type { CompanyRecord } from '../../../src/catalogue/job-record.ts'

const acme: CompanyRecord = { slug: 'acme', name: 'Acme', industries: ['software'], subindustries: ['developer-tools', 'observability'] }
const globex: CompanyRecord = { slug: 'globex', name: 'Globex', industries: ['software'], subindustries: ['developer-tools'] }
const initech: CompanyRecord = { slug: 'initech', name: 'Initech', industries: ['finance'] }
const gone: CompanyRecord = { slug: 'gone', name: 'Gone', subindustries: ['payments'] }

const { get } = createTestApp({
  jobs: [
    fixtureJob({ company: acme }),
    fixtureJob({ company: globex }),
    fixtureJob({ company: initech }),
    fixtureJob({ company: gone, closedAt: '2026-11-02T00:00:00.000Z' }),
  ],
})

test('GET /companies/subindustries lists slugs, labels and company counts of companies with open roles', async () => {
  const { status, body } = await get('/api/v1/companies/subindustries')
  assert.equal(status, 200)
  assert.deepEqual(body, {
    data: [
      { slug: 'developer-tools', label: 'Developer tools', count: 2 },
      { slug: 'observability', label: 'Observability', count: 1 },
    ],
  })
})

test('company search filters by subindustries (OR within, AND with the rest); an unknown one matches nothing', async () => {
  const slugs = async (query: string) => {
    const { status, body } = await get(`/api/v1/companies?${query}`)
    assert.equal(status, 200)
    assert.equal('ignored_params' in body.meta, false, query)
    return body.data.map((company: { slug: string }) => company.slug).sort()
  }
  assert.deepEqual(await slugs('subindustries=developer-tools'), ['acme', 'globex'])
  assert.deepEqual(await slugs('subindustries=observability,nothing'), ['acme'])
  assert.deepEqual(await slugs('subindustries=Developer-Tools&q=glob'), ['globex'])
  assert.deepEqual(await slugs('subindustries=payments'), [], 'only companies with open roles')
  assert.deepEqual(await slugs('subindustries=unknown'), [])
})

test('company detail carries subindustries; the path is not taken for a company slug', async () => {
  const { body } = await get('/api/v1/companies/acme')
  assert.deepEqual(body.data.company.subindustries, ['developer-tools', 'observability'])
  assert.deepEqual((await get('/api/v1/companies/nope')).body, { error: 'company not found' })
})

test('an empty catalogue has no sub-industries', async () => {
  const empty = createTestApp()
  assert.deepEqual((await empty.get('/api/v1/companies/subindustries')).body, { data: [] })
})
