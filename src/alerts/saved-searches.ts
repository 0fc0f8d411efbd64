import type { DB } from '../db/connection.ts'
import { ownRecords } from '../db/own-rows.ts'

interface SavedSearchRow {
  id: number
  name: string
  query: string
  created_at: string
  updated_at: string
  /** JSON array of { id, channel, active } (json_group_array), '[]' without subscriptions. */
  subscriptions: string
}

/**
 * The saved search of the API: the only place a saved_searches row becomes JSON. The reference
 * service's fields (`public_slug` and `author_label` are for shared searches, which this service
 * does not offer: always null) plus `subscriptions`, one per channel.
 */
function toSavedSearch(row: SavedSearchRow) {
  const subscriptions = (JSON.parse(row.subscriptions) as { id: number; channel: string; active: number }[])
    .sort((a, b) => a.id - b.id)
    .map((sub) => ({ id: sub.id, channel: sub.channel, active: sub.active === 1 }))
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    public_slug: null,
    author_label: null,
    subscriptions,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export type SavedSearch = ReturnType<typeof toSavedSearch>

const SELECT = `SELECT s.id, s.name, s.query, s.created_at, s.updated_at,
    (SELECT coalesce(json_group_array(json_object('id', sub.id, 'channel', sub.channel, 'active', sub.active)), '[]')
     FROM subscriptions sub WHERE sub.saved_search_id = s.id) AS subscriptions
  FROM saved_searches s`

const own = ownRecords({ select: SELECT, table: 'saved_searches', alias: 's', map: toSavedSearch })
export const listSavedSearches = own.page
export const getSavedSearch = own.byId

/** Whether the caller already has another saved search of this name (names are unique per account, case-insensitively). */
export function savedSearchNameTaken(db: DB, userId: number, name: string, exceptId = 0): boolean {
  return db.prepare('SELECT 1 FROM saved_searches WHERE user_id = ? AND lower(name) = lower(?) AND id != ?').get(userId, name, exceptId) !== undefined
}

export function countSavedSearches(db: DB, userId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM saved_searches WHERE user_id = ?').get(userId) as { n: number }).n
}

export function createSavedSearch(db: DB, userId: number, input: { name: string; query: string }, now = new Date().toISOString()): SavedSearch {
  const id = Number(
    db.prepare('INSERT INTO saved_searches (user_id, name, query, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(userId, input.name, input.query, now, now)
      .lastInsertRowid,
  )
  return getSavedSearch(db, userId, id)!
}

/** Changes name and/or query; null when the search is not the caller's. */
export function updateSavedSearch(db: DB, userId: number, id: number, input: { name?: string; query?: string }, now = new Date().toISOString()): SavedSearch | null {
  const changed = db
    .prepare('UPDATE saved_searches SET name = coalesce(?, name), query = coalesce(?, query), updated_at = ? WHERE user_id = ? AND id = ?')
    .run(input.name ?? null, input.query ?? null, now, userId, id).changes
  return changed ? getSavedSearch(db, userId, id) : null
}

/** Deleting a saved search deletes its subscription too (foreign key cascade). */
export const deleteSavedSearch = own.remove
