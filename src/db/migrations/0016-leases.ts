import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/** Several serving processes on one file (issue 14): the scheduler lease table. */
export const leases: Migration = {
  version: 16,
  name: 'leases',
  up(db) {
    createFromSchema(db, ['leases'])
  },
}
