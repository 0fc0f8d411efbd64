import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../../helpers/app.ts'

// The upload routes read their own multipart body; the document must still say what to send, or a
// client generated from it sends none. Every operation whose description asks for a body declares it.
test('upload operations declare their multipart (and JSON) request bodies in the OpenAPI document', async () => {
  const { get } = createTestApp()
  const document = (await get('/api/v1/openapi.json')).body
  const uploads: [string, string, string[], boolean][] = [
    ['put', '/me/photo', [], false],
    ['put', '/me/resume', [], true],
    ['post', '/me/resume/extract', [], true],
    ['post', '/me/referrals/offers', ['company_slug', 'linkedin_url'], false],
  ]
  for (const [method, path, fields, json] of uploads) {
    const body = document.paths[path][method].requestBody
    assert.ok(body, `${method} ${path} declares a request body`)
    const form = body.content['multipart/form-data'].schema
    assert.deepEqual(Object.keys(form.properties).sort(), ['file', ...fields].sort(), `${method} ${path}`)
    assert.ok(form.required.includes('file'))
    assert.equal(Boolean(body.content['application/json']), json, `${method} ${path} JSON alternative`)
  }
  assert.deepEqual(document.paths['/me/resume'].put.requestBody.content['application/json'].schema.required, ['text'])
  for (const [path, item] of Object.entries<Record<string, { description?: string; requestBody?: unknown }>>(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (/^multipart\/form-data/.test(op.description ?? '')) assert.ok(op.requestBody, `${method} ${path} asks for multipart and declares it`)
    }
  }
})
