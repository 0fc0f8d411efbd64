import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Logger } from '../log.ts'
import { loadConfig } from '../config.ts'
import { migrate } from './migrate.ts'

export type DB = Database.Database

export interface OpenOptions {
  readonly?: boolean
  /** Where a line per applied migration step goes (the server's logger); silent when absent. */
  log?: Logger
  /** SQLite's synchronous mode; SQLITE_SYNCHRONOUS when absent (see durabilityMode). */
  synchronous?: string
}

/**
 * The durability promise (docs/ingest.md, "Durability"). In WAL mode `NORMAL` syncs the log only at
 * checkpoints: a killed process loses nothing it committed, but a power loss or OS crash may lose
 * the last commits (never corrupting the file). `FULL` syncs every commit, so an acknowledged write
 * survives power loss too, at the cost of one disk flush per write transaction.
 */
export function durabilityMode(value: string): 'NORMAL' | 'FULL' {
  const mode = value.trim().toUpperCase()
  if (mode !== 'NORMAL' && mode !== 'FULL') throw new Error('SQLITE_SYNCHRONOUS must be NORMAL or FULL')
  return mode
}

/**
 * Opens (creating if needed) the catalogue database: WAL, foreign keys, busy timeout, and the schema
 * brought to this build's version (a new file from schema.sql, an older one by its migrations).
 */
export function openDatabase(path: string, options: OpenOptions = {}): DB {
  if (path !== ':memory:' && !options.readonly) mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path, { readonly: options.readonly ?? false })
  db.pragma('busy_timeout = 5000')
  db.pragma('foreign_keys = ON')
  if (options.readonly) return db
  writeLockFirst(db)
  db.pragma('journal_mode = WAL')
  db.pragma(`synchronous = ${durabilityMode(options.synchronous ?? loadConfig().sqliteSynchronous)}`)
  try {
    migrate(db, { onStep: (step) => options.log?.info('database migrated', { path, ...step }) })
  } catch (error) {
    db.close()
    throw error
  }
  return db
}

/**
 * Every transaction of the connection begins IMMEDIATE (takes the write lock at BEGIN). A deferred
 * transaction that reads before it writes holds a snapshot; when another connection (another
 * serving process, an import) commits in between, its first write cannot upgrade the snapshot and
 * fails at once with SQLITE_BUSY: the busy timeout never applies to that case. Taking the lock
 * first makes it wait like any other write. A nested call stays a savepoint; `.deferred` remains.
 */
function writeLockFirst(db: DB): void {
  const transaction = db.transaction.bind(db)
  db.transaction = ((fn) => transaction(fn).immediate) as DB['transaction']
}

/** Reads a catalogue_meta value. */
export function getMeta(db: DB, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM catalogue_meta WHERE key = ?').get(key) as { value: string } | undefined
  return row?.value
}

export function setMeta(db: DB, key: string, value: string): void {
  db.prepare('INSERT INTO catalogue_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value)
}

/**
 * Runs a write that must not stall the event loop behind another connection's write lock (the 5 s
 * busy wait): `undefined` when the lock is taken, for the caller to try again later.
 */
export function withoutWaiting<T>(db: DB, write: () => T): T | undefined {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma('busy_timeout = 0')
  try {
    return write()
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
    return undefined
  } finally {
    db.pragma(`busy_timeout = ${timeout}`)
  }
}
