import type { Migration } from './index.ts'
import { addColumns, rebuildTable } from '../schema-objects.ts'

/**
 * Shapes the reference service's clients send (docs/public-api.md "Extensions and choices"):
 * companies gain curated sub-industries; profiles gain specializations, excluded skills and
 * location preferences; a subscription gains a delivery channel, so one saved
 * search may have one subscription per channel (the table is rebuilt to move the uniqueness from
 * the saved search to the pair); notification settings become `{ enabled, channels }`, the old
 * `digest_push` flag turning into the `push` channel.
 */
export const referenceCompat: Migration = {
  version: 3,
  name: 'reference-compat',
  rebuildsTables: true,
  up(db) {
    addColumns(db, 'companies', [`subindustries TEXT NOT NULL DEFAULT '[]'`])
    addColumns(db, 'profiles', [`specializations TEXT NOT NULL DEFAULT '[]'`, `excluded_skills TEXT NOT NULL DEFAULT '[]'`, 'location_preferences TEXT'])

    // Existing subscriptions were delivered in the app and by push: they keep push.
    const kept = ['id', 'user_id', 'saved_search_id', 'active', 'digest_cursor_at', 'last_digest_at', 'created_at', 'updated_at']
    rebuildTable(db, 'subscriptions', (next) =>
      db.exec(`INSERT INTO ${next} (${kept.join(', ')}, channel) SELECT ${kept.join(', ')}, 'push' FROM subscriptions`))

    db.exec(`
      ALTER TABLE notification_settings ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
      ALTER TABLE notification_settings ADD COLUMN channels TEXT NOT NULL DEFAULT '["email","push"]';
      UPDATE notification_settings SET channels = '["email"]' WHERE digest_push = 0;
      ALTER TABLE notification_settings DROP COLUMN digest_push;
    `)
  },
}
