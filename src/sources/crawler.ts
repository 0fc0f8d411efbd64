import type { Config } from '../config.ts'
import type { DB } from '../db/connection.ts'
import { conflict } from '../errors.ts'
import { closeJob } from '../catalogue/job-store.ts'
import { refreshDerivedData } from '../catalogue/refresh.ts'
import { createBoardHttp, type BoardHttp } from './board-http.ts'
import { claimDueSource, claimSource, releaseSource, type SourceRow } from './board-store.ts'
import { crawlSource, type CrawlOptions } from './crawl.ts'
import { recordCrawl, type CrawlReport } from './crawl-report.ts'

/**
 * The crawling service one process holds (the server in its context, the CLI for one command): one
 * HTTP client, so per-host politeness spans every crawl of the process, and the lease discipline
 * around crawlSource.
 */
export interface SourceCrawler {
  http: BoardHttp
  /** Crawls one source now; a conflict while another crawl of it is running. */
  crawl(source: SourceRow, options?: CrawlOptions): Promise<CrawlReport>
  /** Crawls the sources that are due, most overdue first, one after another. */
  crawlDue(options?: CrawlOptions): Promise<CrawlReport[]>
  /** Deletes a source and closes the postings it kept open (they stay readable by slug); a conflict while it is crawled. */
  remove(source: SourceRow): { closed: number }
}

export function createSourceCrawler(deps: { config: Config; db: DB; now: () => Date }): SourceCrawler {
  const { config, db, now } = deps
  const http = createBoardHttp(config, db)
  const staleBefore = () => new Date(now().getTime() - config.sourcesLeaseMinutes * 60_000).toISOString()

  async function run(source: SourceRow, options: CrawlOptions): Promise<CrawlReport> {
    // A long crawl (a first SmartRecruiters crawl reads one job ad per posting, politely) renews its
    // lease, so no other process takes it over while it is still working.
    const renewEvery = (config.sourcesLeaseMinutes * 60_000) / 3
    const renew = db.prepare('UPDATE board_sources SET crawl_started_at = ? WHERE id = ? AND crawl_started_at IS NOT NULL')
    let heartbeat: NodeJS.Timeout
    const beat = () => {
      renew.run(now().toISOString(), source.id)
      heartbeat = setTimeout(beat, renewEvery).unref()
    }
    heartbeat = setTimeout(beat, renewEvery).unref()
    try {
      return await crawlSource({ db, config, http, now }, source, options)
    } catch (error) {
      // Stopped (shutdown): the crawl did not happen, so it stays due and is done after the restart.
      if (options.signal?.aborted) {
        releaseSource(db, source.id)
        throw error
      }
      return recordCrawl(db, config, source, { startedAt: now().toISOString(), finishedAt: now().toISOString(), ok: false, error: `internal error: ${(error as Error).message}` })
    } finally {
      clearTimeout(heartbeat)
    }
  }

  return {
    http,
    async crawl(source, options = {}) {
      if (!claimSource(db, source.id, now().toISOString(), staleBefore())) throw conflict(`a crawl of ${source.name} is already running`)
      return run(source, options)
    },
    async crawlDue(options = {}) {
      const reports: CrawlReport[] = []
      for (let source = claimDueSource(db, now().toISOString(), staleBefore()); source; source = claimDueSource(db, now().toISOString(), staleBefore())) {
        reports.push(await run(source, options))
        if (options.signal?.aborted) break
      }
      return reports
    },
    remove(source) {
      const at = now().toISOString()
      // Taking the lease first: a source is never deleted under a crawl that is writing its postings.
      if (!claimSource(db, source.id, at, staleBefore())) throw conflict(`${source.name} is being crawled; remove it when the crawl is done`)
      const closed = db.transaction(() => {
        const ids = db.prepare('SELECT job_id FROM board_postings WHERE board_source_id = ? AND job_id IS NOT NULL').pluck().all(source.id) as number[]
        const closedIds = ids.filter((id) => closeJob(db, id, at))
        db.prepare('DELETE FROM board_sources WHERE id = ?').run(source.id)
        // Kept responses of its endpoint (every page and detail URL starts with its path).
        const { origin, pathname } = new URL(source.url)
        const prefix = origin + pathname
        db.prepare('DELETE FROM board_http_cache WHERE substr(url, 1, ?) = ?').run(prefix.length, prefix)
        return closedIds
      })()
      refreshDerivedData(db, closed)
      return { closed: closed.length }
    },
  }
}
