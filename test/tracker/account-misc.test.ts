import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, senderWith, sessionHeaders, signIn, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { storeApplyForm } from '../../src/catalogue/apply-forms.ts'

async function setup(config = {}) {
  const app = createTestApp({
    config,
    jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', url: 'https://boards.greenhouse.io/acme/jobs/1', company: { slug: 'acme', name: 'Acme' } })],
  })
  const alice = await signUp(app.call)
  const key = await createApiKey(app.call, alice.cookie)
  const as = (headers: Record<string, string>) => senderWith(app.call, headers)
  return { ...app, alice, send: as(sessionHeaders(alice.cookie)), withKey: as(bearerHeaders(key)) }
}

test('the user object has its documented fields; timezone and language are checked and stored', async () => {
  const { send, withKey, call } = await setup()
  const me = (await send('GET', '/auth/me')).body.data
  assert.deepEqual(Object.keys(me).sort(), ['beta_tester', 'created_at', 'credential', 'email', 'email_verified', 'has_password', 'id', 'language', 'onboarding_completed_at', 'role', 'timezone'])
  assert.equal(me.timezone, null)
  assert.equal(me.language, 'en')

  const set = await send('PATCH', '/me/timezone', { timezone: 'Europe/Berlin' })
  assert.equal(set.status, 200)
  assert.equal(set.body.data.timezone, 'Europe/Berlin')
  // The name sent is stored, also a link name the tz database maps to another zone.
  for (const timezone of ['US/Pacific', 'Asia/Calcutta', 'Etc/GMT+5']) assert.equal((await send('PATCH', '/me/timezone', { timezone })).body.data.timezone, timezone)
  assert.equal((await send('PATCH', '/me/timezone', { timezone: 'europe/berlin' })).body.data.timezone, 'Europe/Berlin', 'only the letter case is corrected')
  for (const timezone of ['Mars/Olympus', '', 'Europe/../etc', 42]) {
    const response = await send('PATCH', '/me/timezone', { timezone })
    assert.equal(response.status, 400, String(timezone))
    assert.equal(response.body.error, 'invalid timezone')
  }
  assert.equal((await send('GET', '/auth/me')).body.data.timezone, 'Europe/Berlin', 'a refused value changes nothing')
  assert.equal((await send('PATCH', '/me/language', { language: 'de' })).body.data.language, 'de')
  assert.equal((await send('PATCH', '/me/language', { language: 'klingon' })).body.error, 'invalid language')
  // Cookie-only: an API key is refused.
  assert.equal((await withKey('PATCH', '/me/timezone', { timezone: 'UTC' })).status, 401)

  // Registration takes an optional time zone for the new account, dropping an unknown one silently.
  const register = (email: string, timezone: string) =>
    call('/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ email, password: 'correct horse battery staple', timezone }),
    })
  const zoneOf = async (email: string) => {
    const cookie = await signIn(call, email, 'correct horse battery staple')
    return (await call('/api/v1/auth/me', { headers: sessionHeaders(cookie) })).body.data.timezone
  }
  assert.equal((await register('tz@example.org', 'asia/tokyo')).status, 201)
  assert.equal(await zoneOf('tz@example.org'), 'Asia/Tokyo', 'stored in the database\'s letter case')
  assert.equal((await register('tz3@example.org', 'US/Pacific')).body.data.timezone, 'US/Pacific', 'a link name is stored as sent')
  assert.equal((await register('tz2@example.org', 'Nowhere/Land')).status, 201)
  assert.equal(await zoneOf('tz2@example.org'), null)
})

