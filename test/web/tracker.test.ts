import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { openPageHarness, type PageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'

// The tracker on the search page, in real headless Chromium: the job page's save / apply / stage
// control and the board, checked against the API answers for the same signed-in session.
let harness: PageHarness
let slugs: { slug: string; title: string }[]

before(async () => {
  harness = await openPageHarness(pageCatalogue())
  const jobs = (await harness.api('/api/v1/jobs?limit=2')).data
  slugs = jobs.map((job: any) => ({ slug: job.public_slug, title: job.title }))
})
after(async () => {
  await harness?.close()
})

/** The API as the page's session sees it (the browser context's cookie jar). */
async function me(path: string, method = 'GET', data?: unknown): Promise<any> {
  const { page, origin } = harness
  const response = await page.request.fetch(`${origin}/api/v1${path}`, { method, headers: { origin }, ...(data !== undefined && { data }) })
  return response.json()
}

test('a visitor who is not signed in sees no tracker control and is asked to sign in on the board', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/jobs/${slugs[0].slug}`)
  await page.waitForSelector('#job-title')
  await page.waitForFunction(() => !document.getElementById('track-control'))
  assert.equal(await page.locator('#board-link').count(), 0)
  await page.goto(`${origin}/board`)
  await page.waitForSelector('.board-empty')
})

test('the job page saves, marks applied and sets the stage; the board shows and moves the card', async () => {
  const { page, origin } = harness
  const registered = await page.request.post(`${origin}/api/v1/auth/register`, {
    headers: { origin },
    data: { email: 'board@example.org', password: 'correct horse battery staple' },
  })
  assert.equal(registered.status(), 201)
  // Registering signs in; signing in again with the password works the same (the browser context keeps the cookie).
  const login = await page.request.post(`${origin}/api/v1/auth/login`, { headers: { origin }, data: { email: 'board@example.org', password: 'correct horse battery staple' } })
  assert.equal(login.status(), 200)

  const [first, second] = slugs
  await page.goto(`${origin}/jobs/${first.slug}`)
  await page.waitForSelector('#track-save[aria-pressed="false"]')
  await page.click('#track-save')
  await page.waitForSelector('#track-save[aria-pressed="true"]')
  assert.equal(typeof (await me(`/me/tracking/${first.slug}`)).data.saved_at, 'string')

  await page.click('#track-apply')
  await page.waitForSelector('#track-applied')
  assert.equal(typeof (await me(`/me/tracking/${first.slug}`)).data.applied_at, 'string')
  await page.selectOption('#track-stage', 'interview')
  await page.waitForFunction(() => !document.getElementById('track-control')?.hasAttribute('aria-busy') && (document.getElementById('track-stage') as HTMLSelectElement).value === 'interview')
  assert.equal((await me(`/me/tracking/${first.slug}`)).data.stage, 'interview')
  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/job-tracking.png', fullPage: false })

  await page.goto(`${origin}/jobs/${second.slug}`)
  await page.waitForSelector('#track-save[aria-pressed="false"]')
  await page.click('#track-save')
  await page.waitForSelector('#track-save[aria-pressed="true"]')

  // The board, reached from the header link.
  await page.click('#board-link')
  await page.waitForURL(`${origin}/board`)
  await page.waitForSelector('#board-interview .board-card')
  const pipeline = (await me('/me/tracking/pipeline')).data
  assert.equal(await page.locator('#board-summary').textContent(), `${pipeline.applications} on the board`)
  assert.equal(await page.locator('#board-interview .count').textContent(), String(pipeline.stages.interview))
  assert.deepEqual(await page.locator('#board-interview .board-card-title').allTextContents(), [first.title])
  assert.deepEqual(await page.locator('#board-saved .board-card-title').allTextContents(), [second.title])

  // Move the card to Offer, then back to Saved: the board redraws from the API.
  await page.locator(`#board-interview .board-card[data-id="${first.slug}"] select`).selectOption('offer')
  await page.waitForSelector(`#board-offer .board-card[data-id="${first.slug}"]`)
  assert.equal((await me('/me/tracking/pipeline')).data.stages.offer, 1)
  assert.equal(await page.locator('#board-offer .count').textContent(), '1')
  await page.locator(`#board-offer .board-card[data-id="${first.slug}"] select`).selectOption('')
  await page.waitForSelector(`#board-saved .board-card[data-id="${first.slug}"]`)
  await page.screenshot({ path: 'test/artifacts/board.png', fullPage: false })
  const record = (await me(`/me/tracking/${first.slug}`)).data
  assert.equal(record.stage, undefined)
  assert.equal(record.applied_at, null)
  assert.equal((await me('/me/tracking/pipeline')).data.applications, 0)
})
