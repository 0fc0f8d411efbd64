import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { operationChecker } from '../../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { sessionCookieFrom, sessionHeaders, signUp } from '../../helpers/auth.ts'
import { allRoutes } from '../../../src/app.ts'
import { generateKeyPairSync, sign } from 'node:crypto'
import { signToken } from '../../../src/channels/signed-token.ts'
import { startFakeProvider } from '../../account/fake-oidc-provider.ts'
import { latestCode } from '../../account/mail-codes.ts'
import { stateCookieFrom } from '../../account/oauth-browser.ts'
import type { CompanyRecord } from '../../../src/catalogue/job-record.ts'
import { storeApplyForm } from '../../../src/catalogue/apply-forms.ts'
import { upsertFeedback } from '../../../src/community/feedback.ts'
import { addReply, createThread } from '../../../src/community/threads.ts'
import { createNotification } from '../../../src/channels/notifications.ts'

// The "done" check of our OpenAPI document: a real response of EVERY public operation validates
// against the response schema the document publishes for its status. Validation is strict: an
// object schema that lists its properties accepts no other key here, so a field the service
// sends but the document does not describe fails this test.
const fake = await startFakeProvider()
after(() => fake.close())

const acme: CompanyRecord = {
  slug: 'acme', name: 'Acme', tagline: 'Rockets', hqCountry: 'US', industries: ['aerospace'], subindustries: ['launch-services'], collections: ['yc'],
  companyType: 'product', companySize: '1000+', homepage: 'https://acme.example.com', yearFounded: 1949, ycBatch: ['W09'],
}
const bare: CompanyRecord = { slug: 'bare', name: 'Bare Co' }
const discordKeys = generateKeyPairSync('ed25519')
const app = createTestApp({
  jobs: [
    fixtureJob({
      company: acme, title: 'Senior Go Engineer', category: 'backend', seniority: 'senior', workMode: 'remote', url: 'https://acme.example.com/jobs/1',
      location: 'Remote (EU)', regions: ['eu'], countries: ['de'], cities: [{ name: 'Berlin', country: 'de' }], skills: [{ slug: 'go', name: 'Go' }],
      domains: ['fintech'], salaryMin: 90000, salaryMax: 120000, salaryCurrency: 'EUR', salaryPeriod: 'year', experienceYearsMin: 5, visaSponsorship: true,
      requiresClearance: true, role: 'go-developer', clusterKey: 'acme|go', postedAt: '2026-11-10T10:00:00.123Z',
      reality: { class: 'fresh', age_days: 1, repost_count: 2, mass_posting_count: 1, fake_freshness: false },
      ghost: { level: 'possible', criteria: ['no_salary_stated'], criteria_total: 6, contributors: 1 },
    }),
    fixtureJob({ company: acme, title: 'Senior Go Engineer', category: 'backend', clusterKey: 'acme|go', sourceUrl: 'https://board.example.org/2', skills: [{ slug: 'go', name: 'Go' }], postedAt: '2026-11-09T00:00:00.000Z' }),
    fixtureJob({ company: bare, title: 'Mystery Role', url: null, location: null, workMode: null, postedAt: '2026-11-08T00:00:00.000Z' }),
    fixtureJob({ company: bare, title: 'Closed Designer', category: 'design', closedAt: '2026-11-05T00:00:00.000Z' }),
  ],
  config: {
    oauthProviders: JSON.stringify([fake.provider]), oauthMobileRedirect: 'openroles://oauth',
    // The Discord interactions endpoint answers only when a bot is configured; the key pair signs below.
    discordBotToken: 'schema-check', discordPublicKey: Buffer.from(discordKeys.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex'),
  },
})
const { call, db } = app
const slug = (title: string) => db.prepare('SELECT public_slug FROM jobs WHERE title = ? ORDER BY id LIMIT 1').pluck().get(title) as string
const document = (await call('/api/v1/openapi.json')).body

const { check, answered } = operationChecker(document, call)

const json = (body: unknown): RequestInit => ({ headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const withCookie = (cookie: string, body: unknown): RequestInit => ({ headers: sessionHeaders(cookie), body: JSON.stringify(body) })

test('job search, agent search, facets and the jobs list validate, full and sparse postings alike', async () => {
  await check('GET', '/jobs/search', '/api/v1/jobs/search')
  await check('GET', '/jobs/search', '/api/v1/jobs/search?q=go&is_tech=tech&colour=blue&skill=go&limit=0')
  await check('GET', '/jobs/search', '/api/v1/jobs/search?q=golang%20senior%20-designer&highlight=true')
  await check('GET', '/agent/jobs/search', '/api/v1/agent/jobs/search?q=%22go%20engineer%22&highlight=true')
  await check('GET', '/jobs/search', '/api/v1/jobs/search?offset=99999', {}, 400)
  for (const format of ['html', 'text', 'markdown']) await check('GET', '/agent/jobs/search', `/api/v1/agent/jobs/search?description_format=${format}`)
  await check('GET', '/jobs/facets', '/api/v1/jobs/facets')
  await check('GET', '/jobs/facets', '/api/v1/jobs/facets?skills=cobol&skill=x')
  await check('GET', '/jobs/facets', '/api/v1/jobs/facets?facets=nope', {}, 400)
  await check('GET', '/jobs', '/api/v1/jobs?limit=abc&offset=-4')
})

test('single reads, similar, copies and URL lookups validate', async () => {
  for (const title of ['Senior Go Engineer', 'Mystery Role', 'Closed Designer']) await check('GET', '/jobs/{slug}', `/api/v1/jobs/${slug(title)}`)
  await check('GET', '/jobs/{slug}', '/api/v1/jobs/no-such-job', {}, 404)
  await check('GET', '/jobs/{slug}/similar', `/api/v1/jobs/${slug('Senior Go Engineer')}/similar?limit=0`)
  const copies = await check('GET', '/jobs/{slug}/copies', `/api/v1/jobs/${slug('Senior Go Engineer')}/copies`)
  assert.equal(copies.body.data.length, 1)
  await check('GET', '/jobs/{slug}/apply-form', `/api/v1/jobs/${slug('Mystery Role')}/apply-form`, {}, 404)
  const jobId = db.prepare('SELECT id FROM jobs WHERE public_slug = ?').pluck().get(slug('Senior Go Engineer')) as number
  storeApplyForm(db, jobId, { provider: 'greenhouse', basics: ['Email'], questions: [{ text: 'Why?', required: true, answer: 'written answer' }, { text: 'Website', required: false }] }, '2026-11-20T00:00:00.000Z')
  await check('GET', '/jobs/{slug}/apply-form', `/api/v1/jobs/${slug('Senior Go Engineer')}/apply-form`)
  await check('GET', '/jobs/find', `/api/v1/jobs/find?url=${encodeURIComponent('https://acme.example.com/jobs/1')}`)
  await check('GET', '/jobs/find', `/api/v1/jobs/find?url=${encodeURIComponent('https://unknown.example.com/x')}`)
  await check('GET', '/jobs/find', '/api/v1/jobs/find', {}, 400)
  await check('POST', '/jobs/resolve', '/api/v1/jobs/resolve', json({ url: 'https://board.example.org/2' }))
  await check('POST', '/jobs/resolve', '/api/v1/jobs/resolve', json({ url: 'https://unknown.example.com/x' }), 404)
})

test('companies, sub-industries, cities, suggest, stats and status validate', async () => {
  await check('GET', '/companies', '/api/v1/companies?industry=x&limit=-1')
  await check('GET', '/companies/subindustries', '/api/v1/companies/subindustries')
  await check('GET', '/companies/{slug}', '/api/v1/companies/acme')
  await check('GET', '/companies/{slug}', '/api/v1/companies/bare')
  await check('GET', '/companies/{slug}', '/api/v1/companies/nope', {}, 404)
  await check('GET', '/geo/cities', '/api/v1/geo/cities?q=munchen')
  await check('GET', '/suggest', '/api/v1/suggest?q=go')
  await check('GET', '/stats/catalog', '/api/v1/stats/catalog')
  await check('GET', '/stats/facets', '/api/v1/stats/facets?top=2')
  await check('GET', '/status', '/api/v1/status')
})

test('company reviews and threads validate', async () => {
  const writer = await signUp(call)
  upsertFeedback(db, db.prepare("SELECT id FROM companies WHERE slug = 'acme'").pluck().get() as number, writer.userId, { rating: 4, feedbackType: 'culture', body: 'Kind people.' }, { now: new Date(), perDay: 10 })
  const thread = createThread(db, writer.userId, { subjectType: 'company', subjectSlug: 'acme', title: 'Remote?', body: 'Do they hire remotely?' }, { now: new Date(), perDay: 10 })
  addReply(db, writer.userId, thread.id, { body: 'Yes.' }, { now: new Date(), perHour: 30 })
  await check('GET', '/companies/{slug}/feedback', '/api/v1/companies/acme/feedback?limit=0')
  await check('GET', '/companies/{slug}/feedback', '/api/v1/companies/nope/feedback', {}, 404)
  await check('GET', '/threads', '/api/v1/threads?subject_type=company&subject_slug=acme')
  await check('GET', '/threads', '/api/v1/threads?subject_type=person&subject_slug=acme', {}, 400)
  await check('GET', '/threads/count', '/api/v1/threads/count?subject_type=company&subject_slug=acme')
  await check('GET', '/threads/{id}', `/api/v1/threads/${thread.id}`)
  await check('GET', '/threads/{id}', '/api/v1/threads/999999', {}, 404)
  await check('GET', '/threads/recent', '/api/v1/threads/recent')
})

test('the insights and usage stats validate', async () => {
  await check('GET', '/insights/roles', '/api/v1/insights/roles')
  await check('GET', '/insights/skills', '/api/v1/insights/skills?category=backend')
  await check('GET', '/insights/salary', '/api/v1/insights/salary?category=backend')
  await check('GET', '/insights/velocity', '/api/v1/insights/velocity?granularity=week')
  await check('GET', '/insights/companies', '/api/v1/insights/companies?min_open=0')
  await check('GET', '/stats/user-growth', '/api/v1/stats/user-growth')
  await check('GET', '/stats/engagement', '/api/v1/stats/engagement')
  await check('GET', '/stats/jobs-activity', '/api/v1/stats/jobs-activity?granularity=week')
  await check('POST', '/ojcp/v1/search', '/api/v1/ojcp/v1/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'remote engineer' }) })
  const ojcpSlug = db.prepare('SELECT public_slug FROM jobs LIMIT 1').pluck().get() as string
  await check('GET', '/ojcp/v1/jobs/{job_id}', `/api/v1/ojcp/v1/jobs/${ojcpSlug}`)
  await check('GET', '/ojcp/v1/employers/{employer_id}', `/api/v1/ojcp/v1/employers/${db.prepare('SELECT slug FROM companies LIMIT 1').pluck().get()}`)
  await check('POST', '/search/interpret', '/api/v1/search/interpret', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'remote senior go jobs in Berlin over 90k EUR' }) })
})

test('the service documents validate: the OpenAPI document and the reference page', async () => {
  await check('GET', '/openapi.json', '/api/v1/openapi.json')
  await check('GET', '/docs', '/api/v1/docs')
})

test('the public account operations validate', async () => {
  const email = 'schema-check@example.org'
  const password = 'a long enough passphrase'
  await check('POST', '/auth/register', '/api/v1/auth/register', json({ email, password }), 201)
  await check('POST', '/auth/register', '/api/v1/auth/register', json({ email, password }), 409)
  const login = await check('POST', '/auth/login', '/api/v1/auth/login', json({ email, password }))
  const cookie = sessionCookieFrom(login.headers)!
  await check('POST', '/auth/login', '/api/v1/auth/login', json({ email, password: 'wrong wrong wrong' }), 401)
  await check('POST', '/auth/verify/request', '/api/v1/auth/verify/request', json({ email }))
  await check('POST', '/auth/verify/confirm', '/api/v1/auth/verify/confirm', withCookie(cookie, { code: latestCode(db, email, /verification code/) }))
  await check('POST', '/auth/password/forgot', '/api/v1/auth/password/forgot', json({ email }))
  await app.ctx.background.idle()
  const code = latestCode(db, email, /password reset/)
  await check('POST', '/auth/password/reset', '/api/v1/auth/password/reset', json({ email, code, new_password: 'another long passphrase' }))
  await check('GET', '/auth/session', '/api/v1/auth/session', { headers: sessionHeaders(cookie) })
  await check('POST', '/auth/logout', '/api/v1/auth/logout', withCookie(cookie, {}))
  await check('GET', '/auth/session', '/api/v1/auth/session')
  const other = await signUp(call)
  assert.ok(other.cookie)
})

test('the OAuth operations validate: providers, start and callback redirects, the mobile exchange', async () => {
  await check('GET', '/auth/oauth/providers', '/api/v1/auth/oauth/providers')
  const start = await check('GET', '/auth/oauth/{provider}/start', '/api/v1/auth/oauth/fake/start?client=mobile', {}, 302)
  const grant = fake.authorize(start.headers.get('location')!, { sub: 'schema-1', email: 'mobile-schema@example.org', email_verified: true })
  const browser = { headers: { cookie: stateCookieFrom(start.headers) } }
  const callback = await check('GET', '/auth/oauth/{provider}/callback', `/api/v1/auth/oauth/fake/callback?code=${grant.code}&state=${grant.state}`, browser, 302)
  assert.equal(sessionCookieFrom(callback.headers), null)
  const code = new URL(callback.headers.get('location')!).searchParams.get('code')!
  await check('POST', '/auth/oauth/exchange', '/api/v1/auth/oauth/exchange', json({ code }))
  await check('POST', '/auth/oauth/exchange', '/api/v1/auth/oauth/exchange', json({ code }), 400)
  await check('GET', '/auth/oauth/{provider}/start', '/api/v1/auth/oauth/nope/start', {}, 404)
})

test('the signed-in operations in the reference web app\'s shapes validate too', async () => {
  const alice = await signUp(call)
  const as = (body?: unknown): RequestInit => ({ headers: { 'content-type': 'application/json', cookie: alice.cookie }, body: body === undefined ? undefined : JSON.stringify(body) })
  await check('GET', '/me/profile', '/api/v1/me/profile', as())
  const profile = { skills: ['go', { name: 'SQL', level: 'advanced' }], excluded_skills: ['php'], specializations: ['backend'], location_preferences: { work_modes: ['remote'], remote: { regions: ['eu'], countries: ['de'] }, base: { country: 'pt', city: 'Lisbon' }, relocation: { open: false, regions: [], countries: [], cities: [] } } }
  await check('PUT', '/me/profile', '/api/v1/me/profile', as(profile))
  await check('GET', '/me/profile', '/api/v1/me/profile', as())
  const search = await check('POST', '/me/searches', '/api/v1/me/searches', as({ name: 'Remote Go', query: 'skills=go&skill=go' }), 201)
  await check('PATCH', '/me/searches/{id}', `/api/v1/me/searches/${search.body.data.id}`, as({ name: 'Remote Go jobs' }))
  const subscription = await check('POST', '/me/subscriptions', '/api/v1/me/subscriptions', as({ saved_search_id: search.body.data.id, channel: 'push' }), 201)
  await check('PATCH', '/me/subscriptions/{id}', `/api/v1/me/subscriptions/${subscription.body.data.id}`, as({ active: false }))
  await check('GET', '/me/subscriptions', '/api/v1/me/subscriptions', as())
  await check('GET', '/me/searches', '/api/v1/me/searches', as())
  await check('GET', '/me/notification-settings', '/api/v1/me/notification-settings', as())
  await check('PUT', '/me/notification-settings', '/api/v1/me/notification-settings', as({ enabled: true, channels: ['email', 'telegram'] }))
  await check('PUT', '/me/notification-settings', '/api/v1/me/notification-settings', as({ enabled: true, channels: [] }), 400)
  const job = { public_slug: 'senior-go', title: 'Senior Go Engineer', company: 'Acme', location: null, work_mode: 'remote', created_at: '2026-11-10T10:00:00.000Z' }
  createNotification(db, { userId: alice.userId, kind: 'subscription_digest', title: 'Remote Go: 1 new posting', body: 'Senior Go Engineer at Acme', jobs: [job] })
  const page = await check('GET', '/me/notifications', '/api/v1/me/notifications', as())
  assert.equal(page.body.meta.unread_count, 1)
  const list = await check('POST', '/me/lists', '/api/v1/me/lists', as({ name: 'Shortlist' }), 201)
  const listId = list.body.data.id
  await call(`/api/v1/me/lists/${listId}/jobs`, { method: 'POST', ...as({ job_slug: db.prepare('SELECT public_slug FROM jobs LIMIT 1').pluck().get() }) })
  await check('GET', '/me/lists', '/api/v1/me/lists', as())
  await check('GET', '/me/lists/{id}', `/api/v1/me/lists/${listId}`, as())
  await check('PATCH', '/me/lists/{id}', `/api/v1/me/lists/${listId}`, as({ description: 'Q3' }))
  const shared = await check('POST', '/me/lists/{id}/share', `/api/v1/me/lists/${listId}/share`, as())
  await check('GET', '/lists/{slug}', `/api/v1/lists/${shared.body.data.public_slug}`)
  await check('GET', '/me/webhook', '/api/v1/me/webhook', as())
  await check('GET', '/me/market-pulse', '/api/v1/me/market-pulse', as())
  await check('POST', '/me/webhook', '/api/v1/me/webhook', as({ url: 'https://hooks.example.org/openroles' }), 201)
  await check('POST', '/me/webhook', '/api/v1/me/webhook', as({ url: 'https://hooks.example.org/openroles', rotate_secret: true }))
  await check('PATCH', '/me/webhook', '/api/v1/me/webhook', as({ enabled: false }))
  await check('GET', '/me/webhook', '/api/v1/me/webhook', as())
  const notification = page.body.data[0].id
  await check('GET', '/me/notifications/{id}', `/api/v1/me/notifications/${notification}`, as())
  await check('POST', '/me/notifications/{id}/read', `/api/v1/me/notifications/${notification}/read`, as())
  await check('POST', '/me/notifications/read-all', '/api/v1/me/notifications/read-all', as())
  await check('GET', '/auth/me', '/api/v1/auth/me', as())
  await check('POST', '/me/api-keys', '/api/v1/me/api-keys', as({ name: 'laptop' }), 201)
  await check('GET', '/me/api-keys', '/api/v1/me/api-keys', as())
  await check('PATCH', '/me/timezone', '/api/v1/me/timezone', { ...as({ timezone: 'Europe/Berlin' }) })
  await check('PATCH', '/me/language', '/api/v1/me/language', { ...as({ language: 'en' }) })
  await check('GET', '/me/telegram', '/api/v1/me/telegram', as())
  await check('GET', '/me/discord', '/api/v1/me/discord', as())
  await check('POST', '/me/discord/link', '/api/v1/me/discord/link', as())
  await check('POST', '/companies/{slug}/feedback', '/api/v1/companies/acme/feedback', as({ rating: 4, feedback_type: 'interview', body: 'Friendly and quick.' }), 201)
  await check('POST', '/market/coverage', '/api/v1/market/coverage?work_mode=remote&skils=go', as({ skills: ['go', 'rust'] }))
  const thread = await check('POST', '/threads', '/api/v1/threads', as({ subject_type: 'company', subject_slug: 'acme', title: 'Interview process?', body: 'How many rounds?' }), 201)
  await check('POST', '/threads/{id}/replies', `/api/v1/threads/${thread.body.data.id}/replies`, as({ body: 'Three, in my case.' }), 201)
  await check('POST', '/me/password', '/api/v1/me/password', as({ current_password: alice.password, password: 'yet another passphrase' }))
})

test('the delivery-channel public operations validate: VAPID key, unsubscribe, Discord interactions', async () => {
  await check('GET', '/web-push/key', '/api/v1/web-push/key')
  const alice = await signUp(call)
  const token = signToken(db, { purpose: 'unsub', userId: alice.userId })
  await check('GET', '/unsubscribe', `/api/v1/unsubscribe?token=${token}`)
  await check('POST', '/unsubscribe', `/api/v1/unsubscribe?token=${token}`)
  await check('GET', '/unsubscribe', '/api/v1/unsubscribe?token=nope', {}, 400)
  const raw = JSON.stringify({ type: 1 })
  const timestamp = String(Math.floor(Date.now() / 1000))
  const signature = sign(null, Buffer.from(timestamp + raw), discordKeys.privateKey).toString('hex')
  await check('POST', '/discord/interactions', '/api/v1/discord/interactions', { body: raw, headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp } })
})

