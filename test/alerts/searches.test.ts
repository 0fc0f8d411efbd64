import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

async function signedIn() {
  const app = createTestApp()
  const alice = await signUp(app.call)
  const send = (method: string, path: string, body?: unknown, cookie = alice.cookie) =>
    app.call(`/api/v1${path}`, { method, headers: sessionHeaders(cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  return { ...app, alice, send }
}

test('saved searches: create, list, rename, change query, delete; 404 for another user', async () => {
  const { call, alice, send } = await signedIn()
  const created = await send('POST', '/me/searches', { name: 'Remote Go', query: '?q=go&work_mode=remote&skill=go' })
  assert.equal(created.status, 201)
  assert.equal(created.body.data.name, 'Remote Go')
  assert.equal(created.body.data.query, 'q=go&work_mode=remote&skill=go')
  assert.deepEqual(created.body.data.subscriptions, [])
  assert.equal(created.body.data.public_slug, null)
  assert.equal(created.body.data.author_label, null)
  assert.equal((await send('POST', '/me/searches', { name: 'remote go', query: 'q=rust' })).status, 409, 'names are unique per account')
  assert.deepEqual(created.body.meta, { ignored_params: [{ param: 'skill', did_you_mean: 'skills' }] })
  const id = created.body.data.id

  const second = await send('POST', '/me/searches', { name: 'Berlin', query: 'cities=Berlin' })
  assert.equal(second.status, 201)
  assert.equal(second.body.meta, undefined)

  const list = await send('GET', '/me/searches?limit=1')
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.meta, { total: 2, limit: 1, offset: 0 })
  assert.equal(list.body.data[0].id, second.body.data.id)

  const renamed = await send('PATCH', `/me/searches/${id}`, { name: 'Remote Go jobs' })
  assert.equal(renamed.status, 200)
  assert.equal(renamed.body.data.name, 'Remote Go jobs')
  assert.equal(renamed.body.data.query, 'q=go&work_mode=remote&skill=go')
  const requeried = await send('PATCH', `/me/searches/${id}`, { query: 'work_mode=hybrid' })
  assert.equal(requeried.body.data.query, 'work_mode=hybrid')

  const bob = await signUp(call)
  assert.equal((await send('PATCH', `/me/searches/${id}`, { name: 'mine now' }, bob.cookie)).status, 404)
  assert.equal((await send('DELETE', `/me/searches/${id}`, undefined, bob.cookie)).status, 404)
  assert.equal((await send('GET', '/me/searches', undefined, bob.cookie)).body.meta.total, 0)

  const deleted = await send('DELETE', `/me/searches/${id}`)
  assert.equal(deleted.status, 204)
  assert.equal(deleted.body, null)
  assert.equal((await send('DELETE', `/me/searches/${id}`)).status, 404)
  assert.equal((await send('GET', '/me/searches')).body.meta.total, 1)
  void alice
})

test('saved searches: the query must parse as a job search; names are required', async () => {
  const { send } = await signedIn()
  const cases: [unknown, RegExp][] = [
    [{ name: 'x', query: 'salary_min=lots' }, /query.*salary_min/],
    [{ name: 'x', query: 'sort=random' }, /query.*sort/],
    [{ name: 'x', query: 'skills_mode=maybe' }, /query.*skills_mode/],
    [{ name: '', query: 'q=go' }, /name/],
    [{ query: 'q=go' }, /name/],
    [{ name: 'x', query: 'q=' + 'a'.repeat(2001) }, /query/],
  ]
  for (const [body, message] of cases) {
    const response = await send('POST', '/me/searches', body)
    assert.equal(response.status, 400, JSON.stringify(body).slice(0, 60))
    assert.match(response.body.error, message)
    assert.doesNotMatch(response.body.error, /lots|random|maybe/)
  }
  assert.equal((await send('GET', '/me/searches')).body.meta.total, 0)
})

test('saved searches and subscriptions are session only: an API key gets 401', async () => {
  const { call, alice } = await signedIn()
  const key = await createApiKey(call, alice.cookie)
  for (const [method, path] of [['GET', '/me/searches'], ['POST', '/me/searches'], ['GET', '/me/subscriptions'], ['POST', '/me/subscriptions'], ['PATCH', '/me/subscriptions/1'], ['DELETE', '/me/subscriptions/1']]) {
    const response = await call(`/api/v1${path}`, { method, headers: bearerHeaders(key), body: method === 'GET' || method === 'DELETE' ? undefined : '{}' })
    assert.equal(response.status, 401, `${method} ${path}`)
    assert.equal(typeof response.body.error, 'string')
  }
  assert.equal((await call('/api/v1/me/searches')).status, 401)
})

test('subscriptions: subscribe per channel, pause and resume (answering the whole subscription), unsubscribe', async () => {
  const { call, send } = await signedIn()
  const search = (await send('POST', '/me/searches', { name: 'Remote', query: 'work_mode=remote' })).body.data

  assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: 9999 })).status, 404)
  assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: 'one' })).status, 400)
  const created = await send('POST', '/me/subscriptions', { saved_search_id: search.id })
  assert.equal(created.status, 201)
  assert.equal(created.body.data.active, true)
  assert.equal(created.body.data.saved_search_id, search.id)
  assert.equal(created.body.data.name, 'Remote')
  assert.equal(created.body.data.saved_search_name, 'Remote')
  assert.equal(created.body.data.channel, 'email', 'email by default')
  assert.equal(created.body.data.last_digest_at, null)
  const id = created.body.data.id
  const duplicate = await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'email' })
  assert.equal(duplicate.status, 409)
  const unknownChannel = await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'pigeon' })
  assert.equal(unknownChannel.status, 400)
  assert.match(unknownChannel.body.error, /channel/)
  const push = await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'push' })
  assert.equal(push.status, 201, 'another channel of the same saved search')
  assert.equal((await send('DELETE', `/me/subscriptions/${push.body.data.id}`)).status, 204)

  const paused = await send('PATCH', `/me/subscriptions/${id}`, { active: false })
  assert.equal(paused.status, 200)
  const { created_at, ...rest } = paused.body.data
  assert.deepEqual({ id: rest.id, active: rest.active, saved_search_id: rest.saved_search_id, saved_search_name: rest.saved_search_name, channel: rest.channel }, { id, active: false, saved_search_id: search.id, saved_search_name: 'Remote', channel: 'email' })
  assert.equal(typeof created_at, 'string')
  assert.equal((await send('PATCH', `/me/subscriptions/${id}`, { active: false })).body.data.active, false)
  assert.deepEqual((await send('GET', `/me/searches`)).body.data[0].subscriptions, [{ id, channel: 'email', active: false }])
  const resumed = await send('PATCH', `/me/subscriptions/${id}`, { active: true })
  assert.equal(resumed.body.data.active, true)

  const missingActive = await send('PATCH', `/me/subscriptions/${id}`, {})
  assert.equal(missingActive.status, 400)
  assert.match(missingActive.body.error, /active/)
  assert.equal((await send('PATCH', `/me/subscriptions/${id}`, { active: 'yes' })).status, 400)

  const bob = await signUp(call)
  assert.equal((await send('PATCH', `/me/subscriptions/${id}`, { active: false }, bob.cookie)).status, 404)
  assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: search.id }, bob.cookie)).status, 404)

  const list = await send('GET', '/me/subscriptions')
  assert.deepEqual(list.body.meta, { total: 1, limit: 20, offset: 0 })
  assert.equal(list.body.data[0].active, true)

  assert.equal((await send('DELETE', `/me/subscriptions/${id}`, undefined, bob.cookie)).status, 404)
  assert.equal((await send('DELETE', `/me/subscriptions/${id}`)).status, 204)
  assert.equal((await send('GET', '/me/subscriptions')).body.meta.total, 0)
  // The saved search stays; deleting a saved search removes its subscription.
  const again = (await send('POST', '/me/subscriptions', { saved_search_id: search.id })).body.data
  assert.equal((await send('DELETE', `/me/searches/${search.id}`)).status, 204)
  assert.equal((await send('PATCH', `/me/subscriptions/${again.id}`, { active: false })).status, 404)
})

test('saving a search reports filter values outside their vocabulary, with did_you_mean', async () => {
  const { send } = await signedIn()
  const created = await send('POST', '/me/searches', { name: 'Senior DE', query: 'seniority=sr&countries=de' })
  assert.equal(created.status, 201, 'the query is kept as written: the caller may mean it')
  assert.equal(created.body.data.query, 'seniority=sr&countries=de')
  assert.deepEqual(created.body.meta, { unknown_values: [{ param: 'seniority', value: 'sr', did_you_mean: 'senior' }] })
  const changed = await send('PATCH', `/me/searches/${created.body.data.id}`, { query: 'regions=europe' })
  assert.equal(changed.status, 200)
  assert.equal(changed.body.meta.unknown_values[0].param, 'regions')
  assert.equal(changed.body.meta.unknown_values[0].value, 'europe')
  const fixed = await send('PATCH', `/me/searches/${created.body.data.id}`, { query: 'seniority=senior' })
  assert.equal(fixed.body.meta, undefined)
})
