import type { createTestApp } from '../helpers/app.ts'

/** Slug of the fixture job with this title (titles are unique in the tests that use this). */
export function slugOf(db: ReturnType<typeof createTestApp>['db'], title: string): string {
  return (db.prepare('SELECT public_slug FROM jobs WHERE title = ?').pluck().get(title) as string | undefined) ?? 'missing'
}
