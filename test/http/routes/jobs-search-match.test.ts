import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionSender, signUp } from '../../helpers/auth.ts'

const skill = (slug: string) => ({ slug, name: slug })
const job = (title: string, company: string, skills: string[], day: string) =>
  fixtureJob({ title, company: { slug: company, name: company }, skills: skills.map(skill), postedAt: `2026-11-${day}T00:00:00.000Z` })

// sort=match: the caller's profile skills decide the order, recency breaks ties.
async function matchApp() {
  const app = createTestApp({
    jobs: [
      job('Platform Engineer', 'alpha', ['go', 'postgresql', 'kubernetes'], '01'),
      job('Backend Engineer', 'beta', ['go'], '20'),
      job('Data Scientist', 'gamma', ['python'], '25'),
      job('Go Developer', 'delta', ['go', 'postgresql'], '10'),
      job('API Engineer', 'epsilon', ['postgresql'], '15'),
    ],
  })
  const alice = await signUp(app.call)
  const send = sessionSender(app.call, alice.cookie)
  return { ...app, alice, send }
}

const titles = (body: any) => body.data.map((job: any) => job.title)

test('sort=match ranks by how many profile skills a job carries, then newest first; filters and paging still apply', async () => {
  const { call, alice, send } = await matchApp()
  assert.equal((await send('PUT', '/me/profile', { skills: ['Go', 'PostgreSQL', 'Kubernetes'], specializations: ['backend'] })).status, 200)
  const all = await send('GET', '/jobs/search?sort=match')
  assert.equal(all.status, 200)
  assert.deepEqual(titles(all.body), ['Platform Engineer', 'Go Developer', 'Backend Engineer', 'API Engineer', 'Data Scientist'])
  assert.equal(all.body.meta.total, 5)
  assert.deepEqual(titles((await send('GET', '/jobs/search?sort=match&order=asc')).body), titles(all.body), 'order does not reverse a match ranking')
  assert.deepEqual(titles((await send('GET', '/jobs/search?sort=match&limit=2&offset=1')).body), ['Go Developer', 'Backend Engineer'])
  assert.deepEqual(titles((await send('GET', '/jobs/search?sort=match&q=engineer')).body), ['Platform Engineer', 'Backend Engineer', 'API Engineer'])
  assert.deepEqual(titles((await send('GET', '/jobs/search?sort=match&skills_exclude=kubernetes')).body), ['Go Developer', 'Backend Engineer', 'API Engineer', 'Data Scientist'])

  const key = await createApiKey(call, alice.cookie)
  const byKey = await call('/api/v1/agent/jobs/search?sort=match&limit=1', { headers: bearerHeaders(key) })
  assert.equal(byKey.status, 200)
  assert.deepEqual(titles(byKey.body), ['Platform Engineer'])

  // Another profile, another order (answers are cached per skill set).
  assert.equal((await send('PUT', '/me/profile', { skills: ['python'], specializations: ['data_science'] })).status, 200)
  assert.equal(titles((await send('GET', '/jobs/search?sort=match')).body)[0], 'Data Scientist')
})

test('sort=match without a signed-in caller or without profile skills is a clear 400', async () => {
  const { call, send } = await matchApp()
  const anonymous = await call('/api/v1/jobs/search?sort=match')
  assert.equal(anonymous.status, 400)
  assert.match(anonymous.body.error, /sort.*signed-in/)
  const noProfile = await send('GET', '/jobs/search?sort=match')
  assert.equal(noProfile.status, 400)
  assert.match(noProfile.body.error, /profile/)
  const unknown = await call('/api/v1/jobs/search?sort=best')
  assert.equal(unknown.status, 400)
  assert.match(unknown.body.error, /match/)
})
