import type { TestContext } from 'node:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { openDatabase } from '../../src/db/connection.ts'

/** A fresh folder under the system's temporary directory, removed when the test ends. */
export function tempDir(t: TestContext, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `openroles-${name}-`))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A database file in a temporary folder holding the postings, for what must outlive one connection (snapshots, restarts). */
export function catalogueFile(t: TestContext, name: string, jobs: JobRecord[]) {
  const path = join(tempDir(t, name), 'catalogue.db')
  const db = openDatabase(path)
  const ids = db.transaction(() => jobs.map((job) => upsertJob(db, job).id))()
  return { path, db, ids }
}
