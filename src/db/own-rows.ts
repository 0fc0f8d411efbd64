import type { DB } from './connection.ts'

/**
 * Reads (and the delete) of a user's own records in a table with `id` and `user_id`: `select` reads its rows with
 * the table named `alias` (it may join others), e.g. `SELECT s.id, s.name FROM saved_searches s`, and
 * `map` makes each row the record the API answers.
 */
export function ownRecords<R, T>(spec: { select: string; table: string; alias: string; map: (row: R) => T }) {
  const { select, table, alias, map } = spec
  return {
    /** One page of the user's records, newest first, and how many they have. */
    page(db: DB, userId: number, limit: number, offset: number): { items: T[]; total: number } {
      const rows = db.prepare(`${select} WHERE ${alias}.user_id = ? ORDER BY ${alias}.id DESC LIMIT ? OFFSET ?`).all(userId, limit, offset) as R[]
      const { total } = db.prepare(`SELECT count(*) AS total FROM ${table} WHERE user_id = ?`).get(userId) as { total: number }
      return { items: rows.map(map), total }
    },
    /** Deletes the user's record (what references it goes as the schema says); false for another user's or a missing one. */
    remove(db: DB, userId: number, id: number): boolean {
      return db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND id = ?`).run(userId, id).changes > 0
    },
    /** The user's record by id; null for another user's or a missing one. */
    byId(db: DB, userId: number, id: number): T | null {
      const row = db.prepare(`${select} WHERE ${alias}.user_id = ? AND ${alias}.id = ?`).get(userId, id) as R | undefined
      return row ? map(row) : null
    },
  }
}
