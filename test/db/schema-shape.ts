import type { DB } from '../../src/db/connection.ts'

/**
 * The schema of a database as data, independent of how it was reached: columns in order with their
 * types, constraints and foreign keys, indexes with their columns and WHERE clause, and the SQL of
 * triggers, views and virtual tables with whitespace folded. A table's own CREATE text is not
 * compared (ALTER TABLE rewrites it), its columns and flags are.
 */
export function schemaShape(db: DB): Record<string, unknown> {
  const fold = (sql: string | null) => (sql ?? '').replace(/\bIF NOT EXISTS\b/gi, '').replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1').trim()
  const objects = db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all() as { type: string; name: string; tbl_name: string; sql: string | null }[]
  const shape: Record<string, unknown> = {}
  for (const object of objects) {
    const key = `${object.type} ${object.name}`
    if (object.type === 'table' && !/^CREATE VIRTUAL/i.test(object.sql ?? '')) {
      const flags = db.prepare('SELECT strict, wr FROM pragma_table_list WHERE name = ?').get(object.name)
      shape[key] = {
        flags,
        columns: db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid').all(object.name),
        foreignKeys: db.prepare('SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq').all(object.name),
      }
    } else if (object.type === 'index') {
      const where = /\bWHERE\b(.*)$/is.exec(object.sql ?? '')?.[1]
      shape[key] = {
        table: object.tbl_name,
        unique: (db.prepare('SELECT "unique" FROM pragma_index_list(?) WHERE name = ?').get(object.tbl_name, object.name) as { unique: number } | undefined)?.unique,
        columns: db.prepare('SELECT name, "desc", coll, key FROM pragma_index_xinfo(?) ORDER BY seqno').all(object.name),
        where: where ? fold(where) : null,
      }
    } else {
      shape[key] = fold(object.sql)
    }
  }
  return shape
}
