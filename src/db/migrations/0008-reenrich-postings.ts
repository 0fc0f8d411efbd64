import type { Migration } from './index.ts'

/**
 * Enrichment rules of version 2 (work mode from header fields and part-week office attendance, places
 * from state and province codes, more salary forms and currencies, the O*NET-grown skill vocabulary).
 * No table changes. Re-enriching the stored postings is no upgrade step: a start re-enriches every
 * posting of an older `enrichment_version` beside serving (src/ingest/reenrich.ts through
 * src/derived-prep.ts), so the step stays what it is whatever later rules do.
 */
export const reenrichPostingsV2: Migration = {
  version: 8,
  name: 'reenrich-postings-v2',
  up() {},
}
