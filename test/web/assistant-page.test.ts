import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { openPageHarness, resultsSettled, type PageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'

// The assistant panel on the search page and the streamed match analysis on the job page, in real
// headless Chromium against a real server with no model configured (the built-in assistant and the
// deterministic analysis answer), checked against the API for the same session.
let harness: PageHarness
let rust: { slug: string; title: string }

before(async () => {
  harness = await openPageHarness(pageCatalogue())
  const found = (await harness.api('/api/v1/jobs/search?q=rust&limit=1')).data[0]
  rust = { slug: found.public_slug, title: found.title }
})
after(async () => {
  await harness?.close()
})

async function signIn(email: string): Promise<void> {
  const { page, origin } = harness
  const password = 'correct horse battery staple'
  assert.equal((await page.request.post(`${origin}/api/v1/auth/register`, { headers: { origin }, data: { email, password } })).status(), 201)
  assert.equal((await page.request.post(`${origin}/api/v1/auth/login`, { headers: { origin }, data: { email, password } })).status(), 200)
}

test('signed out: the assistant panel and the job page ask the visitor to sign in', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  await page.click('#assistant-toggle')
  await page.waitForSelector('.assistant-signin a[href="/account"]')
  await page.goto(`${origin}/jobs/${rust.slug}`)
  await page.waitForSelector('.fit-signin a[href="/account"]')
  assert.equal(await page.locator('#fit-run').count(), 0)
})

test('signed in: the assistant searches, shows the jobs as links and saves one, without a model', async () => {
  const { page, origin } = harness
  await signIn('panel@example.org')
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  await page.click('#assistant-toggle')
  await page.fill('#assistant-input', 'remote rust jobs')
  await page.click('#assistant-send')
  await page.waitForSelector('.assistant-jobs a')
  await page.waitForFunction(() => !document.getElementById('assistant-form')?.hasAttribute('aria-busy'))
  assert.equal(await page.locator('.assistant-user').first().textContent(), 'remote rust jobs')
  assert.match((await page.locator('.assistant-tool').first().textContent()) ?? '', /Searching jobs/)
  const links = await page.locator('.assistant-jobs a').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))
  assert.ok(links.length > 0)
  assert.ok(links.every((href) => href?.startsWith('/jobs/')))
  assert.match((await page.locator('.assistant-assistant').last().textContent()) ?? '', /^I found \d+ jobs?/)

  await page.fill('#assistant-input', 'save the first one')
  await page.click('#assistant-send')
  await page.waitForFunction(() => document.querySelectorAll('.assistant-assistant').length === 2 && !document.getElementById('assistant-form')?.hasAttribute('aria-busy'))
  assert.match((await page.locator('.assistant-assistant').last().textContent()) ?? '', /^Saved /)
  const savedSlug = links[0]!.slice('/jobs/'.length)
  const tracking = await (await page.request.get(`${origin}/api/v1/me/tracking/${savedSlug}`)).json()
  assert.equal(typeof tracking.data.saved_at, 'string', 'the job was really saved')
  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/assistant-panel.png' })
})

test('signed in: the job page streams the match analysis stage by stage and shows the verdict', async () => {
  const { page, origin } = harness
  const put = await page.request.put(`${origin}/api/v1/me/profile`, { headers: { origin }, data: { headline: 'Rust engineer', skills: ['Rust', 'Kubernetes'], years_experience: 6, work_modes: ['remote'] } })
  assert.equal(put.status(), 200)
  await page.goto(`${origin}/jobs/${rust.slug}`)
  await page.click('#fit-run')
  await page.waitForSelector('#fit-verdict')
  const stages = await page.locator('#fit-stages li').evaluateAll((items) => items.map((li) => [li.className, li.querySelector('.fit-stage-label')?.textContent]))
  assert.deepEqual(stages, [['done', 'Extract & Match'], ['done', 'Recruiter verdict'], ['done', 'Adversarial audit']])
  const api = await (await page.request.get(`${origin}/api/v1/jobs/${rust.slug}/match-analysis`)).json()
  assert.equal(await page.locator('#fit-verdict .fit-score strong').textContent(), api.data.analysis.verdict)
  assert.match((await page.locator('#fit-verdict .fit-score').textContent()) ?? '', new RegExp(`${api.data.analysis.overall_score}/100`))
  assert.equal(await page.locator('.fit-requirements li').count(), api.data.analysis.requirement_match.length)
  assert.equal(await page.locator('.fit-dimensions dt').count(), 6)
  await page.screenshot({ path: 'test/artifacts/fit-panel.png', fullPage: true })

  // Coming back shows the cached analysis without running it again.
  await page.reload()
  await page.waitForSelector('#fit-run:text-is("Analyse again")')
  assert.equal(await page.locator('#fit-verdict .fit-score strong').textContent(), api.data.analysis.verdict)
})
