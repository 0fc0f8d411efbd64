import Database from 'better-sqlite3'
import { mkdirSync, readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { schemaPath } from '../paths.ts'

export type DB = Database.Database

/** Bumped whenever schema.sql changes in a way an existing file must be migrated for. */
export const SCHEMA_VERSION = 1

/** Opens (creating if needed) the catalogue database: WAL, foreign keys, busy timeout, schema applied. */
export function openDatabase(path: string, options: { readonly?: boolean } = {}): DB {
  if (path !== ':memory:' && !options.readonly) mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path, { readonly: options.readonly ?? false })
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  if (options.readonly) return db
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  migrate(db)
  return db
}

function migrate(db: DB): void {
  const version = db.pragma('user_version', { simple: true }) as number
  if (version > SCHEMA_VERSION) throw new Error(`database schema ${version} is newer than this build (${SCHEMA_VERSION})`)
  // schema.sql is idempotent (IF NOT EXISTS everywhere), so applying it also adds new tables to older files.
  db.transaction(() => {
    db.exec(readFileSync(schemaPath, 'utf8'))
    db.pragma(`user_version = ${SCHEMA_VERSION}`)
  })()
}

/** Reads a catalogue_meta value. */
export function getMeta(db: DB, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM catalogue_meta WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value
}

export function setMeta(db: DB, key: string, value: string): void {
  db.prepare('INSERT INTO catalogue_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}
