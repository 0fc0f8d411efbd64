import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'

const empty = {
  authorized_countries: [],
  visa_sponsorship_needed: null,
  desired_salary_amount: null,
  desired_salary_currency: null,
  desired_salary_period: null,
  notice_period_days: null,
  willing_to_relocate: null,
  age_18_or_older: null,
}

test('screening answers: partial updates keep omitted fields; null clears one', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const put = (body: unknown) => call('/api/v1/me/screening-answers', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify(body) })

  const initial = await call('/api/v1/me/screening-answers', { headers: sessionHeaders(alice.cookie) })
  assert.equal(initial.status, 200)
  assert.deepEqual(initial.body.data, empty)

  const first = await put({ authorized_countries: ['de', 'NL', 'DE'], desired_salary_amount: 90000, desired_salary_currency: 'EUR', desired_salary_period: 'year' })
  assert.equal(first.status, 200)
  assert.deepEqual(first.body.data, {
    ...empty,
    authorized_countries: ['DE', 'NL'],
    desired_salary_amount: 90000,
    desired_salary_currency: 'EUR',
    desired_salary_period: 'year',
  })

  const second = await put({ notice_period_days: 0, willing_to_relocate: false, age_18_or_older: true, visa_sponsorship_needed: true })
  assert.deepEqual(second.body.data, {
    ...first.body.data,
    notice_period_days: 0,
    willing_to_relocate: false,
    age_18_or_older: true,
    visa_sponsorship_needed: true,
  })

  const cleared = await put({ desired_salary_amount: null })
  assert.equal(cleared.body.data.desired_salary_amount, null)
  assert.equal(cleared.body.data.desired_salary_currency, 'EUR')
  assert.deepEqual((await call('/api/v1/me/screening-answers', { headers: sessionHeaders(alice.cookie) })).body.data, cleared.body.data)

  const bob = await signUp(call)
  assert.deepEqual((await call('/api/v1/me/screening-answers', { headers: sessionHeaders(bob.cookie) })).body.data, empty)
})

test("screening answers: each invalid value is a 400 naming the field and the value, and nothing changes", async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const put = (body: unknown) => call('/api/v1/me/screening-answers', { method: 'PUT', headers: sessionHeaders(alice.cookie), body: JSON.stringify(body) })
  await put({ authorized_countries: ['US'], notice_period_days: 30 })
  const cases: [unknown, RegExp][] = [
    [{ authorized_countries: ['US', 'XX'] }, /authorized_countries\.1.*"XX".*ISO 3166/],
    [{ authorized_countries: ['EU'] }, /authorized_countries\.0.*"EU"/],
    [{ desired_salary_currency: 'ABC' }, /desired_salary_currency.*"ABC".*ISO 4217/],
    [{ desired_salary_currency: 'EURO' }, /desired_salary_currency.*"EURO"/],
    [{ desired_salary_period: 'fortnight' }, /desired_salary_period.*"fortnight"/],
    [{ desired_salary_amount: 0 }, /desired_salary_amount.*\b0\b.*positive/],
    [{ desired_salary_amount: -5 }, /desired_salary_amount.*-5/],
    [{ desired_salary_amount: 10.5 }, /desired_salary_amount/],
    [{ notice_period_days: -1 }, /notice_period_days.*-1.*negative/],
    [{ willing_to_relocate: 'yes' }, /willing_to_relocate/],
  ]
  for (const [body, message] of cases) {
    const response = await put(body)
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.match(response.body.error, message)
  }
  const after = await call('/api/v1/me/screening-answers', { headers: sessionHeaders(alice.cookie) })
  assert.deepEqual(after.body.data.authorized_countries, ['US'])
  assert.equal(after.body.data.notice_period_days, 30)
})

test('screening answers are session only', async () => {
  const { call } = createTestApp()
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  assert.equal((await call('/api/v1/me/screening-answers', { headers: bearerHeaders(key) })).status, 401)
  assert.equal((await call('/api/v1/me/screening-answers', { method: 'PUT', headers: bearerHeaders(key), body: '{}' })).status, 401)
  assert.equal((await call('/api/v1/me/screening-answers')).status, 401)
})
