import { test } from 'node:test'
import assert from 'node:assert/strict'
import { existsSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler } from 'h3/node'
import { chromium } from 'playwright-core'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'

// The reference in real Chromium with every request to another host refused: Redoc, bundled and
// served by this process, renders every operation of openapi.json down to the last one.
test('the docs page renders every operation with Redoc, offline, down to the last path of the document', async () => {
  const { app, ctx, get } = createTestApp({ jobs: [fixtureJob()] })
  const server = createServer(toNodeHandler(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let browser
  try {
    assert.ok(existsSync('/usr/bin/chromium'), "Debian's chromium is missing (apt-get install chromium; .ci/run does)")
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(origin)) return route.continue()
      problems.push(`external request ${route.request().url()}`)
      return route.abort()
    })
    await page.goto(`${origin}/api/v1/docs`)
    const document = (await get('/api/v1/openapi.json')).body
    const operations = Object.entries(document.paths as Record<string, Record<string, { summary: string; operationId: string }>>).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, ...op })))
    const { allRoutes } = await import('../../../src/app.ts')
    assert.equal(operations.length, allRoutes(ctx).length)
    // Redoc gives each operation a section with id "operation/<operationId>".
    const last = operations.at(-1)!
    const lastSection = page.locator(`[id="operation/${last.operationId}"]`)
    await lastSection.waitFor({ state: 'attached', timeout: 60_000 })
    await lastSection.scrollIntoViewIfNeeded()
    assert.equal(await lastSection.isVisible(), true)
    assert.match((await lastSection.textContent()) ?? '', new RegExp(last.summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    const sections = await page.locator('[id^="operation/"]').evaluateAll((nodes) => nodes.map((node) => node.id.slice('operation/'.length)))
    assert.deepEqual(new Set(sections), new Set(operations.map((op) => op.operationId)), 'every operation has its section')
    assert.ok((await page.locator('.intro').textContent())?.includes('Quick start'))
    await page.screenshot({ path: 'test/artifacts/api-docs.png' })
    assert.deepEqual(problems, [])
  } finally {
    await browser?.close()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
