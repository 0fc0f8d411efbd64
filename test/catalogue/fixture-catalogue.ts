import { createTestApp } from '../helpers/app.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { refreshDerivedData } from '../../src/catalogue/refresh.ts'

/** A test app whose derived data (similar jobs, company stats) is refreshed, as an import would leave it. */
export function createCatalogueApp(jobs: JobRecord[]) {
  const app = createTestApp({ jobs })
  const ids = app.db.prepare('SELECT id FROM jobs').pluck().all() as number[]
  refreshDerivedData(app.db, ids)
  return app
}

/** Slug of the fixture job with this title (titles are unique in the tests that use this). */
export function slugOf(db: ReturnType<typeof createTestApp>['db'], title: string): string {
  return (db.prepare('SELECT public_slug FROM jobs WHERE title = ?').pluck().get(title) as string | undefined) ?? 'missing'
}
