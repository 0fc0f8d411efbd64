/**
 * Reads the search_changes log (schema.sql, filled by triggers on jobs, companies and
 * company_collections): which postings changed since the index was built, whoever wrote them.
 * View counts have their own log, search_view_changes: they only move the view_count order.
 */
import type { DB } from '../db/connection.ts'

export interface PendingChanges {
  /** Highest log entry read; pass it to `forgetChanges` once applied. */
  upTo: number
  jobIds: number[]
}

/** Cheap (one index lookup): the newest unapplied log entry, 0 when the log is empty (seq never goes back: AUTOINCREMENT). */
export function latestChange(db: DB): number {
  return (db.prepare('SELECT coalesce(max(seq), 0) FROM search_changes').pluck().get() as number) ?? 0
}

/** Jobs touched after `since`, company-level entries expanded to the company's postings. */
export function changesSince(db: DB, since: number, upTo: number): PendingChanges {
  const jobIds = db
    .prepare(
      `SELECT job_id FROM search_changes WHERE seq > @since AND seq <= @upTo AND job_id IS NOT NULL
       UNION
       SELECT j.id FROM jobs j WHERE j.company_id IN
         (SELECT company_id FROM search_changes WHERE seq > @since AND seq <= @upTo AND company_id IS NOT NULL)`,
    )
    .pluck()
    .all({ since, upTo }) as number[]
  return { upTo, jobIds }
}

/** Number of distinct log entries after `since`: decides patch versus rebuild without reading them all. */
export function changeCount(db: DB, since: number): number {
  return db.prepare('SELECT count(*) FROM search_changes WHERE seq > ?').pluck().get(since) as number
}

/**
 * Applied entries are deleted so the log stays small (one serving process per database file).
 * Never waits for the write lock: while an import holds it, the entries stay for a later call,
 * instead of a search request stalling behind the import.
 */
export function forgetChanges(db: DB, upTo: number): void {
  pruneLog(db, 'DELETE FROM search_changes WHERE seq <= ?', upTo)
}

function pruneLog(db: DB, sql: string, upTo: number): void {
  const timeout = db.pragma('busy_timeout', { simple: true }) as number
  db.pragma('busy_timeout = 0')
  try {
    db.prepare(sql).run(upTo)
  } catch (error) {
    if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error
  } finally {
    db.pragma(`busy_timeout = ${timeout}`)
  }
}

/** The newest entry of the view-count log (search_view_changes), 0 when empty. */
export function latestViewChange(db: DB): number {
  return (db.prepare('SELECT coalesce(max(seq), 0) FROM search_view_changes').pluck().get() as number) ?? 0
}

/** Jobs whose view count changed after `since` (up to `upTo`), with their counts now; the entries are then dropped. */
export function takeViewChanges(db: DB, since: number, upTo: number): { id: number; viewCount: number }[] {
  const rows = db
    .prepare(
      `SELECT id, view_count FROM jobs WHERE id IN
         (SELECT job_id FROM search_view_changes WHERE seq > ? AND seq <= ?)`,
    )
    .raw()
    .all(since, upTo) as [number, number][]
  pruneLog(db, 'DELETE FROM search_view_changes WHERE seq <= ?', upTo)
  return rows.map(([id, viewCount]) => ({ id, viewCount }))
}
