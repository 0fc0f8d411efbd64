import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { openPageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'
import { renderTextPdf } from '../../src/community/pdf.ts'

// The company page's reviews and discussions, and the moderators' queue, in real headless Chromium.
const harness = await openPageHarness(pageCatalogue())
after(() => harness.close())

/** Signs up and in through the API from inside the browser context, so the session cookie lands in it. */
async function signUpInBrowser(email: string): Promise<number> {
  const { page, origin } = harness
  const data = { email, password: 'correct horse battery staple' }
  assert.equal((await page.request.post(`${origin}/api/v1/auth/register`, { data, headers: { origin } })).status(), 201)
  const login = await page.request.post(`${origin}/api/v1/auth/login`, { data, headers: { origin } })
  assert.equal(login.status(), 200)
  return (await login.json()).data.id as number
}

test('a visitor sees the rating and reviews; a signed-in person writes a review and a discussion, shown as text', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/companies/acme`)
  await page.waitForSelector('.hint')
  assert.equal(await page.locator('#rating-summary').textContent(), 'No reviews yet')
  assert.equal(await page.locator('#review-form').count(), 0, 'no form without a session')

  await signUpInBrowser('writer@example.org')
  await page.reload()
  await page.waitForSelector('#review-form')
  await page.selectOption('#review-rating', '4')
  await page.selectOption('#review-type', 'culture')
  const hostile = '<img src=x onerror="window.pwned=1">Kind people'
  await page.fill('#review-body', hostile)
  await page.click('#review-form button[type=submit]')
  await page.waitForSelector('.review-list .review')
  assert.equal(await page.locator('.review-list .review .review-body').first().textContent(), hostile, 'rendered as text')
  assert.equal(await page.locator('.review-list img').count(), 0)
  assert.equal(await page.evaluate(() => (window as any).pwned), undefined)
  assert.equal(await page.locator('#rating-summary').textContent(), '★ 4.0 from 1 review')
  const api = await harness.api('/api/v1/companies/acme/feedback')
  assert.match(await page.locator('.review-meta').first().textContent() ?? '', new RegExp(api.data[0].author))

  await page.click('#review-form button[type=submit]')
  await page.waitForFunction(() => document.querySelector('#review-form .form-error')?.textContent === 'body is required')

  await page.fill('#thread-title', 'Do they hire juniors?')
  await page.fill('#thread-body', 'Asking for a friend.')
  await page.click('#thread-form button[type=submit]')
  await page.waitForSelector('.thread-list .thread .thread-title')
  assert.equal(await page.locator('.thread-list .thread-title').first().textContent(), 'Do they hire juniors?')
  const threads = await harness.api('/api/v1/threads?subject_type=company&subject_slug=acme')
  assert.equal(threads.data.length, 1)
})

test('a moderator hides a reported review, approves a submission and a referral offer from the queue', async () => {
  const { page, origin, db } = harness
  const userId = await signUpInBrowser('mod@example.org')
  const review = (await harness.api('/api/v1/companies/acme/feedback')).data[0]
  assert.equal((await page.request.post(`${origin}/api/v1/company-feedback/${review.id}/report`, { data: { reason: 'spam' }, headers: { origin } })).status(), 204)
  const submitted = await page.request.post(`${origin}/api/v1/submissions`, { data: { url: 'https://hooli.example/jobs/7', title: 'Compiler Engineer', company: 'Hooli' }, headers: { origin } })
  assert.equal(submitted.status(), 201)
  const offered = await page.request.post(`${origin}/api/v1/me/referrals/offers`, {
    headers: { origin },
    multipart: { company_slug: 'globex', linkedin_url: 'https://www.linkedin.com/in/mod', file: { name: 'proof.pdf', mimeType: 'application/pdf', buffer: renderTextPdf(['Employment certificate']) } },
  })
  assert.equal(offered.status(), 201)

  await page.goto(`${origin}/moderation`)
  await page.waitForSelector('[role=alert]')
  assert.equal(await page.locator('#reported-reviews').count(), 0, 'not a moderator yet')
  db.prepare("UPDATE users SET role = 'moderator' WHERE id = ?").run(userId)
  await page.reload()
  await page.waitForSelector('.site-header .header-link')
  await page.waitForSelector('#reported-reviews:not([aria-busy]) .mod-item')
  await page.locator('#reported-reviews .mod-item button', { hasText: 'Hide' }).click()
  await page.waitForSelector('#reported-reviews .empty')
  assert.equal((await harness.api('/api/v1/companies/acme/feedback')).meta.total, 0)

  await page.waitForSelector('#pending-submissions .mod-item')
  assert.match(await page.locator('#pending-submissions .mod-title').textContent() ?? '', /Compiler Engineer/)
  await page.locator('#pending-submissions .mod-item button', { hasText: 'Approve' }).click()
  await page.waitForSelector('#pending-submissions .empty')
  assert.equal((await harness.api('/api/v1/jobs/search?q=compiler')).meta.total, 1)

  await page.waitForSelector('#pending-offers .mod-item')
  const proof = await page.request.get(`${origin}${await page.locator('#pending-offers .proof-link').getAttribute('href')}`)
  assert.deepEqual([proof.status(), proof.headers()['content-type']], [200, 'application/pdf'])
  await page.locator('#pending-offers .mod-item button', { hasText: 'Approve offer' }).click()
  await page.waitForSelector('#pending-offers .empty')
  assert.equal((await harness.api('/api/v1/companies/globex')).data.referral_available, true)
})

test('a seeker asks for a referral on the company page; the referrer reads the CV and resolves it from /referrals', async () => {
  const { page, origin, db } = harness
  const referrerId = await signUpInBrowser('referrer@example.org')
  await page.goto(`${origin}/referrals`)
  await page.waitForSelector('#offer-form')
  await page.fill('#offer-company', 'acme')
  await page.fill('#offer-linkedin', 'https://www.linkedin.com/in/referrer')
  await page.setInputFiles('#offer-file', { name: 'not-a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text pretending') })
  await page.click('#offer-form button[type=submit]')
  await page.waitForFunction(() => document.querySelector('#offer-form .form-error')?.textContent === 'invalid PDF')
  await page.setInputFiles('#offer-file', { name: 'proof.pdf', mimeType: 'application/pdf', buffer: renderTextPdf(['Employment certificate']) })
  await page.click('#offer-form button[type=submit]')
  await page.waitForFunction(() => document.querySelector('#my-offers li')?.textContent === 'Acme: pending')
  db.prepare("UPDATE referral_offers SET status = 'approved' WHERE user_id = ?").run(referrerId)

  await signUpInBrowser('seeker@example.org')
  const profile = await page.request.put(`${origin}/api/v1/me/profile`, { headers: { origin }, data: { headline: 'Platform engineer', skills: [{ name: 'Kubernetes', level: 'advanced' }] } })
  assert.equal(profile.status(), 200)
  await page.goto(`${origin}/companies/acme`)
  await page.waitForSelector('#referral-form')
  await page.fill('#referral-linkedin', 'https://www.linkedin.com/in/seeker')
  await page.click('#referral-form button[type=submit]')
  await page.waitForFunction(() => document.querySelector('#referral-form .form-error')?.textContent === 'give contact_telegram or contact_email')
  await page.fill('#referral-email', 'seeker@mail.example')
  await page.fill('#referral-note', '<b>Hi</b>, I would love to join.')
  await page.click('#referral-form button[type=submit]')
  await page.waitForSelector('.referral-sent')

  await page.request.post(`${origin}/api/v1/auth/login`, { headers: { origin }, data: { email: 'referrer@example.org', password: 'correct horse battery staple' } })
  await page.goto(`${origin}/referrals`)
  await page.waitForSelector('#incoming-requests:not([aria-busy]) .incoming')
  assert.equal(await page.locator('.incoming .review-body').textContent(), '<b>Hi</b>, I would love to join.')
  assert.match(await page.locator('.incoming .mod-meta').textContent() ?? '', /seeker@mail\.example/)
  const cvHref = await page.locator('.incoming .cv-link').getAttribute('href')
  const cv = await page.request.get(`${origin}${cvHref}`)
  assert.equal(cv.headers()['content-type'], 'application/pdf')
  assert.match((await cv.body()).subarray(0, 5).toString(), /^%PDF-/)
  await page.locator('.incoming button', { hasText: 'Contacted' }).click()
  await page.waitForSelector('#incoming-requests .empty')
  const [request] = db.prepare('SELECT status FROM referral_requests').all() as { status: string }[]
  assert.equal(request?.status, 'contacted')
})
