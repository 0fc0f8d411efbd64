import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'

// Unknown parameters are ignored (and reported), whatever their name: names every object inherits
// (`constructor`, `toString`, `__proto__`) were taken for numeric filters and answered 400.
test('search: parameter names inherited by every object are unknown parameters, not filters', async () => {
  const { get } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer' })] })
  for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', '__defineGetter__']) {
    for (const path of ['/api/v1/jobs/search', '/api/v1/jobs/facets', '/api/v1/agent/jobs/search']) {
      const response = await get(`${path}?q=go&${name}=x`)
      assert.equal(response.status, 200, `${path}?${name}=x: ${JSON.stringify(response.body)}`)
    }
    const search = await get(`/api/v1/jobs/search?q=go&${name}=x`)
    assert.equal(search.body.meta.total, 1)
  }
})
