import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/**
 * Application mail (issue 20): stored messages with their triage label and link, hosted mailbox
 * addresses, and the IMAP and Gmail connections with their sync checkpoints. Shaped as schema.sql
 * declares them.
 */
export const inbox: Migration = {
  version: 17,
  name: 'inbox',
  up(db) {
    createFromSchema(db, ['emails', 'mail_addresses', 'imap_accounts', 'imap_checkpoints', 'gmail_connections'])
  },
}
