import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Several serving processes by default: what lived in one process's memory moves into the file so
 * every process sees it — assistant turn slots, failed sign-ins, and the keyed ledger behind the
 * inbound mail caps. New tables only, shaped as schema.sql declares them.
 */
export const sharedProcessState: Migration = {
  version: 23,
  name: 'shared-process-state',
  up(db) {
    createFromSchema(db, ['assistant_turns', 'login_failures', 'keyed_actions'])
  },
}
