import type { Migration } from './index.ts'
import { reenrichPostings } from '../../ingest/reenrich.ts'

/**
 * Enrichment rules of version 2 (work mode from header fields and part-week office attendance, places
 * from state and province codes, more salary forms and currencies, the O*NET-grown skill vocabulary):
 * every stored posting is enriched again from its stored text. No table changes.
 */
export const reenrichPostingsV2: Migration = {
  version: 8,
  name: 'reenrich-postings-v2',
  up(db) {
    reenrichPostings(db, new Date(), { legacy: true })
  },
}
