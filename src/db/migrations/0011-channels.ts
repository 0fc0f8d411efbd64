import type { Migration } from './index.ts'
import { addColumns, createFromSchema, rebuildTable } from '../schema-objects.ts'

/**
 * Delivery channels (issue 23): subscriptions may name discord; the delivery outbox, linked bot chats and the server's own signing
 * secrets; notifications written only to leave the app (in_app = 0). Tables take their shape from schema.sql.
 */
export const channels: Migration = {
  version: 11,
  name: 'channels',
  // Subscriptions gain the discord channel, and SQLite changes a CHECK only by rebuilding the table.
  rebuildsTables: true,
  up(db) {
    rebuildTable(db, 'subscriptions')
    addColumns(db, 'notifications', ['in_app INTEGER NOT NULL DEFAULT 1 CHECK (in_app IN (0, 1))'])
    createFromSchema(db, ['channel_deliveries', 'chat_links', 'server_secrets', 'web_push_subscriptions'])
  },
}
