import type { Migration } from './index.ts'
import { createFromSchema } from '../schema-objects.ts'

/** Match analyses cached per user and posting, and the in-app assistant's sessions and messages (issue 22). Shaped as schema.sql declares them. */
export const matchAssistant: Migration = {
  version: 15,
  name: 'match-assistant',
  up(db) {
    createFromSchema(db, ['match_analyses', 'assistant_sessions', 'assistant_messages'])
  },
}