test('jd/resolve: a slug, a URL through the catalogue index, or pasted text as a private job', async () => {
  const { send, withKey, call } = await setup({ jdUrlsPerHour: 2 })
  for (const body of [{}, { job_slug: 'go-dev', text: 'x' }, { url: 'https://a.example/1', text: 'x' }]) {
    const response = await send('POST', '/me/jd/resolve', body)
    assert.equal(response.status, 400)
    assert.equal(response.body.error, 'exactly one of job_slug, url, or text is required')
  }
  assert.deepEqual((await send('POST', '/me/jd/resolve', { job_slug: 'go-dev' })).body, { data: { job_slug: 'go-dev' } })
  assert.equal((await send('POST', '/me/jd/resolve', { job_slug: 'nope' })).body.error, 'job not found')
  assert.deepEqual((await send('POST', '/me/jd/resolve', { url: 'http://www.boards.greenhouse.io/acme/jobs/1?utm_source=x' })).body, { data: { job_slug: 'go-dev' } })
  assert.equal((await send('POST', '/me/jd/resolve', { url: 'javascript:alert(1)' })).status, 400)

  const unknown = await send('POST', '/me/jd/resolve', { url: 'https://jobs.lever.co/globex/abc-123' })
  assert.equal(unknown.status, 422)
  assert.equal(unknown.body.error, 'could not read a vacancy from that url')
  const contributions = (await withKey('GET', '/me/contributions')).body.data
  assert.deepEqual(contributions.map((c: any) => [c.url, c.source, c.board, c.status, c.surface]), [['https://jobs.lever.co/globex/abc-123', 'lever', 'globex', 'pending', 'jd_resolve']])
  assert.equal((await send('POST', '/me/jd/resolve', { url: 'https://careers.initech.example/9' })).status, 422)
  const limited = await send('POST', '/me/jd/resolve', { url: 'https://careers.initech.example/10' })
  assert.equal(limited.status, 429)
  assert.equal(typeof limited.headers.get('retry-after'), 'string')

  const text = 'Senior Rust Engineer\n\nWe build payment infrastructure. You will write Rust and PostgreSQL services, fully remote. 5+ years of experience.'
  const pasted = await send('POST', '/me/jd/resolve', { text, company: 'Hooli' })
  assert.equal(pasted.status, 200)
  const slug = pasted.body.data.job_slug
  assert.match(slug, /^private-[0-9a-f]{16}$/)
  const job = (await withKey('GET', `/me/jd/${slug}`)).body.data
  assert.equal(job.title, 'Senior Rust Engineer')
  assert.equal(job.company, 'Hooli')
  assert.equal(job.private, true)
  assert.ok(job.skills.includes('rust') && job.skills.includes('postgresql'), 'enriched like an import')
  assert.equal(job.enrichment.seniority, 'senior')

  // Never public: not a catalogue job, not in search, facets, suggestions or company pages.
  assert.equal((await call(`/api/v1/jobs/${slug}`)).status, 404)
  assert.equal((await call(`/api/v1/jobs/${slug}/similar`)).status, 404)
  assert.equal((await call('/api/v1/jobs/search?q=rust')).body.meta.total, 0)
  assert.equal((await call('/api/v1/jobs/search?q=hooli')).body.meta.total, 0)
  assert.equal((await call('/api/v1/jobs/facets')).body.data.total, 1)
  assert.equal((await call('/api/v1/companies/hooli')).status, 404)
  assert.equal(JSON.stringify((await call('/api/v1/companies/search?q=hooli')).body.data ?? []), '[]')
  assert.doesNotMatch(JSON.stringify((await call('/api/v1/suggest?q=hoo')).body), /hooli/i)
  assert.equal((await call(`/jobs/${slug}`)).status, 404, 'no server-rendered page')
  assert.doesNotMatch((await call('/feeds/jobs.atom?q=rust')).body, /Rust Engineer/)
  const sitemaps = await call('/sitemap.xml')
  for (const loc of String(sitemaps.body).match(/<loc>[^<]+<\/loc>/g) ?? []) {
    const path = new URL(loc.slice(5, -6)).pathname
    assert.doesNotMatch(String((await call(path)).body), /private-/)
  }
  const other = await signUp(call)
  assert.equal((await call(`/api/v1/me/jd/${slug}`, { headers: sessionHeaders(other.cookie) })).status, 404)
  // Cookie-only.
  assert.equal((await withKey('POST', '/me/jd/resolve', { text })).status, 401)
})

test('apply-form: a stored form, 404 otherwise', async () => {
  const { call, db } = await setup()
  const missing = await call('/api/v1/jobs/go-dev/apply-form')
  assert.equal(missing.status, 404)
  assert.equal((await call('/api/v1/jobs/nope/apply-form')).body.error, 'job not found')
  const form = {
    provider: 'greenhouse',
    basics: ['First name', 'Last name', 'Email', 'Resume/CV'],
    questions: [
      { text: 'Why Acme?', required: true, answer: 'written answer' as const },
      { text: 'LinkedIn profile', required: false },
      { text: 'Are you authorised to work in Germany?', required: true, answer: 'yes / no' as const },
    ],
  }
  storeApplyForm(db, db.prepare("SELECT id FROM jobs WHERE public_slug = 'go-dev'").pluck().get() as number, form, new Date().toISOString())
  const found = await call('/api/v1/jobs/go-dev/apply-form')
  assert.equal(found.status, 200)
  assert.deepEqual(found.body.data, form)
})
