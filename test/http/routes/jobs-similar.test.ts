import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { slugOf } from '../../catalogue/fixture-catalogue.ts'
import { refreshDerivedData } from '../../../src/catalogue/refresh.ts'
import { upsertJob } from '../../../src/catalogue/job-store.ts'
import type { JobRecord } from '../../../src/catalogue/job-record.ts'

const skills = (...slugs: string[]) => slugs.map((slug) => ({ slug, name: slug }))
const acme = { slug: 'acme', name: 'Acme' }
const globex = { slug: 'globex', name: 'Globex' }
const initech = { slug: 'initech', name: 'Initech' }

const goBackend = (title: string, company = globex, extra: Partial<JobRecord> = {}) =>
  fixtureJob({ title, company, category: 'backend', seniority: 'senior', skills: skills('go', 'postgresql', 'kubernetes'), ...extra })

function catalogue(extra: JobRecord[] = []) {
  return createTestApp({ jobs: [
    fixtureJob({ title: 'Senior Go Backend Engineer', company: acme, category: 'backend', seniority: 'senior', skills: skills('go', 'postgresql', 'grpc') }),
    fixtureJob({ title: 'Senior React Frontend Engineer', company: acme, category: 'frontend', seniority: 'senior', skills: skills('react', 'typescript') }),
    fixtureJob({ title: 'Marketing Manager', company: acme, category: 'marketing', skills: skills('seo') }),
    goBackend('Go Backend Developer'),
    goBackend('Backend Engineer (Go)', initech, { skills: skills('go', 'grpc') }),
    fixtureJob({ title: 'Data Scientist', company: initech, category: 'data_science', skills: skills('python', 'pandas') }),
    fixtureJob({ title: 'Python Data Engineer', company: globex, category: 'data_engineering', skills: skills('python', 'spark', 'postgresql') }),
    goBackend('Go Platform Engineer (closed)', globex, { closedAt: '2026-11-10T00:00:00.000Z' }),
    ...extra,
  ] })
}

const titles = (body: { data: { title: string }[] }) => body.data.map((job) => job.title)

test('GET /jobs/{slug}/similar finds Go backend roles for a Go backend role, nearest first, no meta', async () => {
  const { get, db } = catalogue()
  const slug = slugOf(db, 'Senior Go Backend Engineer')
  const { status, body } = await get(`/api/v1/jobs/${slug}/similar`)
  assert.equal(status, 200)
  assert.equal(body.meta, undefined)
  const found = titles(body)
  assert.deepEqual(found.slice(0, 2).sort(), ['Backend Engineer (Go)', 'Go Backend Developer'])
  assert.ok(!found.includes('Senior Go Backend Engineer'), 'never the job itself')
  assert.ok(!found.includes('Go Platform Engineer (closed)'), 'closed neighbours are dropped')
  assert.ok(!found.includes('Marketing Manager'), 'same company alone is not similarity')
  assert.ok(body.data.every((job: Record<string, unknown>) => !('ghost' in job)), 'similar jobs do not carry ghost')
})

test('GET /jobs/{slug}/similar: limit defaults to 6, is clamped at 20, 0 reads as 1 and a non-number as the default', async () => {
  const many = Array.from({ length: 25 }, (_, i) => goBackend(`Go Backend Engineer ${i}`))
  const { get, db } = catalogue(many)
  const slug = slugOf(db, 'Senior Go Backend Engineer')
  assert.equal((await get(`/api/v1/jobs/${slug}/similar`)).body.data.length, 6)
  assert.equal((await get(`/api/v1/jobs/${slug}/similar?limit=2`)).body.data.length, 2)
  const clamped = await get(`/api/v1/jobs/${slug}/similar?limit=500`)
  assert.equal(clamped.status, 200)
  assert.equal(clamped.body.data.length, 20)
  const zero = await get(`/api/v1/jobs/${slug}/similar?limit=0`)
  assert.equal(zero.status, 200)
  assert.equal(zero.body.data.length, 1)
  const words = await get(`/api/v1/jobs/${slug}/similar?limit=abc`)
  assert.equal(words.status, 200)
  assert.equal(words.body.data.length, 6)
})

test('GET /jobs/{slug}/similar drops neighbours closed after the lists were computed', async () => {
  const { get, db } = catalogue()
  const slug = slugOf(db, 'Senior Go Backend Engineer')
  db.prepare("UPDATE jobs SET closed_at = '2026-11-20T00:00:00.000Z' WHERE title = 'Go Backend Developer'").run()
  const { body } = await get(`/api/v1/jobs/${slug}/similar`)
  assert.ok(titles(body).includes('Backend Engineer (Go)'))
  assert.ok(!titles(body).includes('Go Backend Developer'))
})

test('a posting added later is offered to the lists of its neighbours', async () => {
  const { get, db } = catalogue()
  const id = db.transaction(() => upsertJob(db, goBackend('Go Backend Engineer, Senior', initech, { skills: skills('go', 'postgresql', 'grpc') })).id)()
  refreshDerivedData(db, [id])
  const { body } = await get(`/api/v1/jobs/${slugOf(db, 'Senior Go Backend Engineer')}/similar`)
  assert.equal(titles(body)[0], 'Go Backend Engineer, Senior')
})

test('GET /jobs/{slug}/similar: reposts of the same role are left to /copies; unknown slug is 404', async () => {
  const { get, db } = catalogue([
    goBackend('Go Engineer Berlin', acme, { clusterKey: 'acme|go engineer' }),
    goBackend('Go Engineer Paris', acme, { clusterKey: 'acme|go engineer' }),
  ])
  const { body } = await get(`/api/v1/jobs/${slugOf(db, 'Go Engineer Berlin')}/similar?limit=20`)
  assert.ok(!titles(body).includes('Go Engineer Paris'))
  assert.ok(titles(body).includes('Go Backend Developer'))
  const missing = await get('/api/v1/jobs/unknown-slug/similar')
  assert.equal(missing.status, 404)
  assert.equal(typeof missing.body.error, 'string')
})

test('a closed posting still lists its open look-alikes', async () => {
  const { get, db } = catalogue()
  const { status, body } = await get(`/api/v1/jobs/${slugOf(db, 'Go Platform Engineer (closed)')}/similar`)
  assert.equal(status, 200)
  assert.equal(titles(body)[0], 'Go Backend Developer')
  assert.ok(titles(body).includes('Backend Engineer (Go)'))
  assert.ok(!titles(body).includes('Go Platform Engineer (closed)'))
})
