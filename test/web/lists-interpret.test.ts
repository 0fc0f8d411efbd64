import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { openPageHarness, resultsSettled } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'
import { closeJob } from '../../src/catalogue/job-store.ts'

// The plain-language search box and a shared job list's page, in real headless Chromium at phone width.
const harness = await openPageHarness(pageCatalogue(), { width: 390, height: 844 })
after(() => harness.close())

const fitsWidth = () => harness.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test('a sentence typed in the box becomes filters: the URL and the chips show them, the results follow', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  await page.fill('#interpret-input', 'remote senior rust developer in Berlin')
  await page.click('.interpret-form button')
  await page.waitForURL(/seniority=senior/)
  await resultsSettled(page)
  const url = new URL(page.url())
  assert.equal(url.searchParams.get('work_mode'), 'remote')
  assert.equal(url.searchParams.get('skills'), 'rust')
  assert.equal(url.searchParams.get('cities'), 'Berlin')
  const chips = (await page.locator('.chip').allTextContents()).map((chip) => chip.replace('×', '').trim())
  assert.ok(chips.some((chip) => /Remote/.test(chip)) && chips.some((chip) => /Berlin/.test(chip)), chips.join(' | '))
  const api = await harness.api(`/api/v1/jobs/search?${url.searchParams}`)
  assert.equal(await page.locator('.results .job-card').count(), Math.min(api.data.length, 10))
  assert.ok(await fitsWidth(), 'no horizontal overflow at 390 px')
})

test('a shared list has its page: its jobs, a closed one marked closed; made private, the page says so', async () => {
  const { page, origin, db } = harness
  const data = { email: 'lister@example.org', password: 'correct horse battery staple' }
  const headers = { origin }
  await page.request.post(`${origin}/api/v1/auth/register`, { data, headers })
  assert.equal((await page.request.post(`${origin}/api/v1/auth/login`, { data, headers })).status(), 200)
  const list = await (await page.request.post(`${origin}/api/v1/me/lists`, { data: { name: 'Rust picks', description: 'For the autumn round' }, headers })).json()
  const slugs = db.prepare("SELECT public_slug FROM jobs WHERE title = 'Rust Systems Engineer' ORDER BY id LIMIT 2").pluck().all() as string[]
  for (const slug of slugs) assert.equal((await page.request.post(`${origin}/api/v1/me/lists/${list.data.id}/jobs`, { data: { job_slug: slug }, headers })).status(), 204)
  closeJob(db, db.prepare('SELECT id FROM jobs WHERE public_slug = ?').pluck().get(slugs[0]) as number)
  const shared = await (await page.request.post(`${origin}/api/v1/me/lists/${list.data.id}/share`, { headers })).json()

  await page.goto(`${origin}/lists/${shared.data.public_slug}`)
  await page.waitForSelector('.shared-list-page h1')
  assert.equal(await page.locator('.shared-list-page h1').textContent(), 'Rust picks')
  await page.waitForFunction(() => !document.querySelector('.job-list')?.hasAttribute('aria-busy'))
  assert.equal(await page.locator('.job-list .job-card').count(), 2)
  assert.equal(await page.locator('.job-list .closed-badge').count(), 1)
  assert.ok(await fitsWidth(), 'no horizontal overflow at 390 px, signed in')

  assert.equal((await page.request.delete(`${origin}/api/v1/me/lists/${list.data.id}/share`, { headers })).status(), 204)
  await page.reload()
  await page.waitForSelector('[role=alert]')
  assert.equal(await page.locator('.shared-list-page h1').textContent(), 'This list is not shared')
})
