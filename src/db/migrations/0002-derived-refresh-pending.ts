import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/** Release 2: the durable to-do list of derived-data refreshes (src/catalogue/refresh.ts). */
export const derivedRefreshPending: Migration = {
  version: 2,
  name: 'derived-refresh-pending',
  up(db) {
    createFromSchema(db, ['derived_refresh_pending'])
  },
}
