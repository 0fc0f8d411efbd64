import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

test('GET /api/v1/status reports the catalogue size', async () => {
  const { get } = createTestApp({
    jobs: [fixtureJob(), fixtureJob({ company: { slug: 'globex', name: 'Globex' } }), fixtureJob({ closedAt: '2026-11-10T00:00:00.000Z' })],
  })
  const { status, body } = await get('/api/v1/status')
  assert.equal(status, 200)
  assert.equal(body.data.ok, true)
  assert.equal(body.data.jobs_open, 2)
  assert.equal(body.data.jobs_closed, 1)
  assert.equal(body.data.companies, 2)
  assert.equal(typeof body.data.version, 'string')
})

test('an unknown route is a 404 with the error envelope', async () => {
  const { get } = createTestApp()
  const { status, body } = await get('/api/v1/nope')
  assert.equal(status, 404)
  assert.equal(typeof body.error, 'string')
})
