import { test } from 'node:test'
import assert from 'node:assert/strict'
import { communityApp } from './community-fixture.ts'

// Job submissions through HTTP: key or cookie writes, sanitised facets, the moderators' queue, and
// approval minting a searchable posting through the importer.

const posting = {
  url: 'https://careers.umbrella.example/jobs/4242',
  title: 'Staff Rust Engineer',
  company: 'Umbrella Labs',
  location: 'Berlin, Germany',
  description: 'We build storage engines in Rust. <script>alert(1)</script>',
  skills: ['Rust', 'golang', 'not-a-skill-at-all'],
  regions: ['eu', 'mars'],
  cities: ['Berlin', 'Qqzzxville'],
  work_mode: 'teleport',
  seniority: 'staff',
  salary_min: 90000,
  salary_max: 120000,
  salary_currency: 'eur',
  salary_period: 'year',
}

test('a submission is validated, sanitised, queued for moderators, and refused twice for one pending URL', async () => {
  const { call, person, moderator, withKey } = communityApp()
  const alice = await person()
  const mod = await moderator()
  const byKey = await withKey(alice.cookie)
  assert.equal((await call('/api/v1/submissions', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(posting) })).status, 401)
  for (const [change, field] of [[{ url: undefined }, 'url'], [{ url: 'ftp://x.example/a' }, 'url'], [{ url: '/jobs/1' }, 'url'], [{ title: ' ' }, 'title'], [{ company: undefined }, 'company']] as const) {
    const res = await byKey('POST', '/submissions', { ...posting, ...change })
    assert.equal(res.status, 400, JSON.stringify(change))
    assert.match(res.body.error, new RegExp(field))
  }
  assert.match((await byKey('POST', '/submissions', { ...posting, url: 'mailto:a@b.c' })).body.error, /absolute http\(s\) URL/)

  const created = await byKey('POST', '/submissions', posting)
  assert.equal(created.status, 201, JSON.stringify(created.body))
  const s = created.body.data
  assert.equal(s.status, 'pending')
  assert.deepEqual(s.skills, ['rust', 'go'])
  assert.deepEqual(s.regions, ['eu'])
  assert.deepEqual(s.cities, ['Berlin'])
  assert.equal(s.work_mode, undefined, 'an unknown work mode is dropped')
  assert.equal(s.salary_currency, 'EUR')
  assert.equal(s.remote, false)
  assert.equal(s.submitter_email, undefined)

  const again = await alice.send('POST', '/submissions', { ...posting, url: 'https://www.careers.umbrella.example/jobs/4242/?utm_source=x' })
  assert.deepEqual([again.status, again.body.error], [409, 'a pending submission for this URL already exists'])

  const mine = await byKey('GET', '/me/submissions')
  assert.deepEqual(mine.body.data.map((x: any) => x.id), [s.id])
  assert.equal((await alice.send('GET', '/submissions')).status, 403)
  const queue = await mod.send('GET', '/submissions')
  assert.equal(queue.status, 200)
  assert.deepEqual(queue.body.data.map((x: any) => [x.id, x.submitter_email]), [[s.id, alice.email]])
})

test('approval mints a live, searchable, manually added posting, notifies the submitter, and is final', async () => {
  const { call, person, moderator, withKey } = communityApp()
  const alice = await person()
  const mod = await moderator()
  const modKey = await withKey(mod.cookie)
  const s = (await alice.send('POST', '/submissions', posting)).body.data
  const before = await call('/api/v1/jobs/search?q=staff%20rust')
  assert.equal(before.body.meta.total, 0)

  assert.equal((await alice.send('POST', `/submissions/${s.id}/approve`)).status, 403)
  assert.equal((await modKey('POST', '/submissions/99999/approve')).status, 404)
  const approved = await modKey('POST', `/submissions/${s.id}/approve`)
  assert.equal(approved.status, 200, JSON.stringify(approved.body))
  assert.equal(approved.body.data.status, 'approved')
  assert.ok(approved.body.data.reviewed_at)

  const found = await call('/api/v1/jobs/search?q=staff%20rust')
  assert.equal(found.body.meta.total, 1, 'searchable on the next query')
  const job = found.body.data[0]
  assert.equal(job.title, 'Staff Rust Engineer')
  assert.equal(job.company, 'Umbrella Labs')
  assert.equal(job.manually_added, true)
  assert.deepEqual(job.skills.sort(), ['go', 'rust'])
  assert.equal(job.enrichment.seniority, 'staff')
  const full = (await call(`/api/v1/jobs/${job.public_slug}`)).body.data
  assert.equal(full.description.includes('<script'), false, 'the importer sanitised the description')
  assert.equal((await call('/api/v1/companies/umbrella-labs')).status, 200, 'the company exists as an import would create it')

  const mine = (await alice.send('GET', '/me/submissions')).body.data
  assert.equal(mine[0].job_slug, job.public_slug)
  const notes = (await alice.send('GET', '/me/notifications')).body.data
  assert.equal(notes[0].kind, 'submission_approved')
  assert.equal(notes[0].public_slug, job.public_slug)

  const second = await modKey('POST', `/submissions/${s.id}/approve`)
  assert.deepEqual([second.status, second.body.error], [409, 'submission already decided'])
  assert.equal((await modKey('POST', `/submissions/${s.id}/reject`, { reason: 'late' })).status, 409)
  assert.deepEqual((await mod.send('GET', '/submissions')).body.data, [])

  // The same URL again: approval links the open posting instead of duplicating it.
  const dup = (await alice.send('POST', '/submissions', posting)).body.data
  const linked = await modKey('POST', `/submissions/${dup.id}/approve`)
  assert.equal(linked.status, 200)
  assert.equal((await call('/api/v1/jobs/search?q=staff%20rust')).body.meta.total, 1)
  assert.equal((await alice.send('GET', '/me/submissions')).body.data[0].job_slug, job.public_slug)
})

