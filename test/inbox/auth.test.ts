import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionSender, signUp } from '../helpers/auth.ts'

// Every mail operation takes a session or a personal API key, and nothing else; one user's mail is
// invisible to another (404, as for an id that does not exist).
test('every mail operation refuses an anonymous caller with 401 and changes nothing', async () => {
  const { call, db } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev' })] })
  const document = (await call('/api/v1/openapi.json')).body
  const operations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(([path, item]) =>
    Object.entries(item).filter(([, op]) => op.tags?.includes('mail')).map(([method]) => ({ method: method.toUpperCase(), path: path.replace('{id}', '1').replace('{slug}', 'go-dev') })),
  )
  assert.ok(operations.length >= 19, `${operations.length} mail operations`)
  for (const { method, path } of operations) {
    const response = await call(`/api/v1${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : JSON.stringify({ slug: 'go-dev', signal: 'offer', provider_id: 'x', messages: [{ external_id: 'x' }] }) })
    assert.equal(response.status, 401, `${method} ${path}`)
    assert.ok(response.body.error, `${method} ${path}`)
  }
  assert.equal(db.prepare('SELECT count(*) FROM emails').pluck().get(), 0)
})

test('an API key works like the session; another user’s message is 404 to every message operation', async () => {
  const { call } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev' })] })
  const alice = await signUp(call)
  const bob = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const pushed = await call('/api/v1/me/emails', { method: 'POST', headers: bearerHeaders(key), body: JSON.stringify({ messages: [{ external_id: 'a-1', subject: 'Hi' }] }) })
  assert.deepEqual(pushed.body.data, { inserted: 1, updated: 0 })
  const [mail] = (await call('/api/v1/me/inbox', { headers: bearerHeaders(key) })).body.data
  const asBob = sessionSender(call, bob.cookie)
  assert.equal((await asBob('GET', `/me/emails/${mail.id}`)).status, 404)
  for (const action of ['triage', 'link', 'unlink', 'confirm', 'reject', 'application', 'delete', 'restore']) {
    const response = await asBob('POST', `/me/emails/${mail.id}/${action}`, { slug: 'go-dev', signal: 'offer' })
    assert.equal(response.status, 404, action)
  }
  assert.equal((await asBob('GET', '/me/inbox')).body.meta.total, 0)
  const mine = (await call(`/api/v1/me/emails/${mail.id}`, { headers: bearerHeaders(key) })).body.data
  assert.deepEqual([mine.subject, mine.read, mine.status_signal, mine.linked_slug], ['Hi', true, undefined, undefined], 'untouched by the other user')
})
