import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import type { Malformed } from './adapters/adapter.ts'
import type { SourceRow } from './board-store.ts'

/**
 * The end of every crawl: the per-crawl report (new, updated, unchanged, closed, reopened, errors),
 * a board_crawls row, and the source's state: a success makes it `ok`; SOURCES_FAILING_AFTER
 * failures in a row make it `failing`, and so does the first failure of a source that never had a
 * successful crawl (nothing transient to wait out: it has never worked, e.g. its host cannot be
 * reached, and `new` would hide that). Either way the lease is released and the next crawl is due
 * one interval later.
 */
export interface CrawlReport {
  source: string
  source_id: number
  ok: boolean
  started_at: string
  finished_at: string
  listed: number
  new: number
  updated: number
  unchanged: number
  closed: number
  reopened: number
  /** Entries skipped (malformed, rejected by the importer, detail unreadable). */
  errors: number
  /** Why the crawl failed; null when it succeeded. */
  error: string | null
  /** The first skipped entries and why. */
  problems: { at: string; reason: string }[]
}

interface Outcome {
  startedAt: string
  finishedAt: string
  ok: boolean
  listed?: number
  new?: number
  updated?: number
  unchanged?: number
  closed?: number
  reopened?: number
  errors?: Malformed[]
  error?: string
}

const PROBLEMS_LISTED = 20
const CRAWLS_KEPT = 20

export function recordCrawl(db: DB, config: Config, source: SourceRow, outcome: Outcome): CrawlReport {
  const report: CrawlReport = {
    source: source.name,
    source_id: source.id,
    ok: outcome.ok,
    started_at: outcome.startedAt,
    finished_at: outcome.finishedAt,
    listed: outcome.listed ?? 0,
    new: outcome.new ?? 0,
    updated: outcome.updated ?? 0,
    unchanged: outcome.unchanged ?? 0,
    closed: outcome.closed ?? 0,
    reopened: outcome.reopened ?? 0,
    errors: outcome.errors?.length ?? 0,
    error: outcome.error ?? null,
    problems: (outcome.errors ?? []).slice(0, PROBLEMS_LISTED).map(({ at, reason }) => ({ at, reason })),
  }
  const next = new Date(Date.parse(outcome.finishedAt) + config.sourcesCrawlIntervalMinutes * 60_000).toISOString()
  db.transaction(() => {
    if (outcome.ok) {
      db.prepare(
        `UPDATE board_sources SET status = 'ok', consecutive_failures = 0, last_error = NULL, successful_crawls = successful_crawls + 1,
           last_crawl_at = @at, last_success_at = @at, next_crawl_at = @next, crawl_started_at = NULL, updated_at = @at WHERE id = @id`,
      ).run({ at: outcome.finishedAt, next, id: source.id })
    } else {
      db.prepare(
        `UPDATE board_sources SET consecutive_failures = consecutive_failures + 1,
           status = CASE WHEN consecutive_failures + 1 >= @failingAfter OR successful_crawls = 0 THEN 'failing' ELSE status END,
           last_error = @error, last_crawl_at = @at, next_crawl_at = @next, crawl_started_at = NULL, updated_at = @at WHERE id = @id`,
      ).run({ at: outcome.finishedAt, next, id: source.id, error: report.error, failingAfter: config.sourcesFailingAfter })
    }
    db.prepare(
      `INSERT INTO board_crawls (board_source_id, started_at, finished_at, ok, listed, new, updated, unchanged, closed, reopened, errors, error)
       VALUES (@sourceId, @started_at, @finished_at, @ok, @listed, @new, @updated, @unchanged, @closed, @reopened, @errors, @error)`,
    ).run({
      sourceId: source.id,
      started_at: report.started_at,
      finished_at: report.finished_at,
      ok: report.ok ? 1 : 0,
      listed: report.listed,
      new: report.new,
      updated: report.updated,
      unchanged: report.unchanged,
      closed: report.closed,
      reopened: report.reopened,
      errors: report.errors,
      error: report.error,
    })
    db.prepare('DELETE FROM board_crawls WHERE board_source_id = ? AND id NOT IN (SELECT id FROM board_crawls WHERE board_source_id = ? ORDER BY id DESC LIMIT ?)').run(source.id, source.id, CRAWLS_KEPT)
  })()
  return report
}

/** The latest crawl of a source as the report shape (without the problem list), or null before the first. */
export function lastCrawl(db: DB, source: SourceRow): Omit<CrawlReport, 'problems'> | null {
  const row = db.prepare('SELECT * FROM board_crawls WHERE board_source_id = ? ORDER BY id DESC LIMIT 1').get(source.id) as Record<string, unknown> | undefined
  if (!row) return null
  const { id: _id, board_source_id: _sid, ok, ...rest } = row
  return { source: source.name, source_id: source.id, ok: ok === 1, ...(rest as Omit<CrawlReport, 'problems' | 'source' | 'source_id' | 'ok'>) }
}
