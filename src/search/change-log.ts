/**
 * Reads the search_changes log (schema.sql, filled by triggers on jobs, companies and
 * company_collections): which postings changed since the index was built, whoever wrote them.
 * View counts have their own log, search_view_changes: they only move the view_count order.
 */
import { withoutWaiting, type DB } from '../db/connection.ts'
import { prepared } from '../db/prepared.ts'

export interface CompanyNow {
  id: number
  slug: string
  name: string
  collections: string[]
}

export interface PendingChanges {
  /** Postings changed themselves (inserted, edited, closed, deleted). */
  jobIds: number[]
  /** Companies whose name or collections may have changed, as they are now. */
  companies: CompanyNow[]
}

/**
 * The log's position: the newest entry ever written, 0 before the first. Read from AUTOINCREMENT's
 * high-water mark (sqlite_sequence), not max(seq): pruning empties the log, and max(seq) of an
 * empty log would then claim a position older than the snapshot that includes everything.
 */
export function latestChange(db: DB): number {
  return (prepared(db, "SELECT seq FROM sqlite_sequence WHERE name = 'search_changes'").pluck().get() as number | undefined) ?? 0
}

/** What the log names after `since` (up to `upTo`). */
export function changesSince(db: DB, since: number, upTo: number): PendingChanges {
  const range = { since, upTo }
  const jobIds = db
    .prepare('SELECT DISTINCT job_id FROM search_changes WHERE seq > @since AND seq <= @upTo AND job_id IS NOT NULL')
    .pluck()
    .all(range) as number[]
  const companies = (
    db
      .prepare(
        `SELECT c.id, c.slug, c.name, (SELECT group_concat(collection, char(31)) FROM company_collections WHERE company_id = c.id)
         FROM companies c WHERE c.id IN (SELECT company_id FROM search_changes WHERE seq > @since AND seq <= @upTo AND company_id IS NOT NULL)`,
      )
      .raw()
      .all(range) as [number, string, string, string | null][]
  ).map(([id, slug, name, collections]) => ({ id, slug, name, collections: collections ? collections.split('\u001f') : [] }))
  return { jobIds, companies }
}

/** Open postings of the given companies. */
export function openJobsOfCompanies(db: DB, companyIds: number[]): number[] {
  if (companyIds.length === 0) return []
  return db
    .prepare('SELECT id FROM jobs WHERE closed_at IS NULL AND company_id IN (SELECT value FROM json_each(?))')
    .pluck()
    .all(JSON.stringify(companyIds)) as number[]
}

/** Number of distinct log entries after `since`: decides patch versus rebuild without reading them all. */
export function changeCount(db: DB, since: number): number {
  return prepared(db, 'SELECT count(*) FROM search_changes WHERE seq > ?').pluck().get(since) as number
}

/**
 * Several processes may read one database file (src/cluster/), each following the log at its own
 * position, and none knows the others' positions. So pruning never deletes the newest
 * KEPT_CHANGES entries below the position asked for: a reader that lags by less follows by
 * patching; one that lags by more finds the gap (missedChanges) and rebuilds, which a lag that
 * large would cost anyway (index-keeper's rebuild threshold is at least this many entries).
 */
export const KEPT_CHANGES = 20000

/**
 * Applied entries are deleted so the log stays small, keeping the window above. Never waits for
 * the write lock: while an import holds it, the entries stay for a later call, instead of a search
 * request stalling behind the import.
 */
export function forgetChanges(db: DB, upTo: number): void {
  pruneLog(db, 'DELETE FROM search_changes WHERE seq <= ?', upTo - KEPT_CHANGES)
}

/**
 * True when entries after `since` were pruned before this reader applied them (another process
 * pruned past it): patching from the log would miss them. Pruning deletes from the bottom and
 * AUTOINCREMENT never reuses a number, so the log is gap-free above its oldest entry.
 */
export function missedChanges(db: DB, since: number): boolean {
  return missedIn(db, 'search_changes', since, latestChange(db))
}

function missedIn(db: DB, table: 'search_changes' | 'search_view_changes', since: number, latest: number): boolean {
  if (since >= latest) return false
  const oldest = prepared(db, `SELECT min(seq) FROM ${table}`).pluck().get() as number | null
  return (oldest ?? latest + 1) > since + 1
}

function pruneLog(db: DB, sql: string, upTo: number): void {
  withoutWaiting(db, () => db.prepare(sql).run(upTo))
}

/** The newest entry of the view-count log (search_view_changes), 0 when empty. */
export function latestViewChange(db: DB): number {
  return (prepared(db, "SELECT seq FROM sqlite_sequence WHERE name = 'search_view_changes'").pluck().get() as number | undefined) ?? 0
}

/** Jobs whose view count changed after `since` (up to `upTo`), with their counts now. */
export function viewChangesSince(db: DB, since: number, upTo: number): { id: number; viewCount: number }[] {
  const rows = db
    .prepare('SELECT id, view_count FROM jobs WHERE id IN (SELECT job_id FROM search_view_changes WHERE seq > ? AND seq <= ?)')
    .raw()
    .all(since, upTo) as [number, number][]
  return rows.map(([id, viewCount]) => ({ id, viewCount }))
}

/** Like forgetChanges, keeping the same window for the other processes. */
export function forgetViewChanges(db: DB, upTo: number): void {
  pruneLog(db, 'DELETE FROM search_view_changes WHERE seq <= ?', upTo - KEPT_CHANGES)
}

/** Like missedChanges, for the view-count log. */
export function missedViewChanges(db: DB, since: number): boolean {
  return missedIn(db, 'search_view_changes', since, latestViewChange(db))
}

/** Every open posting's view count: what a reader that missed view entries reads instead. */
export function allViewCounts(db: DB): { id: number; viewCount: number }[] {
  const rows = prepared(db, 'SELECT id, view_count FROM jobs WHERE closed_at IS NULL').raw().all() as [number, number][]
  return rows.map(([id, viewCount]) => ({ id, viewCount }))
}
