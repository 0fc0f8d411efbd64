import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createSourcesApp } from './sources-app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'

/** The moderator-only management API of sources: who may call it, what it refuses, what it answers. */

test('only moderators manage sources: 401 without credentials, 403 for other accounts', async () => {
  const app = await createSourcesApp()
  const user = await signUp(app.call)
  for (const [method, path] of [['GET', '/admin/sources'], ['POST', '/admin/sources'], ['DELETE', '/admin/sources/1'], ['POST', '/admin/sources/1/crawl']] as const) {
    const anonymous = await app.call(`/api/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined })
    assert.equal(anonymous.status, 401, `${method} ${path}`)
    const plain = await app.call(`/api/v1${path}`, { method, headers: sessionHeaders(user.cookie), body: method === 'POST' ? '{"name":"greenhouse:x"}' : undefined })
    assert.equal(plain.status, 403, `${method} ${path}`)
    assert.equal(typeof plain.body.error, 'string')
  }
  assert.equal(app.db.prepare('SELECT count(*) FROM board_sources').pluck().get(), 0)
})

test('adding validates the kind and token, refuses duplicates, and derives the vendor URL and company', async () => {
  const app = await createSourcesApp()
  const bad = [
    [{ name: 'taleo:acme' }, /KIND:TOKEN with KIND one of greenhouse, lever, ashby, workable, smartrecruiters, recruitee, personio, careers, feed/],
    [{ name: 'greenhouse:' }, /board token/],
    [{ name: 'lever:has space' }, /site name/],
    [{ name: 'feed:not-a-url' }, /feed URL/],
    [{}, /invalid body parameter "name"/],
    [{ name: 'greenhouse:acme', url: 'javascript:alert(1)' }, /board URL refused/],
  ] as const
  for (const [body, message] of bad) {
    const response = await app.admin('POST', '/admin/sources', body)
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.match(response.body.error, message)
  }
  const created = await app.admin('POST', '/admin/sources', { name: 'lever:acme-labs' })
  assert.equal(created.status, 201)
  assert.deepEqual(
    { name: created.body.data.name, kind: created.body.data.kind, token: created.body.data.token, url: created.body.data.url, company: created.body.data.company, status: created.body.data.status, open: created.body.data.open_postings, last: created.body.data.last_crawl },
    { name: 'lever:acme-labs', kind: 'lever', token: 'acme-labs', url: 'https://api.lever.co/v0/postings/acme-labs?mode=json', company: 'Acme Labs', status: 'new', open: 0, last: null },
  )
  const again = await app.admin('POST', '/admin/sources', { name: 'lever:acme-labs' })
  assert.equal(again.status, 409)
  const personio = await app.admin('POST', '/admin/sources', { name: 'personio:acme', company: 'Acme GmbH' })
  assert.equal(personio.body.data.url, 'https://acme.jobs.personio.de/xml?language=en')
  assert.equal(personio.body.data.company, 'Acme GmbH')

  const list = await app.admin('GET', '/admin/sources?limit=1&offset=1')
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.meta, { total: 2, limit: 1, offset: 1 })
  assert.equal(list.body.data[0].name, 'personio:acme')
  assert.equal((await app.admin('GET', '/admin/sources?limit=abc')).status, 400)
  assert.equal((await app.admin('DELETE', '/admin/sources/999')).status, 404)
  assert.equal((await app.admin('POST', '/admin/sources/999/crawl')).status, 404)
  assert.equal((await app.admin('POST', '/admin/sources/0/crawl')).status, 400)

  const metrics = await app.call('/metrics')
  assert.match(metrics.body, /^openroles_sources\{status="new"\} 2$/m)
  assert.match(metrics.body, /^openroles_sources\{status="failing"\} 0$/m)
})

test('the OpenAPI document describes the four source operations', async () => {
  const app = await createSourcesApp()
  const doc = (await app.call('/api/v1/openapi.json')).body
  const ops = [doc.paths['/admin/sources']?.get, doc.paths['/admin/sources']?.post, doc.paths['/admin/sources/{id}']?.delete, doc.paths['/admin/sources/{id}/crawl']?.post]
  for (const op of ops) {
    assert.ok(op, 'operation documented')
    assert.ok(op.summary && op.description)
  }
  assert.match(ops[3].description, /two consecutive successful crawls/)
})
