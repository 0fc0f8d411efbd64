import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { userInfo } from 'node:os'
import { basename, dirname, resolve } from 'node:path'
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
  try {
    db.pragma('journal_mode = WAL')
  } catch (error) {
    db.close()
    throw isReadOnly(error) ? new Error(unwritableText(path), { cause: error }) : error
  }
  db.pragma(`synchronous = ${durabilityMode(options.synchronous ?? loadConfig().sqliteSynchronous)}`)
  try {
    migrate(db, { onStep: (step) => options.log?.info('database migrated', { path, ...step }) })
  } catch (error) {
    db.close()
    throw error
  }
  return db
}

const isReadOnly = (error: unknown) => /^SQLITE_(READONLY|CANTOPEN)/.test(String((error as { code?: unknown }).code ?? ''))

/**
 * "attempt to write a readonly database" says neither which file nor why: name the file, the user
 * this process runs as, and what gives it access (SQLite writes the -wal and -shm files beside it,
 * so the folder must be writable too).
 */
function unwritableText(path: string): string {
  const file = resolve(path)
  const { username, uid } = userInfo()
  return `cannot write the database ${file}: user ${username} (uid ${uid}) may not write it or its folder ${dirname(file)} (SQLite keeps ${basename(file)}-wal and -shm beside it). ` +
    `Fix: give that user write access (e.g. \`chown -R ${username} ${dirname(file)}\`), or run openroles as the user owning the file.`
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
