import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { sessionHeaders, signUp } from '../../helpers/auth.ts'

/**
 * Parameter names are data: a name holding a line break or another control character is an
 * ignored (or refused) parameter like any other, never a 500 (issue 11, point 3).
 */
const CONTROL = ['\n', '\r', '\u0000', '\t', '\u001f', '\u007f', '\u2028']

test('search, facets and agent search treat a parameter name with a control character as an unknown parameter', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob({ title: 'Rust Engineer' })] })
  for (const path of ['/api/v1/jobs/search', '/api/v1/jobs/facets', '/api/v1/agent/jobs/search', '/api/v1/jobs']) {
    for (const c of CONTROL) {
      for (const name of [`a${c}b`, `skills${c}`, `skills${c}_exclude`, `${c}_mode`]) {
        const response = await call(`${path}?${new URLSearchParams([[name, '1']])}`)
        assert.ok(response.status === 200 || response.status === 400, `${path} ${JSON.stringify(name)} -> ${response.status}`)
        if (response.status === 400) assert.equal(typeof response.body.error, 'string')
      }
    }
  }
  const raw = await call('/api/v1/jobs/search?a%0Ab=1')
  assert.equal(raw.status, 200)
  assert.deepEqual(raw.body.meta.ignored_params, [{ param: 'a\nb' }])
})

test('market coverage and a saved search whose query holds such a name answer without a 500', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob({ title: 'Rust Engineer' })] })
  const user = await signUp(call)
  const coverage = await call('/api/v1/market/coverage?a%0Ab=1', { method: 'POST', headers: sessionHeaders(user.cookie), body: '{}' })
  assert.ok(coverage.status < 500, `coverage -> ${coverage.status} ${JSON.stringify(coverage.body)}`)
  const saved = await call('/api/v1/me/searches', { method: 'POST', headers: sessionHeaders(user.cookie), body: JSON.stringify({ name: 'n', query: 'q=rust&a%0Ab=1' }) })
  assert.ok(saved.status === 201 || saved.status === 400, `saved -> ${saved.status} ${JSON.stringify(saved.body)}`)
})
