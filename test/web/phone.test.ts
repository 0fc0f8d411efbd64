import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { openPageHarness, resultsSettled, type PageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'
import { fixtureJob } from '../helpers/app.ts'

// A phone-sized Chromium over a catalogue whose newest postings have very long titles and company
// names (real boards have them): nothing may widen the page past the screen.
const LONG = 'Senior Staff Principal Distributed Systems Infrastructure Reliability Engineer (Kubernetes/Observability/PlatformEngineeringAndDeveloperExperience)'
let harness: PageHarness

before(async () => {
  const long = [
    fixtureJob({ title: LONG, company: { slug: 'verylongcompany', name: 'Internationale Versicherungs- und Rückversicherungsgesellschaft Aktiengesellschaft' }, postedAt: '2030-01-02T00:00:00.000Z', workMode: 'remote' }),
    fixtureJob({ title: 'x'.repeat(120), postedAt: '2030-01-01T00:00:00.000Z' }),
  ]
  harness = await openPageHarness([...pageCatalogue(), ...long], { width: 390, height: 844 })
})
after(async () => {
  await harness?.close()
})

const overflow = (page: PageHarness['page']) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }))

test('at 390 px the results and a job page fit the screen even with long titles', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  assert.match((await page.locator('.results .job-card .job-title').first().textContent()) ?? '', /^Senior Staff Principal/)
  const results = await overflow(page)
  assert.ok(results.scroll <= results.width, `results page is ${results.scroll} px wide on a ${results.width} px screen`)
  const card = await page.locator('.results .job-card').first().boundingBox()
  assert.ok(card && card.x >= 0 && card.x + card.width <= 390, `first card spans ${card?.x}..${(card?.x ?? 0) + (card?.width ?? 0)}`)
  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/search-page-phone-long-titles.png' })
  await page.locator('.results .job-card a').first().click()
  await page.waitForSelector('#job-title')
  const job = await overflow(page)
  assert.ok(job.scroll <= job.width, `job page is ${job.scroll} px wide`)
})
