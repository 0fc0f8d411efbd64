import type { H3 } from 'h3'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig, type Config } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'

/**
 * A fresh app on a fresh in-memory database holding exactly the given postings, with their derived
 * data (similar jobs, company stats) refreshed as an import would leave it.
 */
export function createTestApp(options: { jobs?: JobRecord[]; config?: Partial<Config> } = {}) {
  const db = openDatabase(':memory:')
  const ids = db.transaction(() => (options.jobs ?? []).map((job) => upsertJob(db, job).id))()
  refreshDerivedData(db, ids)
  const ctx = createContext(defaultConfig(options.config), db)
  const app = createApp(ctx)
  const call = inProcessCaller(app)
  return { app, db, ctx, call, get: (path: string) => call(path) }
}

/** Calls the app in-process and returns status, headers and the parsed JSON body. */
export function inProcessCaller(app: H3) {
  return async function call(path: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }> {
    const response = await app.request(path, init)
    const text = await response.text()
    let body: unknown = text
    try {
      body = text ? JSON.parse(text) : null
    } catch {
      /* not JSON: keep the text so the assertion shows it */
    }
    return { status: response.status, headers: response.headers, body }
  }
}

let counter = 0

/** A complete, plausible posting; override what the test is about. */
export function fixtureJob(overrides: Partial<JobRecord> = {}): JobRecord {
  counter += 1
  const company = overrides.company ?? { slug: 'acme', name: 'Acme' }
  return {
    source: 'fixture',
    externalId: `job-${counter}`,
    title: 'Backend Engineer',
    descriptionHtml: '<p>Build and run our APIs.</p>',
    descriptionText: 'Build and run our APIs.',
    postedAt: '2026-11-01T00:00:00.000Z',
    ...overrides,
    company,
  }
}
