import { readFileSync } from 'node:fs'
import type { DB } from './connection.ts'
import { schemaPath } from '../paths.ts'

/**
 * schema.sql is the one place a table is declared. A migration that adds a table (or rebuilds one
 * to change a constraint) takes its CREATE statements from here instead of restating them, so the
 * two can never drift; the upgrade test still proves the migrated file ends up exactly as a fresh
 * one. Because a step may therefore create a table already in its newest shape, later steps add
 * columns through `addColumns`, which skips a column that is already there.
 */

export interface SchemaObject {
  kind: 'table' | 'index' | 'trigger'
  name: string
  /** The table an index or trigger belongs to (the table itself for a table). */
  table: string
  sql: string
}

const HEAD = /^CREATE\s+(?:UNIQUE\s+|VIRTUAL\s+)?(TABLE|INDEX|TRIGGER)\s+IF\s+NOT\s+EXISTS\s+(\w+)/i
const ON_TABLE = /\bON\s+(\w+)/i

let parsed: SchemaObject[] | undefined

/** Every CREATE statement of schema.sql (each starts a line, as the file is written). */
export function schemaObjects(text?: string): SchemaObject[] {
  if (!text && parsed) return parsed
  const source = text ?? readFileSync(schemaPath, 'utf8')
  const objects = source.split(/^(?=CREATE\s)/m).flatMap((chunk): SchemaObject[] => {
    const head = HEAD.exec(chunk)
    if (!head) return []
    const kind = head[1].toLowerCase() as SchemaObject['kind']
    const sql = chunk.slice(0, chunk.lastIndexOf(';') + 1)
    const table = kind === 'table' ? head[2] : ON_TABLE.exec(sql.replace(/--[^\n]*/g, ''))?.[1]
    if (!table) throw new Error(`schema.sql: cannot tell which table ${head[2]} belongs to`)
    return [{ kind, name: head[2], table, sql }]
  })
  if (!text) parsed = objects
  return objects
}

function objectsOf(names: string[]): SchemaObject[] {
  const all = schemaObjects()
  for (const name of names) {
    if (!all.some((o) => o.name === name)) throw new Error(`schema.sql declares no ${name}`)
  }
  const wanted = new Set(names)
  return all.filter((o) => wanted.has(o.name) || (o.kind !== 'table' && wanted.has(o.table)))
}

/**
 * Creates the named tables as schema.sql declares them, with their indexes and triggers; a name of
 * an index or a trigger creates just that object.
 */
export function createFromSchema(db: DB, names: string[]): void {
  for (const object of objectsOf(names)) db.exec(object.sql)
}

/**
 * Rebuilds a table into its schema.sql shape (SQLite changes a constraint or drops a foreign key
 * only so): creates the new table under a temporary name, fills it (by default with the columns the
 * two shapes share; `fill` gets the temporary name for anything else), swaps the tables and
 * recreates the table's indexes and triggers. The step must set `rebuildsTables`.
 */
export function rebuildTable(db: DB, table: string, fill?: (next: string) => void): void {
  const [create, ...dependents] = objectsOf([table])
  const next = `${table}_next`
  db.exec(create.sql.replace(HEAD, (head) => head.replace(new RegExp(`${table}$`), next)))
  if (fill) fill(next)
  else {
    const columnsOf = (name: string) => (db.pragma(`table_info(${name})`) as { name: string }[]).map((c) => c.name)
    const kept = new Set(columnsOf(table))
    const columns = columnsOf(next).filter((c) => kept.has(c)).join(', ')
    db.exec(`INSERT INTO ${next} (${columns}) SELECT ${columns} FROM ${table}`)
  }
  db.exec(`DROP TABLE ${table}; ALTER TABLE ${next} RENAME TO ${table}`)
  for (const object of dependents) db.exec(object.sql)
}

/** Adds the columns a table lacks (`name TYPE …` each), skipping any it already has. */
export function addColumns(db: DB, table: string, definitions: string[]): void {
  const present = new Set((db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name))
  for (const definition of definitions) {
    const name = definition.trim().split(/\s+/)[0]
    if (!present.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${definition}`)
  }
}
