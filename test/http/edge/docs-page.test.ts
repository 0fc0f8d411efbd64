import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync, mkdirSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { chromium } from 'playwright-core'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

test('the docs page renders every operation of openapi.json in Swagger UI and its try-it-out calls the API, all offline', async () => {
  assert.ok(existsSync('/usr/bin/chromium'), "Debian's chromium is missing (apt-get install chromium; .ci/run does)")
  const { app, ctx } = createTestApp({ jobs: [fixtureJob()] })
  const server = createServer(toNodeHandler(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let browser
  try {
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('request', (request) => !request.url().startsWith(origin) && !request.url().startsWith('data:') && problems.push(`external request ${request.url()}`))
    await page.goto(`${origin}/api/v1/docs`)
    const { allRoutes } = await import('../../../src/app.ts')
    const routes = allRoutes(ctx)
    // Swagger UI renders the operations in batches: wait for all of them, not the first.
    await page.waitForFunction((n) => document.querySelectorAll('.opblock-summary-path').length >= n, routes.length, { timeout: 120_000 })
    const shown = await page.locator('.opblock-summary-path').count()
    assert.equal(shown, routes.length, 'every operation is listed')
    mkdirSync('test/artifacts', { recursive: true })
    await page.screenshot({ path: 'test/artifacts/api-docs.png' })

    const status = page.locator('.opblock', { has: page.locator('.opblock-summary-path[data-path="/status"]') }).first()
    await status.locator('.opblock-summary').click()
    await status.locator('button.execute').click()
    await status.locator('.live-responses-table tbody .response-col_status').first().waitFor()
    assert.match((await status.locator('.live-responses-table tbody .response-col_status').first().textContent()) ?? '', /200/)
    assert.match((await status.locator('.live-responses-table .microlight').first().textContent()) ?? '', /"ok": true/)
    assert.deepEqual(problems, [])
  } finally {
    await browser?.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
