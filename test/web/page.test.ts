import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { applySuggestion } from '../../src/web/suggestion.ts'
import { facetsQuery, queryString } from '../../src/web/query.ts'
import { openPageHarness, resultsSettled, shownTitles, type PageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'

// The search page in real headless Chromium, checked against the API's own answers.
const harness = await openPageHarness(pageCatalogue())
after(() => harness.close())
const pageQuery = (page: PageHarness['page']) => new URL(page.url()).searchParams

async function expectResultsMatchApi(query: URLSearchParams): Promise<any> {
  const { page, api } = harness
  await resultsSettled(page)
  const body = await api(`/api/v1/jobs/search${queryString(query)}`)
  assert.deepEqual(await shownTitles(page), body.data.map((job: any) => job.title))
  const total = body.meta.total
  assert.match((await page.locator('#results-heading').textContent()) ?? '', new RegExp(`^${total} jobs?\\b`))
  return body
}

test('the first page lists the newest jobs as the API does, without layout shift', async () => {
  const { page, origin } = harness
  await page.addInitScript(() => {
    ;(window as any).layoutShift = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as any[]) if (!entry.hadRecentInput) (window as any).layoutShift += entry.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(`${origin}/`)
  await expectResultsMatchApi(new URLSearchParams())
  await page.waitForSelector('#filters fieldset')
  const shift = await page.evaluate(() => (window as any).layoutShift as number)
  assert.ok(shift < 0.05, `cumulative layout shift ${shift}`)
  mkdirSync('test/artifacts', { recursive: true })
  await page.screenshot({ path: 'test/artifacts/search-page.png', fullPage: false })
})

test('typing shows suggestions from /suggest; picking one with the keyboard puts it in the URL', async () => {
  const { page, api } = harness
  const suggestions = (await api('/api/v1/suggest?q=rus&limit=6')).data
  const skill = suggestions[0]?.parts.find((part: any) => part.kind === 'skill')
  assert.ok(skill, 'the top suggestion for "rus" is the Rust skill')
  await page.locator('#search-input').pressSequentially('rus')
  await page.waitForSelector('#search-input-options [role=option]')
  const shown = await page.locator('#search-input-options [role=option] .option-text').allTextContents()
  assert.deepEqual(shown, suggestions.map((row: any) => row.parts.length ? row.parts.map((part: any) => part.text).join(' ') : row.text))
  await page.keyboard.press('ArrowDown')
  assert.equal(await page.locator('#search-input').getAttribute('aria-activedescendant'), 'search-input-options-0')
  await page.keyboard.press('Enter')
  const expected = applySuggestion(new URLSearchParams(), suggestions[0])
  await page.waitForURL((url) => url.search === queryString(expected))
  assert.deepEqual(pageQuery(page).getAll('skills'), [skill.slug], 'a skill suggestion becomes the skills filter')
  await expectResultsMatchApi(expected)
  await page.waitForSelector(`#facet-skills-${skill.slug}:checked`)
})

test('toggling a facet keeps the other values of that facet counted (disjunctive facets)', async () => {
  const { page, origin, api } = harness
  await page.goto(`${origin}/?category=backend`)
  await resultsSettled(page)
  await page.locator('label[for="facet-work_mode-remote"]').click()
  await page.waitForURL((url) => url.searchParams.getAll('work_mode').includes('remote'))
  const query = pageQuery(page)
  assert.equal(query.toString(), 'category=backend&work_mode=remote')
  await expectResultsMatchApi(query)
  const facets = (await api(`/api/v1/jobs/facets?${facetsQuery(query)}`)).data.facets
  await page.waitForFunction(() => (document.getElementById('facet-work_mode-remote') as HTMLInputElement | null)?.checked === true)
  for (const mode of ['remote', 'hybrid', 'onsite']) {
    const count = await page.locator(`label[for="facet-work_mode-${mode}"] .count`).textContent()
    assert.equal(count, String(facets.work_mode[mode]), `${mode} count`)
  }
  assert.ok(facets.work_mode.hybrid > 0 && facets.work_mode.onsite > 0, 'the fixture has hybrid and onsite backend jobs')
  const chips = await page.locator('.chip').allTextContents()
  assert.deepEqual(chips.map((chip) => chip.replace('×', '').trim()), ['Category: Backend', 'Work mode: Remote'])
})

test('the keyboard reaches a facet checkbox and Space toggles it', async () => {
  const { page } = harness
  const before = pageQuery(page)
  await page.focus('#facet-work_mode-hybrid')
  await page.keyboard.press('Space')
  await page.waitForURL((url) => url.searchParams.getAll('work_mode').includes('hybrid'))
  assert.deepEqual(pageQuery(page).getAll('work_mode'), ['remote', 'hybrid'])
  await expectResultsMatchApi(pageQuery(page))
  await page.waitForFunction(() => document.activeElement?.id === 'facet-work_mode-hybrid')
  assert.equal(before.get('category'), 'backend')
})

test('a city found through /geo/cities joins the Where group', async () => {
  const { page, origin, api } = harness
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  const cities = (await api('/api/v1/geo/cities?q=Ber')).data
  assert.ok(cities.some((city: any) => city.value === 'Berlin'))
  await page.locator('#city-lookup').pressSequentially('Ber')
  await page.waitForSelector('#city-lookup-options [role=option]')
  const index = cities.slice(0, 8).findIndex((city: any) => city.value === 'Berlin')
  await page.locator(`#city-lookup-options-${index}`).click()
  await page.waitForURL((url) => url.searchParams.get('cities') === 'Berlin')
  await expectResultsMatchApi(pageQuery(page))
})

test('salary and experience ranges go into the URL and narrow the results', async () => {
  const { page, origin } = harness
  await page.goto(`${origin}/?salary_currency=EUR`)
  await resultsSettled(page)
  await page.locator('#salary-min').fill('90000')
  await page.keyboard.press('Enter')
  await page.waitForURL((url) => url.searchParams.get('salary_min') === '90000')
  await page.locator('#experience-max').fill('4')
  await page.keyboard.press('Tab')
  await page.waitForURL((url) => url.searchParams.get('experience_years_max') === '4')
  assert.equal(pageQuery(page).toString(), 'salary_currency=EUR&salary_min=90000&experience_years_max=4')
  const body = await expectResultsMatchApi(pageQuery(page))
  assert.ok(body.meta.total > 0 && body.meta.total < 42, `a narrower, non-empty result (${body.meta.total})`)
  const chips = await page.locator('.chip').allTextContents()
  assert.deepEqual(chips.map((chip) => chip.replace('×', '').trim()), ['Currency: EUR', 'Salary from 90,000', 'Experience up to 4 yrs'])
  await page.locator('.chip', { hasText: 'Salary from' }).click()
  await page.waitForURL((url) => !url.searchParams.has('salary_min'))
  await expectResultsMatchApi(pageQuery(page))
})

test('a job opens with its full description, and back returns to the same results and scroll position', async () => {
  const { page, origin, api } = harness
  await page.goto(`${origin}/?work_mode=remote,hybrid&offset=10`)
  const listing = await expectResultsMatchApi(pageQuery(page))
  assert.equal(listing.data.length, listing.meta.limit, 'a full second page (the default page size), tall enough to scroll')
  // The lowest card on the page whose role has other postings, so /copies has something to show.
  const at = listing.data.findLastIndex((job: any) => job.copies_count > 0)
  assert.ok(at >= 0, 'the page shows a role listed more than once')
  const opened = listing.data[at]
  await page.locator('.results .job-title').last().scrollIntoViewIfNeeded()
  const also = page.locator('.results .job-card').nth(at).locator('.job-also')
  assert.match((await also.getAttribute('title')) ?? '', new RegExp(`^${opened.copies_count} other listing`), 'the card says where else its role is listed')
  const lastRow = page.locator('.results .job-title').nth(at)
  await lastRow.scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  assert.ok(scrolled > 0)
  await lastRow.click()
  await page.waitForURL(`${origin}/jobs/${opened.public_slug}`)
  const job = (await api(`/api/v1/jobs/${opened.public_slug}`)).data
  await page.waitForSelector('#job-title')
  assert.equal(await page.locator('#job-title').textContent(), job.title)
  assert.equal(await page.locator('.job-description').innerHTML(), job.description)
  for (const related of ['similar', 'copies']) {
    const jobs = (await api(`/api/v1/jobs/${opened.public_slug}/${related}${related === 'similar' ? '?limit=6' : ''}`)).data
    assert.ok(jobs.length > 0, `the fixture gives this job ${related}`)
    await page.waitForSelector(`#${related} .job-card:not(.skeleton)`)
    assert.deepEqual(await page.locator(`#${related} .job-title`).allTextContents(), jobs.map((job: any) => job.title), related)
  }
  await page.goBack()
  await page.waitForURL(`${origin}/?work_mode=remote,hybrid&offset=10`)
  await expectResultsMatchApi(pageQuery(page))
  await page.waitForSelector('#facet-work_mode-hybrid:checked')
  await page.waitForFunction((y) => window.scrollY === y, scrolled)
})

test('a company page lists its open roles', async () => {
  const { page, origin, api } = harness
  await page.goto(`${origin}/companies/acme`)
  const detail = await api('/api/v1/companies/acme?limit=10')
  await resultsSettled(page)
  assert.equal(await page.locator('.company-header h1').textContent(), detail.data.company.name)
  assert.deepEqual(await page.locator('.company-page .job-title').allTextContents(), detail.data.jobs.map((job: any) => job.title))
  assert.equal(await page.locator('#roles-heading').textContent(), `${detail.meta.total} open roles`)
  assert.ok(detail.meta.total > detail.data.jobs.length, 'the fixture company has more than one page of roles')
  await page.locator('.pager a[rel=next]').click()
  await page.waitForURL(`${origin}/companies/acme?offset=10`)
  const next = await api('/api/v1/companies/acme?limit=10&offset=10')
  await resultsSettled(page)
  assert.deepEqual(await page.locator('.company-page .job-title').allTextContents(), next.data.jobs.map((job: any) => job.title))
})

test('a parameter reported in meta.ignored_params is named on the page', async () => {
  const { page, origin, api } = harness
  const body = await api('/api/v1/jobs/search?work_modes=remote')
  assert.deepEqual(body.meta.ignored_params.map((item: any) => item.param), ['work_modes'])
  await page.goto(`${origin}/?work_modes=remote`)
  await page.waitForSelector('.ignored')
  assert.match((await page.locator('.ignored').textContent()) ?? '', /Ignored parameter.*work_modes/)
})

test('on a phone the filters sit behind a toggle and rows keep one height', async () => {
  const { page, origin } = harness
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${origin}/`)
  await resultsSettled(page)
  const heights = await page.locator('.results .job-card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().height))
  assert.equal(new Set(heights).size, 1, `row heights ${heights}`)
  await page.screenshot({ path: 'test/artifacts/search-page-phone.png' })
  assert.equal(await page.locator('#filters').isVisible(), false)
  await page.locator('.filters-toggle').click()
  assert.equal(await page.locator('#filters').isVisible(), true)
  assert.equal(await page.locator('.filters-toggle').getAttribute('aria-expanded'), 'true')
})

test('no results offers a way out; a refused value shows as typed with a retry, never NaN', async () => {
  const { page, origin } = harness
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(`${origin}/?q=rust&skills=cobol`)
  await resultsSettled(page)
  assert.match((await page.locator('.job-list .empty').textContent()) ?? '', /No open jobs match/)
  await page.getByRole('button', { name: 'Search “rust” without filters' }).click()
  await page.waitForURL((url) => url.search === '?q=rust')
  await resultsSettled(page)
  assert.ok((await shownTitles(page)).length > 0)

  await page.goto(`${origin}/?salary_min=50k`)
  await page.waitForSelector('.job-list .error')
  const chips = await page.locator('.chip').allTextContents()
  assert.ok(chips.some((chip) => /50k/.test(chip)), `chips: ${chips}`)
  assert.ok(!chips.some((chip) => /NaN/.test(chip)))
  assert.equal(await page.locator('.job-list .retry').count(), 1)
})

test('work mode toggles sit above the fold on a laptop and a phone, count like the facets and filter the results', async () => {
  const { page, origin, api } = harness
  const facets = (await api('/api/v1/jobs/facets?disjunctive=true')).data.facets.work_mode
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport)
    await page.goto(`${origin}/`)
    await resultsSettled(page)
    await page.waitForFunction(() => document.querySelector('.work-mode .count')?.textContent !== '')
    for (const [mode, label] of [['remote', 'Remote'], ['hybrid', 'Hybrid'], ['onsite', 'On-site']]) {
      const button = page.locator(`.work-mode[data-mode="${mode}"]`)
      const box = await button.boundingBox()
      assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width, `${mode} at ${viewport.width} px: ${JSON.stringify(box)}`)
      assert.equal(await button.getAttribute('aria-pressed'), 'false')
      assert.equal((await button.textContent())?.replace(/\d+$/, ''), label)
      assert.equal(await button.locator('.count').textContent(), String(facets[mode] ?? 0), `${mode} count`)
    }
    await page.screenshot({ path: `test/artifacts/search-page-work-modes-${viewport.width}.png` })
  }
  await page.locator('.work-mode[data-mode="remote"]').click()
  await page.waitForURL((url) => url.searchParams.getAll('work_mode').join() === 'remote')
  await page.waitForSelector('.work-mode[data-mode="remote"][aria-pressed="true"]')
  await expectResultsMatchApi(pageQuery(page))
  await page.locator('.work-mode[data-mode="remote"]').click()
  await page.waitForURL((url) => !url.searchParams.has('work_mode'))
})
