import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Job-board sources (src/sources/): the boards the crawler reads, what each listed at its last
 * crawls (so a crawl writes only what changed and closes what disappeared), a short crawl history,
 * and the validators (ETag / Last-Modified) of the board responses for conditional requests.
 */
export const boardSources: Migration = {
  version: 7,
  name: 'board-sources',
  up(db) {
    createFromSchema(db, ['board_sources', 'board_postings', 'board_crawls', 'board_http_cache'])
  },
}