test('every public operation was answered with a success and validated', () => {
  const publicOperations = allRoutes(app.ctx)
    .filter((route) => route.auth === 'public')
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
  const missing = publicOperations.filter((operation) => !(answered.get(operation) ?? []).some((status) => status < 400))
  assert.deepEqual(missing, [], 'public operations without a validated success response')
})

test('no success of any operation leaves a generated client with `unknown`', () => {
  // Each 2xx answer with a body has a schema (or its own media type), never the generic envelope,
  // and no part of it is a value of no type or an object of unnamed members.
  const untyped: string[] = []
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(item)) {
      for (const [status, response] of Object.entries<any>(operation.responses)) {
        if (!/^2/.test(status) || status === '204') continue
        const where = `${method.toUpperCase()} ${path} ${status}`
        if (!response.content) untyped.push(`${where}: no content`)
        for (const [media, { schema }] of Object.entries<any>(response.content ?? {})) {
          if (media !== 'application/json') continue
          for (const hole of untypedParts(schema, new Set())) untyped.push(`${where}: ${hole}`)
        }
      }
    }
  }
  assert.deepEqual(untyped, [])
})

/** The places in a schema (following $refs once each) where a client learns no type. */
function untypedParts(schema: any, seen: Set<string>, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return []
  if (schema.$ref) {
    if (schema.$ref === '#/components/schemas/Envelope') return [`${at} is the generic envelope`]
    if (seen.has(schema.$ref)) return []
    seen.add(schema.$ref)
    return untypedParts(document.components.schemas[schema.$ref.split('/').pop()], seen, schema.$ref)
  }
  const out: string[] = []
  const alternatives = schema.oneOf ?? schema.anyOf ?? schema.allOf
  if (alternatives) alternatives.forEach((s: any, i: number) => out.push(...untypedParts(s, seen, `${at}|${i}`)))
  else if (schema.type === undefined && schema.const === undefined && schema.enum === undefined) out.push(`${at} has no type`)
  const types = [schema.type].flat()
  if (types.includes('object') && !schema.properties && !schema.additionalProperties && !schema.patternProperties) out.push(`${at} is an object of unnamed members`)
  for (const [name, property] of Object.entries<any>(schema.properties ?? {})) out.push(...untypedParts(property, seen, `${at}.${name}`))
  if (typeof schema.additionalProperties === 'object') out.push(...untypedParts(schema.additionalProperties, seen, `${at}[*]`))
  if (schema.items) out.push(...untypedParts(schema.items, seen, `${at}[]`))
  return out
}
