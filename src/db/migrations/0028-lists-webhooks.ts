import type { Migration } from './index.ts'
import { createFromSchema, rebuildTable } from '../schema-objects.ts'

/**
 * Job lists with public sharing, and saved-search webhooks (issue 45): the new tables, and
 * `webhook` added to the channels a subscription and an outbox row may name (a CHECK constraint,
 * so both tables are rebuilt into their schema.sql shape).
 */
export const listsWebhooks: Migration = {
  version: 28,
  name: 'lists-webhooks',
  rebuildsTables: true,
  up(db) {
    createFromSchema(db, ['job_lists', 'job_list_items', 'webhooks'])
    rebuildTable(db, 'subscriptions')
    rebuildTable(db, 'channel_deliveries')
  },
}
