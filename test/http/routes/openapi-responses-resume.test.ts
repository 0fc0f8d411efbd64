import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { operationChecker } from '../../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { sessionHeaders, signUp, TEST_ORIGIN } from '../../helpers/auth.ts'
import { storeApplyForm } from '../../../src/catalogue/apply-forms.ts'

// Issue 44, point 8: the résumé and profile-side operations answer what the OpenAPI document
// publishes, checked strictly (an undocumented field fails) on real answers: the résumé and its
// contacts, the photo (and its image), the experience bank, the profile verdict and ATS report,
// screening answers, autofill and the deterministic skill matches.
const app = createTestApp({
  jobs: [
    fixtureJob({
      publicSlug: 'go-dev', title: 'Senior Go Developer', company: { slug: 'acme', name: 'Acme' }, category: 'backend', seniority: 'senior', workMode: 'remote',
      skills: [{ slug: 'go', name: 'Go' }, { slug: 'kubernetes', name: 'Kubernetes' }], experienceYearsMin: 5, salaryMin: 90000, salaryMax: 120000, salaryCurrency: 'EUR', salaryPeriod: 'year',
    }),
  ],
})
const { call, db } = app
const document = (await call('/api/v1/openapi.json')).body
const { check, unchecked } = operationChecker(document, call)

const alice = await signUp(call)
const as = (body?: unknown): RequestInit => ({ headers: sessionHeaders(alice.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
const RESUME = [
  'Alice Example', 'Senior Backend Engineer', 'alice@example.org · +49 30 1234567 · Berlin', 'https://github.com/alice https://www.linkedin.com/in/alice',
  'Summary', 'Backend engineer building payment systems in Go.',
  'Experience', 'Senior Go Engineer, Payco GmbH, Berlin', '2018 - present', '- Ran Kubernetes clusters for 40 Go services', '- Cut p99 latency by 30%',
  'Education', 'MSc Computer Science, TU Berlin, 2014',
  'Skills', 'Go, Kubernetes, PostgreSQL',
  'Languages', 'German, English',
].join('\n')

test('the résumé, its facts and contacts validate, before and after an upload', async () => {
  await check('GET', '/me/resume', '/api/v1/me/resume', as())
  const stored = await check('PUT', '/me/resume', '/api/v1/me/resume', as({ text: RESUME }))
  assert.equal(stored.body.data.parse_status, 'ready')
  await check('PUT', '/me/resume', '/api/v1/me/resume', as({ text: '12345 67890 just numbers 2020 and nothing else to read here' }))
  await check('POST', '/me/resume/extract', '/api/v1/me/resume/extract', as({ text: RESUME }))
  await check('GET', '/me/resume', '/api/v1/me/resume', as())
  await check('PUT', '/me/resume/contacts', '/api/v1/me/resume/contacts', as({ phone: '+49 170 0000000', links: null }))
  await check('POST', '/me/resume/contacts/replace-from-cv', '/api/v1/me/resume/contacts/replace-from-cv', as())
})

test('the photo, its status and its image validate', async () => {
  await check('GET', '/me/photo', '/api/v1/me/photo', as())
  const body = new FormData()
  body.append('file', new Blob([new Uint8Array(readFileSync(new URL('../../profile/fixtures/photo.png', import.meta.url)))]), 'me.png')
  await check('PUT', '/me/photo', '/api/v1/me/photo', { headers: { cookie: alice.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, body })
  await check('GET', '/me/photo', '/api/v1/me/photo', as())
  await check('GET', '/me/photo/image', '/api/v1/me/photo/image', as())
})

test('the experience bank validates: employments, claims, a merge and the whole bank', async () => {
  const job = await check('POST', '/me/experience/employments', '/api/v1/me/experience/employments', as({ company: 'Old Co', role: 'Engineer', start: '2015', stack: ['Go'] }), 201)
  await check('POST', '/me/experience/employments', '/api/v1/me/experience/employments', as({ kind: 'project', name: 'gokit', link: 'https://github.com/alice/gokit' }), 201)
  await check('PUT', '/me/experience/employments/{id}', `/api/v1/me/experience/employments/${job.body.data.id}`, as({ current: true, summary: 'Payments team', location: null }))
  const keep = await check('POST', '/me/experience/atoms', '/api/v1/me/experience/atoms', as({ claim: 'Ran the billing service for payments', employment_id: job.body.data.id, skills: ['Go'] }), 201)
  const lose = await check('POST', '/me/experience/atoms', '/api/v1/me/experience/atoms', as({ claim: 'Ran the billing service for all payments', context: 'Two years, on call', metrics: ['99.99% uptime'], source_ref: 'chat' }), 201)
  await check('PUT', '/me/experience/atoms/{id}', `/api/v1/me/experience/atoms/${lose.body.data.id}`, as({ employment_id: job.body.data.id }))
  const bank = await check('GET', '/me/experience', '/api/v1/me/experience', as())
  assert.ok(bank.body.data.employments.flatMap((e: { atoms: { cluster_id?: string }[] }) => e.atoms).some((atom: { cluster_id?: string }) => atom.cluster_id), 'the near repeats are clustered')
  await check('POST', '/me/experience/atoms/merge', '/api/v1/me/experience/atoms/merge', as({ ids: [keep.body.data.id, lose.body.data.id] }))
  await check('GET', '/me/experience', '/api/v1/me/experience', as())
})

test('the verdict, the ATS report, screening answers, autofill and skill matches validate', async () => {
  await check('PUT', '/me/profile', '/api/v1/me/profile', as({ skills: ['go', 'rust'], specializations: ['backend'], years_experience: 8, work_modes: ['remote'] }))
  await check('GET', '/me/profile/ats-report', '/api/v1/me/profile/ats-report', as())
  await check('GET', '/me/profile/verdict', '/api/v1/me/profile/verdict?seniority=sr&colour=blue', as())
  await check('POST', '/me/profile/ats-report', '/api/v1/me/profile/ats-report', as())
  await check('GET', '/me/screening-answers', '/api/v1/me/screening-answers', as())
  await check('PUT', '/me/screening-answers', '/api/v1/me/screening-answers', as({ authorized_countries: ['de', 'NL'], visa_sponsorship_needed: false, desired_salary_amount: 90000, desired_salary_currency: 'EUR', desired_salary_period: 'year', notice_period_days: 30 }))
  await check('GET', '/me/autofill-profile', '/api/v1/me/autofill-profile', as())
  const jobId = db.prepare("SELECT id FROM jobs WHERE public_slug = 'go-dev'").pluck().get() as number
  storeApplyForm(db, jobId, { provider: 'greenhouse', basics: ['First Name', 'Email', 'Resume/CV'], questions: [{ text: 'Why us?', required: true }, { text: 'Favourite colour', required: false }] }, '2026-11-20T00:00:00.000Z')
  await check('POST', '/me/autofill/run', '/api/v1/me/autofill/run', as({ job_id: 'go-dev' }))
  await check('POST', '/me/match-text', '/api/v1/me/match-text', as({ title: 'Go engineer', text: 'Go, Kubernetes and Rust' }))
  await check('GET', '/jobs/{slug}/match', '/api/v1/jobs/go-dev/match', as())
})

test('every résumé and profile-side operation that answers a body was called and validated', () => {
  assert.deepEqual(unchecked('/me/resume', '/me/photo', '/me/experience', '/me/profile/verdict', '/me/profile/ats-report', '/me/screening-answers', '/me/autofill-profile', '/me/autofill', '/me/match-text', '/jobs/{slug}/match'), [])
})
