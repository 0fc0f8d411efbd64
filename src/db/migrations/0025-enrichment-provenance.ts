import type { Migration } from './index.ts'
import { addColumns } from '../schema-objects.ts'

/**
 * Where each derived value of a posting came from (issue 41): `provenance`, a JSON object naming,
 * per enriched field, a board field, a text rule or a default. And hourly pay with its cents: the
 * STRICT integer salary columns keep the whole amount every filter, sort and facet reads, while
 * `salary_min_exact` / `salary_max_exact` hold an amount that has cents ($27.45 an hour). New
 * columns only; postings written before stay as they are until they are enriched again.
 */
export const enrichmentProvenance: Migration = {
  version: 25,
  name: 'enrichment-provenance',
  up(db) {
    addColumns(db, 'jobs', ['provenance TEXT', 'salary_min_exact REAL', 'salary_max_exact REAL'])
  },
}
