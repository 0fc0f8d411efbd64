import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { chromium } from 'playwright-core'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

test('the docs page renders every operation from openapi.json and its try-it-out form calls the API, all offline', async () => {
  const { app, ctx } = createTestApp({ jobs: [fixtureJob()] })
  const server = createServer(toNodeHandler(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let browser
  try {
    assert.ok(existsSync('/usr/bin/chromium'), "Debian's chromium is missing (apt-get install chromium; .ci/run does)")
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
    const page = await browser.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    page.on('request', (request) => !request.url().startsWith(origin) && problems.push(`external request ${request.url()}`))
    await page.goto(`${origin}/api/v1/docs`)
    await page.waitForSelector('details')
    const documented = await page.locator('details summary .m').count()
    const { allRoutes } = await import('../../../src/app.ts')
    assert.equal(documented, allRoutes(ctx).length)

    const status = page.locator('details', { hasText: '/status' }).first()
    await status.locator('summary').click()
    await status.getByRole('button', { name: 'Send' }).click()
    await page.waitForFunction(() => [...document.querySelectorAll('pre')].some((pre) => pre.textContent?.includes('"ok": true')))
    const output = await status.locator('pre').textContent()
    assert.match(output ?? '', /GET \/api\/v1\/status\n200 in \d+ ms/)
    assert.deepEqual(problems, [])
  } finally {
    await browser?.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
