import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

/** Issue 44, point 6: filter values outside a facet's vocabulary are reported, not a silent 0. */
const { get } = createTestApp({
  jobs: [
    fixtureJob({ title: 'Senior Berlin Engineer', seniority: 'senior', workMode: 'remote', countries: ['de'], regions: ['eu'] }),
    fixtureJob({ title: 'Junior Austin Engineer', seniority: 'junior', workMode: 'onsite', countries: ['us'], regions: ['north_america'] }),
  ],
})

test('unknown filter values are reported in meta.unknown_values with the entry they most likely mean', async () => {
  const { status, body } = await get('/api/v1/jobs/search?countries=Germany&regions=europe&seniority=sr&work_mode=on-site')
  assert.equal(status, 200)
  assert.equal(body.meta.total, 0)
  assert.deepEqual(body.meta.unknown_values, [
    { param: 'countries', value: 'germany', did_you_mean: 'de' },
    { param: 'regions', value: 'europe', did_you_mean: 'eu' },
    { param: 'seniority', value: 'sr', did_you_mean: 'senior' },
    { param: 'work_mode', value: 'on-site', did_you_mean: 'onsite' },
  ])
})

test('a typo or a first few letters find the entry; a value near nothing is reported without a guess', async () => {
  const { body } = await get('/api/v1/jobs/search?seniority=senoir,princ,zzz&seniority_exclude=Junior')
  assert.deepEqual(body.meta.unknown_values, [
    { param: 'seniority', value: 'princ', did_you_mean: 'principal' },
    { param: 'seniority', value: 'senoir', did_you_mean: 'senior' },
    { param: 'seniority', value: 'zzz' },
    { param: 'seniority_exclude', value: 'Junior', did_you_mean: 'junior' },
  ])
})

test('known values report nothing; open vocabularies (skills, cities) are never reported', async () => {
  const { body } = await get('/api/v1/jobs/search?countries=DE&regions=eu&seniority=senior&skills=cobol&cities=Atlantis')
  assert.equal(body.meta.unknown_values, undefined)
  assert.equal(body.meta.total, 0)
  const found = await get('/api/v1/jobs/search?countries=de&seniority=senior')
  assert.deepEqual(found.body.data.map((job: { title: string }) => job.title), ['Senior Berlin Engineer'])
  assert.equal(found.body.meta.unknown_values, undefined)
})

test('the facets endpoint reports unknown values too', async () => {
  const { status, body } = await get('/api/v1/jobs/facets?seniority=sr')
  assert.equal(status, 200)
  assert.deepEqual(body.meta, { unknown_values: [{ param: 'seniority', value: 'sr', did_you_mean: 'senior' }] })
})
