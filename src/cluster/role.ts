/**
 * The role a serving process plays past one machine (docs/scaling.md): `standalone` (the default:
 * the only writer, as ever), `primary` (the one writer behind a balancer, handing each writer its
 * position so replicas can let it read its own write), `replica` (reads a file another machine
 * writes: opened read-only, never migrated, writes forwarded to the primary). `auto` asks LiteFS,
 * which keeps a `.primary` file beside the database on every node but the primary.
 */
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import Database from 'better-sqlite3'
import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { latestVersion } from '../db/migrate.ts'
import type { Logger } from '../log.ts'
import type { ServeRole } from '../context.ts'


const ROLES = ['standalone', 'primary', 'replica', 'auto']

/** LiteFS's marker on a replica: a file naming the current primary's host, beside the databases. */
const litefsPrimaryFile = (dbPath: string) => join(dirname(dbPath), '.primary')

export function serveRole(config: Config, dbPath: string): ServeRole {
  const role = config.serveRole.trim().toLowerCase()
  if (!ROLES.includes(role)) throw new Error(`SERVE_ROLE must be one of ${ROLES.join(', ')}`)
  if (role !== 'auto') return role as ServeRole
  return existsSync(litefsPrimaryFile(dbPath)) ? 'replica' : 'primary'
}

/** Where a replica forwards writes: PRIMARY_URL, else the host LiteFS's `.primary` names at this PORT. */
export function primaryUrlOf(config: Config, dbPath: string): string {
  let url = config.primaryUrl.trim()
  if (!url && existsSync(litefsPrimaryFile(dbPath))) url = `http://${readFileSync(litefsPrimaryFile(dbPath), 'utf8').trim()}:${config.port}`
  if (!url) throw new Error('a replica (SERVE_ROLE=replica) needs PRIMARY_URL, the primary that takes its writes')
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('PRIMARY_URL must be an http(s) URL')
  return parsed.origin
}

/**
 * Opens the database as a replica: read-only (SQLITE_OPEN_READONLY, so the file is opened O_RDONLY
 * and no statement can write), never migrated. A file not there yet, or not yet migrated to this
 * build's schema, is the primary's to create and migrate: the replica waits for it (up to
 * REPLICA_SCHEMA_WAIT_SECONDS); a file newer than this build is refused at once.
 */
export async function openReplicaDatabase(path: string, config: Config, log: Logger): Promise<DB> {
  const want = latestVersion()
  const deadline = Date.now() + config.replicaSchemaWaitSeconds * 1000
  let waiting = false
  for (;;) {
    const found = existsSync(path) ? schemaVersion(path) : undefined
    if (found !== undefined && found > want) throw new Error(`database schema version ${found} is newer than this build (${want}): upgrade openroles on the replica`)
    if (found === want) {
      const db = new Database(path, { readonly: true, fileMustExist: true })
      db.pragma('busy_timeout = 5000')
      return db
    }
    if (Date.now() >= deadline) {
      throw new Error(found === undefined ? `no database at ${path} after ${config.replicaSchemaWaitSeconds} s: the primary creates it` : `database schema version ${found} is older than this build (${want}) after ${config.replicaSchemaWaitSeconds} s: the primary has not migrated it (upgrade the primary first)`)
    }
    if (!waiting) log.info('replica: waiting for the primary to create or migrate the database', { path, found: found ?? null, want })
    waiting = true
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/** The file's schema version, read through a read-only connection; undefined while it is not a database yet. */
function schemaVersion(path: string): number | undefined {
  let db: DB | undefined
  try {
    db = new Database(path, { readonly: true, fileMustExist: true })
    return db.pragma('user_version', { simple: true }) as number
  } catch {
    return undefined
  } finally {
    db?.close()
  }
}
