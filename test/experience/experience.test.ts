import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { linesPdf } from '../resume/files.ts'

async function setup() {
  const app = createTestApp()
  const user = await signUp(app.call)
  const send = (method: string, path: string, body?: unknown) =>
    app.call(`/api/v1/me/experience${path}`, { method, headers: sessionHeaders(user.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  const bank = async () => (await send('GET', '')).body.data
  return { ...app, user, send, bank }
}

test('experience: employments are created, edited and deleted with their atoms; errors are prefixed', async () => {
  const { send, bank, call, user } = await setup()
  const job = await send('POST', '/employments', { company: 'Acme GmbH', role: 'Backend Engineer', start: '2019-03', current: true, stack: ['Golang', 'Postgres'] })
  assert.equal(job.status, 201)
  assert.deepEqual(job.body.data, { id: job.body.data.id, kind: 'job', company: 'Acme GmbH', role: 'Backend Engineer', start: '2019-03', current: true, stack: ['go', 'postgresql'] })
  const project = await send('POST', '/employments', { kind: 'project', company: 'pgwatch', link: 'https://github.com/jane/pgwatch' })
  assert.equal(project.body.data.name, 'pgwatch')
  assert.equal((await send('POST', '/employments', { kind: 'side-gig', company: 'x' })).body.error, 'experience: kind must be job or project')
  assert.equal((await send('POST', '/employments', { location: 'Berlin' })).body.error, 'experience: needs a company or a role')
  assert.equal((await send('POST', '/employments', { company: 'x'.repeat(201) })).status, 400)

  const edited = await send('PUT', `/employments/${job.body.data.id}`, { role: 'Staff Engineer', current: false, end: '2024-01' })
  assert.equal(edited.body.data.role, 'Staff Engineer')
  assert.equal(edited.body.data.end, '2024-01')
  assert.equal((await send('PUT', '/employments/not-a-uuid', { role: 'x' })).status, 404)

  const atom = await send('POST', '/atoms', { claim: 'Cut p99 latency by 40%', employment_id: job.body.data.id })
  assert.equal(atom.status, 201)
  assert.equal(atom.body.data.provenance, 'manual')
  assert.equal((await bank()).employments.find((e: any) => e.id === job.body.data.id).atoms.length, 1)
  assert.equal((await send('DELETE', `/employments/${job.body.data.id}`)).status, 204)
  const after = await bank()
  assert.deepEqual(after.employments.map((e: any) => e.name), ['pgwatch'])
  assert.deepEqual(after.unplaced, [])

  // GET and POST take an API key; the edits are cookie-only.
  const key = await createApiKey(call, user.cookie)
  assert.equal((await call('/api/v1/me/experience', { headers: bearerHeaders(key) })).status, 200)
  assert.equal((await call('/api/v1/me/experience/atoms', { method: 'POST', headers: bearerHeaders(key), body: JSON.stringify({ claim: 'Shipped the mobile app' }) })).status, 201)
  assert.equal((await call(`/api/v1/me/experience/employments/${project.body.data.id}`, { method: 'DELETE', headers: bearerHeaders(key) })).status, 401)
})

test('experience: atoms carry hints, duplicates are refused or clustered, merge follows its rules', async () => {
  const { send, bank } = await setup()
  assert.equal((await send('POST', '/atoms', { claim: '   ' })).body.error, 'experience: claim must not be empty')
  assert.equal((await send('POST', '/atoms', { claim: 'x'.repeat(401) })).status, 400)
  assert.equal((await send('POST', '/atoms', { claim: 'a', metrics: Array(11).fill('1') })).status, 400)
  assert.equal((await send('POST', '/atoms', { claim: 'a', employment_id: '00000000-0000-4000-8000-000000000000' })).status, 400)
  const first = (await send('POST', '/atoms', { claim: 'Led the migration of billing to Kubernetes', skills: ['k8s', 'Kubernetes'] })).body.data
  assert.deepEqual(first.skills, ['kubernetes'])
  const dup = await send('POST', '/atoms', { claim: 'led the migration of billing to kubernetes!' })
  assert.equal(dup.status, 409)
  assert.equal(dup.body.error, 'this claim is already in the bank')
  const near = (await send('POST', '/atoms', { claim: 'Led migration of the billing system to Kubernetes', context: 'Three teams, six months', metrics: ['0 downtime'], skills: ['Terraform'] })).body.data
  await send('POST', '/atoms', { claim: 'Mentored four junior engineers' })

  const view = (await bank()).unplaced
  const byClaim = (claim: string) => view.find((atom: any) => atom.claim.startsWith(claim))
  assert.equal(byClaim('Led the').cluster_id, first.id)
  assert.equal(byClaim('Led migration').cluster_id, first.id)
  assert.equal(byClaim('Mentored').cluster_id, undefined)
  assert.deepEqual([byClaim('Led the').needs_context, byClaim('Led the').needs_metrics], [true, true])
  assert.deepEqual([byClaim('Led migration').needs_context, byClaim('Led migration').needs_metrics], [false, false])
  assert.equal(byClaim('Mentored').needs_metrics, true)

  assert.equal((await send('POST', '/atoms/merge', { ids: [first.id] })).status, 400)
  assert.equal((await send('POST', '/atoms/merge', { ids: [first.id, first.id] })).status, 400)
  assert.equal((await send('POST', '/atoms/merge', { ids: [first.id, 'nope'] })).status, 404)
  const merged = await send('POST', '/atoms/merge', { ids: [first.id, near.id] })
  assert.equal(merged.status, 200)
  assert.deepEqual(merged.body.data, { id: first.id, claim: first.claim, context: 'Three teams, six months', metrics: ['0 downtime'], skills: ['kubernetes', 'terraform'], provenance: 'manual' })
  assert.equal((await bank()).unplaced.length, 2)

  const job = (await send('POST', '/employments', { company: 'Acme', role: 'SRE' })).body.data
  const placed = (await send('POST', '/atoms', { claim: 'Ran on-call for 30 services', employment_id: job.id })).body.data
  assert.equal((await send('POST', '/atoms/merge', { ids: [first.id, placed.id] })).body.error, 'experience: cannot merge claims under different employments')

  const edited = await send('PUT', `/atoms/${placed.id}`, { claim: 'Ran on-call for 40 services' })
  assert.equal(edited.body.data.claim, 'Ran on-call for 40 services')
  assert.equal((await send('PUT', `/atoms/${placed.id}`, { claim: 'Mentored four junior engineers' })).status, 409)
  assert.equal((await send('DELETE', `/atoms/${placed.id}`)).status, 204)
  assert.equal((await send('DELETE', `/atoms/${placed.id}`)).status, 404)
})

test('experience: a résumé upload fills the bank as cv_import, twice without duplicates', async () => {
  const { call, user, bank, send } = await setup()
  const cv = linesPdf(['Jane Doe', 'Experience', 'Backend Engineer — Acme GmbH | 03/2019 – present', '• Built payment APIs in Go', '• Cut p99 latency by 40%', 'Projects', 'pgwatch — github.com/jane/pgwatch', '- Monitoring for Postgres'])
  await send('POST', '/atoms', { claim: 'Cut p99 latency by 40%' })
  const upload = async () => {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(cv)]), 'cv.pdf')
    return call('/api/v1/me/resume', { method: 'PUT', headers: { cookie: user.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, body: form })
  }
  assert.equal((await upload()).status, 200)
  assert.equal((await upload()).status, 200)
  const data = await bank()
  const acme = data.employments.find((e: any) => e.company === 'Acme GmbH')
  assert.deepEqual([acme.role, acme.start, acme.current], ['Backend Engineer', '2019-03', true])
  assert.deepEqual(acme.atoms.map((a: any) => [a.claim, a.provenance, a.skills]), [['Built payment APIs in Go', 'cv_import', ['go']]])
  const project = data.employments.find((e: any) => e.kind === 'project')
  assert.deepEqual([project.name, project.link, project.atoms.length], ['pgwatch', 'https://github.com/jane/pgwatch', 1])
  assert.equal(data.employments.length, 2)
  assert.deepEqual(data.unplaced.map((a: any) => a.claim), ['Cut p99 latency by 40%'])
})
