/**
 * Statements compiled once per connection and reused: better-sqlite3's prepare() parses the SQL
 * on every call, which was a tenth of a cached search's time. For SQL that is fixed text (no
 * values spliced in), on hot paths.
 */
import type { Statement } from 'better-sqlite3'
import type { DB } from './connection.ts'

const statements = new WeakMap<DB, Map<string, Statement>>()

export function prepared(db: DB, sql: string): Statement {
  let cache = statements.get(db)
  if (!cache) statements.set(db, (cache = new Map()))
  let statement = cache.get(sql)
  if (!statement) cache.set(sql, (statement = db.prepare(sql)))
  return statement
}