test('rejection records the reason and tells the submitter; the body is optional', async () => {
  const { person, moderator } = communityApp()
  const alice = await person()
  const mod = await moderator()
  const a = (await alice.send('POST', '/submissions', posting)).body.data
  const b = (await alice.send('POST', '/submissions', { ...posting, url: 'https://careers.umbrella.example/jobs/4343' })).body.data
  assert.equal((await alice.send('POST', `/submissions/${a.id}/reject`, {})).status, 403)
  const rejected = await mod.send('POST', `/submissions/${a.id}/reject`, { reason: 'not an IT role' })
  assert.equal(rejected.status, 200)
  assert.deepEqual([rejected.body.data.status, rejected.body.data.review_reason], ['rejected', 'not an IT role'])
  const bare = await mod.send('POST', `/submissions/${b.id}/reject`)
  assert.deepEqual([bare.status, bare.body.data.review_reason], [200, null])
  assert.equal((await mod.send('POST', `/submissions/${a.id}/approve`)).status, 409)
  const notes = (await alice.send('GET', '/me/notifications')).body.data
  assert.deepEqual(notes.map((n: any) => n.kind), ['submission_rejected', 'submission_rejected'])
  assert.match(notes[1].body, /not an IT role/)
  const mine = (await alice.send('GET', '/me/submissions')).body.data
  assert.equal(mine[0].job_slug, undefined)
})

test('prefill reads a known posting, a pasted JSON-LD page or an ATS URL, else {}; capped per hour', async () => {
  const { call, person, withKey, ctx } = communityApp({ prefillPerHour: 6 })
  const alice = await person()
  const key = await withKey(alice.cookie)
  const known = (await call('/api/v1/jobs/acme-backend')).body.data
  const fromCatalogue = await key('POST', '/submissions/prefill', { url: 'https://www.acme.example/careers/backend-1/' })
  assert.deepEqual(fromCatalogue.body.data, { title: known.title, company: 'Acme', description: 'Build and run our APIs.', source: 'fixture' })

  const html = `<html><head><script type="application/ld+json">${JSON.stringify({
    '@context': 'https://schema.org', '@type': 'JobPosting', title: 'Platform Engineer', hiringOrganization: { name: 'Hooli' },
    description: '<p>Kubernetes and Go all day.</p>', employmentType: 'CONTRACTOR', jobLocationType: 'TELECOMMUTE', skills: 'Kubernetes, Go',
  })}</script></head></html>`
  const page = await key('POST', '/submissions/prefill', { url: 'https://boards.greenhouse.io/hooli/jobs/123', html })
  assert.deepEqual(page.body.data, {
    source: 'greenhouse', title: 'Platform Engineer', company: 'Hooli', location: 'Remote', description: 'Kubernetes and Go all day.',
    work_mode: 'remote', employment_type: 'contract', skills: ['kubernetes', 'go'],
  })
  assert.deepEqual((await key('POST', '/submissions/prefill', { url: 'https://jobs.lever.co/acme-corp/0f6b8c2e-1234-4a5b-9c8d-0123456789ab' })).body.data, { source: 'lever', company: 'Acme Corp' })
  assert.deepEqual((await key('POST', '/submissions/prefill', { url: 'https://jobs.smartrecruiters.com/Initech/743999-senior-qa-engineer' })).body.data, { source: 'smartrecruiters', company: 'Initech', title: 'Senior QA Engineer' })
  const unknown = await key('POST', '/submissions/prefill', { url: 'https://example.org/some/page' })
  assert.deepEqual([unknown.status, unknown.body.data], [200, {}])
  assert.deepEqual((await key('POST', '/submissions/prefill', { url: 'not a url' })).body.data, {})
  assert.equal((await key('POST', '/submissions/prefill', { url: 42 })).status, 400)
  const capped = await key('POST', '/submissions/prefill', { url: 'https://example.org/x' })
  assert.equal(capped.status, 429)
  assert.ok(Number(capped.headers.get('retry-after')) > 0)
  ctx.now = () => new Date(Date.now() + 3601_000)
  assert.equal((await key('POST', '/submissions/prefill', { url: 'https://example.org/x' })).status, 200)
})
