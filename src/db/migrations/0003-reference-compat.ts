import type { Migration } from './index.ts'

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
    db.exec(`ALTER TABLE companies ADD COLUMN subindustries TEXT NOT NULL DEFAULT '[]'`)
    db.exec(`
      ALTER TABLE profiles ADD COLUMN specializations TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE profiles ADD COLUMN excluded_skills TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE profiles ADD COLUMN location_preferences TEXT;
    `)

    db.exec(`
      CREATE TABLE subscriptions_new (
        id                INTEGER PRIMARY KEY,
        user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        saved_search_id   INTEGER NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
        active            INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
        digest_cursor_at  TEXT NOT NULL,
        last_digest_at    TEXT,
        created_at        TEXT NOT NULL,
        updated_at        TEXT NOT NULL,
        channel           TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'telegram', 'push'))
      ) STRICT;
      -- Existing subscriptions were delivered in the app and by push: they keep push.
      INSERT INTO subscriptions_new (id, user_id, saved_search_id, active, digest_cursor_at, last_digest_at, created_at, updated_at, channel)
        SELECT id, user_id, saved_search_id, active, digest_cursor_at, last_digest_at, created_at, updated_at, 'push' FROM subscriptions;
      DROP TABLE subscriptions;
      ALTER TABLE subscriptions_new RENAME TO subscriptions;
      CREATE INDEX subscriptions_user ON subscriptions (user_id, id);
      CREATE INDEX subscriptions_active ON subscriptions (active, id);
      CREATE UNIQUE INDEX subscriptions_search_channel ON subscriptions (saved_search_id, channel);
    `)

    db.exec(`
      ALTER TABLE notification_settings ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1));
      ALTER TABLE notification_settings ADD COLUMN channels TEXT NOT NULL DEFAULT '["email","push"]';
      UPDATE notification_settings SET channels = '["email"]' WHERE digest_push = 0;
      ALTER TABLE notification_settings DROP COLUMN digest_push;
    `)
  },
}
