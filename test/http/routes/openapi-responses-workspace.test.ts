import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { operationChecker } from '../../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { sessionHeaders, signUp, TEST_ORIGIN } from '../../helpers/auth.ts'
import { renderTextPdf } from '../../../src/community/pdf.ts'

// Issue 44, point 8: the remaining signed-in operations answer what the OpenAPI document
// publishes, checked strictly (an undocumented field fails) on real answers: submissions,
// referrals (the PDFs by their media type), reported reviews, the extension grant, the accounts
// list, a saved search's feed, push tokens and a pasted vacancy.

// A push gateway stand-in that takes every message.
const gateway = createServer((req, res) => {
  let text = ''
  req.on('data', (chunk) => (text += chunk))
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results: JSON.parse(text).messages.map((m: { token: string }) => ({ token: m.token, status: 200 })) })))
})
await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
after(() => new Promise<void>((resolve) => gateway.close(() => resolve())))

const app = createTestApp({
  jobs: [fixtureJob({ publicSlug: 'acme-backend', url: 'https://acme.example/careers/backend-1', company: { slug: 'acme', name: 'Acme' } })],
  config: { pushGatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/push` },
})
const { call, db } = app
const document = (await call('/api/v1/openapi.json')).body
const { check, unchecked } = operationChecker(document, call)

async function person(role: 'user' | 'moderator' = 'user') {
  const user = await signUp(call)
  if (role === 'moderator') db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(user.userId)
  return { ...user, as: (body?: unknown): RequestInit => ({ headers: sessionHeaders(user.cookie), body: body === undefined ? undefined : JSON.stringify(body) }) }
}
const alice = await person()
const mod = await person('moderator')

test('submissions validate: sent, prefilled, listed, queued, approved and rejected', async () => {
  const sent = await check('POST', '/submissions', '/api/v1/submissions', alice.as({ url: 'https://jobs.lever.co/globex/1', title: 'Rust Engineer', company: 'Globex', remote: true, skills: ['Rust', 'nonsense'], work_mode: 'remote', salary_min: 90000, salary_currency: 'EUR', salary_period: 'year' }), 201)
  const other = await check('POST', '/submissions', '/api/v1/submissions', alice.as({ url: 'https://globex.example/jobs/2', title: 'Designer', company: 'Globex' }), 201)
  await check('POST', '/submissions/prefill', '/api/v1/submissions/prefill', alice.as({ url: 'https://acme.example/careers/backend-1' }))
  await check('POST', '/submissions/prefill', '/api/v1/submissions/prefill', alice.as({ url: 'https://nowhere.example/x' }))
  await check('GET', '/submissions', '/api/v1/submissions', mod.as())
  await check('POST', '/submissions/{id}/approve', `/api/v1/submissions/${sent.body.data.id}/approve`, mod.as())
  await check('POST', '/submissions/{id}/reject', `/api/v1/submissions/${other.body.data.id}/reject`, mod.as({ reason: 'Not a tech role.' }))
  const mine = await check('GET', '/me/submissions', '/api/v1/me/submissions', alice.as())
  assert.ok(mine.body.data.some((submission: { job_slug?: string }) => submission.job_slug), 'an approved one names its posting')
})

test('referrals validate: an offer, a request, the incoming view and its CV, the resolution, the proof', async () => {
  const referrer = await person()
  const form = new FormData()
  form.append('company_slug', 'acme')
  form.append('linkedin_url', 'https://www.linkedin.com/in/referrer-example')
  form.append('file', new Blob([new Uint8Array(renderTextPdf(['Employment certificate']))], { type: 'application/pdf' }), 'proof.pdf')
  const offer = await check('POST', '/me/referrals/offers', '/api/v1/me/referrals/offers', { headers: { cookie: referrer.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, body: form }, 201)
  await check('GET', '/me/referrals/offers', '/api/v1/me/referrals/offers', referrer.as())
  await check('GET', '/referrals/offers', '/api/v1/referrals/offers', mod.as())
  await check('GET', '/referrals/offers/{id}/proof', `/api/v1/referrals/offers/${offer.body.data.id}/proof`, mod.as())
  await check('POST', '/referrals/offers/{id}/decide', `/api/v1/referrals/offers/${offer.body.data.id}/decide`, mod.as({ approve: true }))
  await check('PUT', '/me/profile', '/api/v1/me/profile', alice.as({ headline: 'Backend engineer', skills: ['Go'] }))
  const request = { company_slug: 'acme', job_id: 'acme-backend', cv_kind: 'original', linkedin_url: 'https://www.linkedin.com/in/alice-example', contact_email: 'alice@example.org', note: 'Happy to talk.' }
  await check('POST', '/me/referrals/requests', '/api/v1/me/referrals/requests', alice.as(request), 201)
  await check('GET', '/me/referrals/requests', '/api/v1/me/referrals/requests', alice.as())
  const incoming = await check('GET', '/me/referrals/incoming', '/api/v1/me/referrals/incoming', referrer.as())
  const id = incoming.body.data[0].id
  await check('GET', '/me/referrals/incoming/{id}/cv', `/api/v1/me/referrals/incoming/${id}/cv`, referrer.as())
  await check('POST', '/me/referrals/incoming/{id}/resolve', `/api/v1/me/referrals/incoming/${id}/resolve`, referrer.as({ status: 'contacted' }))
  await check('GET', '/me/referrals/requests', '/api/v1/me/referrals/requests', alice.as())
})

test('reported reviews validate', async () => {
  const review = await check('POST', '/companies/{slug}/feedback', '/api/v1/companies/acme/feedback', alice.as({ rating: 2, feedback_type: 'culture', body: 'Long hours.' }), 201)
  await check('POST', '/company-feedback/{id}/report', `/api/v1/company-feedback/${review.body.data.id}/report`, mod.as({ reason: 'false_information' }), 204)
  const reported = await check('GET', '/company-feedback/reported', '/api/v1/company-feedback/reported', mod.as())
  assert.equal(reported.body.data.length, 1)
})

test('the extension grant, the accounts list, a feed URL, push tokens and a pasted vacancy validate', async () => {
  await check('GET', '/auth/extension/connect', '/api/v1/auth/extension/connect', alice.as())
  await check('POST', '/auth/extension/connect', '/api/v1/auth/extension/connect', alice.as({ consent: true }), 201)
  await check('GET', '/admin/users', '/api/v1/admin/users?q=example&limit=2', mod.as())
  const search = await check('POST', '/me/searches', '/api/v1/me/searches', alice.as({ name: 'Go', query: 'skills=go' }), 201)
  await check('POST', '/me/searches/{id}/feed', `/api/v1/me/searches/${search.body.data.id}/feed`, alice.as())
  await check('POST', '/me/push-tokens', '/api/v1/me/push-tokens', alice.as({ token: 'device-1', platform: 'android' }), 204)
  await check('GET', '/me/push-tokens', '/api/v1/me/push-tokens', alice.as())
  await check('POST', '/me/push-tokens/test', '/api/v1/me/push-tokens/test', alice.as())
  const pasted = await check('POST', '/me/jd/resolve', '/api/v1/me/jd/resolve', alice.as({ text: 'Senior Go Engineer\nRemote in the EU. Go, Kubernetes, PostgreSQL. 5+ years. EUR 90,000 - 110,000 a year.', company: 'Initech' }))
  await check('GET', '/me/jd/{slug}', `/api/v1/me/jd/${pasted.body.data.job_slug}`, alice.as())
  await check('GET', '/jobs/{slug}', `/api/v1/jobs/${pasted.body.data.job_slug}`, alice.as())
  await check('GET', '/jobs/{slug}', '/api/v1/jobs/acme-backend', alice.as())
})

test('every operation of these areas that answers a body was called and validated', () => {
  assert.deepEqual(unchecked('/submissions', '/me/submissions', '/me/referrals', '/referrals', '/company-feedback', '/auth/extension', '/admin/users', '/me/searches/{id}/feed', '/me/push-tokens', '/me/jd'), [])
})
