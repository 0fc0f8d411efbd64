import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { jobIdBySlug } from '../../src/catalogue/job-json.ts'
import { storeApplyForm } from '../../src/catalogue/apply-forms.ts'

const CV = 'Jane Marie Doe\nBackend Engineer\nBerlin, Germany | jane@example.com | +49 30 1234567\nlinkedin.com/in/janedoe | github.com/janedoe | janedoe.dev\nSkills\nGo'

async function setup() {
  const app = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer' }), fixtureJob({ publicSlug: 'no-form', title: 'Rust Developer' })] })
  const user = await signUp(app.call, { email: 'account@example.com' })
  const key = await createApiKey(app.call, user.cookie)
  const send = (method: string, path: string, body?: unknown) => app.call(`/api/v1${path}`, { method, headers: bearerHeaders(key), body: body === undefined ? undefined : JSON.stringify(body) })
  return { ...app, user, key, send }
}

test('autofill profile: empty strings at first, the account e-mail; then résumé contacts, links and screening answers', async () => {
  const { send, call, user } = await setup()
  const empty = (await send('GET', '/me/autofill-profile')).body.data
  assert.deepEqual(Object.values(empty).filter((value) => value !== ''), ['account@example.com'])
  assert.equal(Object.keys(empty).length, 15)

  await call('/api/v1/me/resume', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ text: CV }) })
  await call('/api/v1/me/screening-answers', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ authorized_countries: ['de', 'nl'], desired_salary_amount: 90000, desired_salary_currency: 'EUR', desired_salary_period: 'year', notice_period_days: 30, willing_to_relocate: false }) })
  await call('/api/v1/me/resume/contacts', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ phone: '+49 170 000000' }) })
  assert.deepEqual((await send('GET', '/me/autofill-profile')).body.data, {
    full_name: 'Jane Marie Doe',
    first_name: 'Jane Marie',
    last_name: 'Doe',
    email: 'jane@example.com',
    phone: '+49 170 000000',
    location: 'Berlin, Germany',
    linkedin: 'https://linkedin.com/in/janedoe',
    github: 'https://github.com/janedoe',
    portfolio: 'https://janedoe.dev',
    authorized_countries: 'DE, NL',
    visa_sponsorship_needed: '',
    desired_salary: '90000 EUR/year',
    notice_period: '30 days',
    willing_to_relocate: 'no',
    age_18_or_older: '',
  })
})

test('autofill run: the fill plan of a captured form; 409 without a job, 404 without a form', async () => {
  const { send, call, user, db } = await setup()
  storeApplyForm(db, jobIdBySlug(db, 'go-dev')!, {
    provider: 'greenhouse',
    basics: ['First Name', 'Last Name', 'Email', 'Phone', 'Resume/CV', 'LinkedIn Profile', 'Website'],
    questions: [
      { text: 'Will you now or in the future require visa sponsorship?', required: true, answer: 'yes / no' },
      { text: 'What are your salary expectations?', required: true },
      { text: 'Why do you want to work at Acme?', required: true, answer: 'written answer' },
      { text: 'Favourite editor', required: false },
    ],
  }, '2026-11-20T00:00:00.000Z')
  const conflictRes = await send('POST', '/me/autofill/run', {})
  assert.equal(conflictRes.status, 409)
  assert.match(conflictRes.body.error, /no browser is connected/)
  assert.equal((await send('POST', '/me/autofill/run', { job_id: 'nope' })).status, 404)
  assert.equal((await send('POST', '/me/autofill/run', { job_id: 'no-form' })).body.error, 'no application form was captured for this job')
  assert.equal((await send('POST', '/me/autofill/run', { job_id: 5 })).status, 400)

  const before = await send('POST', '/me/autofill/run', { job_id: 'go-dev' })
  assert.deepEqual(before.body.data, {
    filled: ['Email'],
    deferred: ['First Name', 'Last Name', 'Phone', 'Resume/CV', 'LinkedIn Profile', 'Website', 'Will you now or in the future require visa sponsorship?', 'What are your salary expectations?', 'Why do you want to work at Acme?'],
    unmapped: ['Favourite editor'],
  })
  await call('/api/v1/me/resume', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ text: CV }) })
  await call('/api/v1/me/screening-answers', { method: 'PUT', headers: sessionHeaders(user.cookie), body: JSON.stringify({ visa_sponsorship_needed: false, desired_salary_amount: 90000, desired_salary_currency: 'EUR', desired_salary_period: 'year' }) })
  const after = await send('POST', '/me/autofill/run', { job_id: 'go-dev' })
  assert.deepEqual(after.body.data, {
    filled: ['First Name', 'Last Name', 'Email', 'Phone', 'LinkedIn Profile', 'Website', 'Will you now or in the future require visa sponsorship?', 'What are your salary expectations?'],
    deferred: ['Resume/CV', 'Why do you want to work at Acme?'],
    unmapped: ['Favourite editor'],
  })
  assert.equal((await call('/api/v1/me/autofill/run', { method: 'POST', body: '{}' })).status, 401)
})
