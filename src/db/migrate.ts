import { readFileSync } from 'node:fs'
import type { DB } from './connection.ts'
import { schemaPath } from '../paths.ts'
import { migrations as allMigrations, type Migration } from './migrations/index.ts'
import { schemaObjects } from './schema-objects.ts'

/** The schema version this build writes: the newest migration, or the release-1 baseline. */
export const BASELINE_VERSION = 1
export function latestVersion(steps: Migration[] = allMigrations): number {
  return steps.reduce((latest, step) => Math.max(latest, step.version), BASELINE_VERSION)
}

export interface MigrateOptions {
  steps?: Migration[]
  /** Told about each step applied (the server logs a line per step). */
  onStep?: (step: { version: number; name: string; ms: number }) => void
}

/**
 * Brings the file to the latest schema: a new file gets schema.sql and the latest version stamp; a
 * file of an older release gets each newer step in order, each in its own transaction with its
 * version stamp, so an interrupted upgrade resumes at the first step not yet applied.
 * Returns the versions it went from and to.
 */
export function migrate(db: DB, options: MigrateOptions = {}): { from: number; to: number } {
  const steps = [...(options.steps ?? allMigrations)].sort((a, b) => a.version - b.version)
  const latest = latestVersion(steps)
  const from = db.pragma('user_version', { simple: true }) as number
  if (from > latest) throw new Error(`database schema version ${from} is newer than this build (${latest}): upgrade openroles`)
  if (from === 0) {
    const tables = db.prepare("SELECT count(*) FROM sqlite_schema WHERE type = 'table'").pluck().get() as number
    if (tables > 0) throw new Error('the database file has tables but no schema version: not an openroles database')
    db.transaction(() => {
      db.exec(readFileSync(schemaPath, 'utf8'))
      db.pragma(`user_version = ${latest}`)
    })()
    return { from, to: latest }
  }
  for (const step of steps) {
    if (step.version <= from) continue
    const started = Date.now()
    applyStep(db, step)
    options.onStep?.({ version: step.version, name: step.name, ms: Date.now() - started })
  }
  if (!options.steps) restoreIndexes(db)
  return { from, to: latest }
}

/**
 * Builds any index of schema.sql the file lacks. A seed into an empty catalogue drops the posting
 * tables' plain indexes and builds them once at its end (src/ingest/seed.ts); a seed stopped
 * half-way leaves them missing, and this puts them back on the next start.
 */
function restoreIndexes(db: DB): void {
  const present = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'index'").pluck().all() as string[])
  const missing = schemaObjects().filter((o) => o.kind === 'index' && !present.has(o.name))
  if (missing.length) db.transaction(() => missing.forEach((index) => db.exec(index.sql)))()
}

function applyStep(db: DB, step: Migration): void {
  if (step.rebuildsTables) db.pragma('foreign_keys = OFF')
  try {
    db.transaction(() => {
      step.up(db)
      if (step.rebuildsTables) {
        const broken = db.pragma('foreign_key_check') as unknown[]
        if (broken.length) throw new Error(`migration ${step.version} (${step.name}) broke ${broken.length} foreign keys`)
      }
      db.pragma(`user_version = ${step.version}`)
    })()
  } finally {
    if (step.rebuildsTables) db.pragma('foreign_keys = ON')
  }
}
