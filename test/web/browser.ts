import { createTestApp, inProcessCaller } from '../helpers/app.ts'
import type { Config } from '../../src/config.ts'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { toNodeHandler } from 'h3/node'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { JobRecord } from '../../src/catalogue/job-record.ts'

const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync']

export interface PageHarness {
  page: Page
  origin: string
  /** The database behind the server (to grant a role, or check what a page action wrote). */
  db: ReturnType<typeof createTestApp>['db']
  /** The app's context (its clock, its delivery worker) and an in-process caller of the same app. */
  ctx: ReturnType<typeof createTestApp>['ctx']
  call: ReturnType<typeof inProcessCaller>
  /** The API answer for a path, in-process, to check what the page shows against. */
  api(path: string): Promise<any>
  close(): Promise<void>
}

/**
 * A real server on 127.0.0.1 (port 0) over a fixture catalogue (similar jobs computed), and Debian's Chromium driving one
 * page of it. Errors thrown inside the page fail the test that is running.
 */
export async function openPageHarness(jobs: JobRecord[], viewport = { width: 1280, height: 900 }, options: { now?: Date; config?: Partial<Config> } = {}): Promise<PageHarness> {
  const { app, get, db, ctx, call } = createTestApp({ jobs, config: options.config })
  if (options.now) ctx.now = () => options.now!
  const server: Server = createServer(toNodeHandler(app))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  let browser: Browser
  try {
    if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium; .ci/run does)`)
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS })
  } catch (error) {
    // Close the server first, or the test runner waits on it forever.
    await new Promise<void>((resolve) => server.close(() => resolve()))
    throw error
  }
  const page = await browser.newPage({ viewport })
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  return {
    page,
    origin,
    db,
    ctx,
    call,
    async api(path) {
      const { status, body } = await get(path)
      if (status !== 200) throw new Error(`${path} answered ${status}: ${JSON.stringify(body)}`)
      return body
    },
    async close() {
      await browser.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (pageErrors.length) throw new Error(`errors in the page: ${pageErrors.join('; ')}`)
    },
  }
}

/** Waits until the results list shows a finished answer for the current URL. */
export async function resultsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const list = document.querySelector('.job-list')
    return list && !list.hasAttribute('aria-busy') && !list.querySelector('.skeleton')
  })
}

/** Titles of the rendered result rows, top to bottom. */
export function shownTitles(page: Page): Promise<string[]> {
  return page.locator('.results .job-card .job-title').allTextContents()
}
