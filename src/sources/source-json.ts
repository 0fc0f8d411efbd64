import type { DB } from '../db/connection.ts'
import { openPostingCount, type SourceRow } from './board-store.ts'
import { lastCrawl } from './crawl-report.ts'

/** The one JSON shape of a source (admin API and `openroles sources list`). */
export function toSourceJson(db: DB, row: SourceRow) {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    token: row.token,
    url: row.url,
    company: row.company,
    status: row.status,
    crawling: row.crawl_started_at !== null,
    consecutive_failures: row.consecutive_failures,
    last_error: row.last_error,
    successful_crawls: row.successful_crawls,
    open_postings: openPostingCount(db, row.id),
    last_crawl_at: row.last_crawl_at,
    last_success_at: row.last_success_at,
    next_crawl_at: row.next_crawl_at,
    last_crawl: lastCrawl(db, row),
    created_at: row.created_at,
  }
}
