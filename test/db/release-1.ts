import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'

interface Fixture {
  user_version: number
  schema: string[]
  columns: Record<string, string[]>
  rows: Record<string, unknown[][]>
}

/**
 * A database file exactly as release 1 wrote it (schema version 1 with its accounts, saved
 * searches, notifications and postings), rebuilt from fixtures/release-1.json. Returns its path.
 */
export function release1File(): string {
  const fixture = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/release-1.json'), 'utf8')) as Fixture
  const path = join(mkdtempSync(join(tmpdir(), 'openroles-release1-')), 'openroles.db')
  const db = new Database(path)
  db.transaction(() => {
    for (const sql of fixture.schema) db.exec(sql)
    for (const [table, rows] of Object.entries(fixture.rows)) {
      const names = fixture.columns[table]
      const insert = db.prepare(`INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`)
      for (const row of rows) insert.run(...row.map((v) => (v && typeof v === 'object' ? Buffer.from((v as { blob: string }).blob, 'hex') : v)))
    }
    // The full-text index is contentless: release 1 filled it from the open postings like this.
    db.exec(`INSERT INTO jobs_fts (rowid, title, company, description)
      SELECT j.id, j.title, c.name, j.description_text FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.closed_at IS NULL`)
    db.exec('DELETE FROM search_changes')
    db.pragma(`user_version = ${fixture.user_version}`)
  })()
  db.close()
  return path
}
