import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { openPageHarness, type PageHarness } from './browser.ts'
import { historyCatalogue, TODAY } from '../insights/history-catalogue.ts'
import { INSIGHT_REQUESTS } from '../../src/web/insights-page.ts'

// The insights page in real headless Chromium, over a catalogue with a known history, checked
// against the API's own answers.
let harness: PageHarness

before(async () => {
  harness = await openPageHarness(historyCatalogue(), { width: 1280, height: 1400 }, { now: TODAY })
})
after(async () => {
  await harness?.close()
})

async function openInsights(): Promise<void> {
  const { page, origin } = harness
  await page.goto(`${origin}/insights`)
  await page.waitForSelector('.insights-grid:not([aria-busy]) figure')
}

/** The rows of a figure's table, as text cells. */
async function tableRows(id: string): Promise<string[][]> {
  return harness.page.locator(`#${id} tbody tr`).evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')))
}

test('the insights page draws four charts from the API answers, each with its table', async () => {
  await openInsights()
  const { page, api } = harness
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')

  const skills = (await api(`/api/v1${INSIGHT_REQUESTS.skills}`)).data
  assert.deepEqual(await tableRows('skills'), skills.map((s: any) => [s.skill, String(s.open_count), signed(s.growth)]))
  assert.equal(await page.locator('#skills svg .bar').count(), skills.length)
  assert.deepEqual(skills.map((s: any) => s.skill), ['postgresql', 'go', 'python', 'react'])

  const companies = (await api(`/api/v1${INSIGHT_REQUESTS.companies}`)).data
  assert.deepEqual(await tableRows('companies'), companies.map((c: any) => [c.company_name, String(c.open_now), String(c.open_prev_30d), signed(c.growth_30d)]))
  assert.deepEqual(companies.map((c: any) => c.company_name), ['Acme', 'Initech'])

  const salary = (await api(`/api/v1${INSIGHT_REQUESTS.salary}`)).data
  assert.deepEqual((await tableRows('salary')).map((row) => row.slice(3)), salary.map((r: any) => [r.sample_size, r.p25, r.p50, r.p75].map(String)))
  assert.equal(await page.locator('#salary svg .band').count(), 2, 'middle and senior EUR yearly ranges')
  assert.match((await page.locator('#salary figcaption').textContent()) ?? '', /EUR per year/)

  const velocity = (await api(`/api/v1${INSIGHT_REQUESTS.velocity}`)).data
  const rows = await tableRows('velocity')
  assert.equal(rows.length, velocity.length)
  assert.deepEqual(rows.filter((row) => row[1] !== '0' || row[2] !== '0'), velocity.filter((p: any) => p.added || p.removed).map((p: any) => [p.period, String(p.added), String(p.removed)]))
  assert.match((await page.locator('#velocity figcaption').textContent()) ?? '', /15 added, 3 closed/)

  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/insights-page.png', fullPage: true })
})

test('charts are labelled images and their tables open from the keyboard', async () => {
  await openInsights()
  const { page } = harness
  for (const id of ['velocity', 'skills', 'salary', 'companies']) {
    const label = await page.locator(`#${id} svg`).getAttribute('aria-label')
    assert.equal(label, await page.locator(`#${id} figcaption`).textContent(), `${id}: the image is named by its caption`)
    assert.equal(await page.locator(`#${id} svg`).getAttribute('role'), 'img')
  }
  await page.focus('#skills summary')
  await page.keyboard.press('Enter')
  await page.waitForSelector('#skills table', { state: 'visible' })
  assert.equal(await page.locator('#skills thead th').count(), 3)
})

test('the header link reaches the insights page in place, and back returns to the search', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/`)
  await page.waitForSelector('.job-list:not([aria-busy])')
  await page.locator('.site-nav a[href="/insights"]').click()
  await page.waitForSelector('#skills figcaption')
  assert.equal(new URL(page.url()).pathname, '/insights')
  assert.match(await page.title(), /Insights/)
  await page.goBack()
  await page.waitForSelector('.job-list')
  assert.equal(new URL(page.url()).pathname, '/')
})
