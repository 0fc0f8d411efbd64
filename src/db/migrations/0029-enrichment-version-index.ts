import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * An index on `jobs.enrichment_version`: every start asks whether a posting awaits re-enrichment,
 * and without the index that question read every row of the file (its columns sit past the
 * descriptions, so overflow pages too): ~1 s at 100k postings, ~10 s at a million.
 */
export const enrichmentVersionIndex: Migration = {
  version: 29,
  name: 'enrichment-version-index',
  up(db) {
    createFromSchema(db, ['jobs_enrichment_version'])
  },
}
