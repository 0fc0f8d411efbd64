import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionSender, signUp } from '../helpers/auth.ts'
import { closeJob } from '../../src/catalogue/job-store.ts'

async function twoUsers() {
  const app = createTestApp({
    jobs: [fixtureJob({ title: 'Rust Engineer', externalId: 'l-1' }), fixtureJob({ title: 'Go Engineer', externalId: 'l-2' }), fixtureJob({ title: 'Data Analyst', externalId: 'l-3' })],
    config: { jobListsPerUser: 3, jobListSize: 2 },
  })
  const slugs = app.db.prepare('SELECT public_slug FROM jobs ORDER BY id').pluck().all() as string[]
  const alice = await signUp(app.call)
  const bob = await signUp(app.call)
  return { ...app, slugs, alice, bob, asAlice: sessionSender(app.call, alice.cookie), asBob: sessionSender(app.call, bob.cookie) }
}

test('job lists: create, add jobs idempotently, read, rename, remove, delete; another user gets 404', async () => {
  const { asAlice, asBob, slugs } = await twoUsers()
  const created = await asAlice('POST', '/me/lists', { name: '  Backend jobs ', description: 'Shortlist' })
  assert.equal(created.status, 201)
  assert.deepEqual({ ...created.body.data, id: 0, created_at: '', updated_at: '' }, { id: 0, name: 'Backend jobs', description: 'Shortlist', public_slug: '', job_count: 0, created_at: '', updated_at: '' })
  const id = created.body.data.id

  assert.equal((await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[0] })).status, 204)
  assert.equal((await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[0] })).status, 204, 'adding twice changes nothing')
  assert.equal((await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[1] })).status, 204)
  assert.equal((await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[2] })).status, 409, 'the list holds at most JOB_LIST_SIZE jobs')
  assert.equal((await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: 'no-such-job' })).status, 404)

  const read = await asAlice('GET', `/me/lists/${id}`)
  assert.equal(read.status, 200)
  assert.equal(read.body.data.job_count, 2)
  assert.deepEqual(new Set(read.body.data.jobs.map((job: any) => job.public_slug)), new Set([slugs[0], slugs[1]]))
  assert.deepEqual(read.body.meta, { total: 2, limit: 50, offset: 0 })

  const list = await asAlice('GET', '/me/lists')
  assert.deepEqual(list.body.meta, { total: 1, limit: 20, offset: 0 })
  assert.equal(list.body.data[0].job_count, 2)

  const renamed = await asAlice('PATCH', `/me/lists/${id}`, { name: 'Backend — Q3' })
  assert.equal(renamed.body.data.name, 'Backend — Q3')
  assert.equal(renamed.body.data.description, 'Shortlist')

  for (const [method, path, body] of [
    ['GET', `/me/lists/${id}`],
    ['PATCH', `/me/lists/${id}`, { name: 'mine' }],
    ['POST', `/me/lists/${id}/jobs`, { job_slug: slugs[2] }],
    ['DELETE', `/me/lists/${id}/jobs/${slugs[0]}`],
    ['POST', `/me/lists/${id}/share`],
    ['DELETE', `/me/lists/${id}/share`],
    ['DELETE', `/me/lists/${id}`],
  ] as [string, string, unknown?][]) {
    assert.equal((await asBob(method, path, body)).status, 404, `${method} ${path} by another user`)
  }
  assert.equal((await asAlice('GET', `/me/lists/${id}`)).body.data.job_count, 2, 'nothing another user tried changed the list')

  assert.equal((await asAlice('DELETE', `/me/lists/${id}/jobs/${slugs[0]}`)).status, 204)
  assert.equal((await asAlice('DELETE', `/me/lists/${id}/jobs/${slugs[0]}`)).status, 204, 'removing twice is a no-op')
  assert.equal((await asAlice('DELETE', `/me/lists/${id}/jobs/no-such-job`)).status, 204)
  assert.equal((await asAlice('GET', `/me/lists/${id}`)).body.data.job_count, 1)

  assert.equal((await asAlice('DELETE', `/me/lists/${id}`)).status, 204)
  assert.equal((await asAlice('GET', `/me/lists/${id}`)).status, 404)
})

test('job lists: sharing publishes under an unguessable slug, closed jobs show as closed, unsharing makes it 404', async () => {
  const { db, call, asAlice, slugs } = await twoUsers()
  const { body } = await asAlice('POST', '/me/lists', { name: 'Picks' })
  const id = body.data.id
  await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[0] })
  await asAlice('POST', `/me/lists/${id}/jobs`, { job_slug: slugs[1] })

  const shared = await asAlice('POST', `/me/lists/${id}/share`)
  assert.equal(shared.status, 200)
  const slug = shared.body.data.public_slug
  assert.match(slug, /^picks-[a-z0-9]{16}$/)
  assert.equal((await asAlice('POST', `/me/lists/${id}/share`)).body.data.public_slug, slug, 'sharing again keeps the slug')

  closeJob(db, db.prepare('SELECT id FROM jobs WHERE public_slug = ?').pluck().get(slugs[1]) as number)
  const page = await call(`/api/v1/lists/${slug}`)
  assert.equal(page.status, 200)
  assert.equal(page.body.data.name, 'Picks')
  assert.equal(page.body.data.job_count, 2)
  assert.equal(page.body.data.user_id, undefined, 'no owner identity')
  const closed = page.body.data.jobs.find((job: any) => job.public_slug === slugs[1])
  assert.notEqual(closed.closed_at, null)
  assert.equal(page.body.data.jobs.find((job: any) => job.public_slug === slugs[0]).closed_at, null)

  assert.equal((await asAlice('DELETE', `/me/lists/${id}/share`)).status, 204)
  assert.equal((await asAlice('DELETE', `/me/lists/${id}/share`)).status, 204, 'already private is a no-op')
  assert.equal((await call(`/api/v1/lists/${slug}`)).status, 404)
  assert.equal((await asAlice('GET', `/me/lists/${id}`)).body.data.public_slug, '')
  const again = await asAlice('POST', `/me/lists/${id}/share`)
  assert.notEqual(again.body.data.public_slug, slug, 'sharing again after unsharing mints a new slug')
  assert.equal((await call(`/api/v1/lists/${slug}`)).status, 404)
})

test('job lists: bad input is a 400 that changes nothing; the limit per account is a 409; session only', async () => {
  const { call, alice, asAlice } = await twoUsers()
  for (const bad of [{}, { name: '' }, { name: 'x'.repeat(101) }, { name: 'ok', description: 'd'.repeat(501) }, { name: 42 }]) {
    const response = await asAlice('POST', '/me/lists', bad)
    assert.equal(response.status, 400, JSON.stringify(bad).slice(0, 50))
    assert.equal(typeof response.body.error, 'string')
  }
  assert.equal((await asAlice('POST', '/me/lists/abc/jobs', { job_slug: 'x' })).status, 400)
  assert.equal((await asAlice('GET', '/me/lists')).body.meta.total, 0)
  for (const name of ['a', 'b', 'c']) assert.equal((await asAlice('POST', '/me/lists', { name })).status, 201)
  assert.equal((await asAlice('POST', '/me/lists', { name: 'd' })).status, 409)

  const key = await createApiKey(call, alice.cookie)
  assert.equal((await call('/api/v1/me/lists', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/lists')).status, 401)
  assert.equal((await call('/api/v1/lists/nothing-here')).status, 404)
})
