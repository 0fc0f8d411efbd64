import type { Migration } from './index.ts'

/**
 * Delivery channels (issue 23): subscriptions may name discord; the delivery outbox, linked bot chats and the server's own signing
 * secrets; notifications written only to leave the app (in_app = 0). The SQL is a frozen copy of schema.sql.
 */
export const channels: Migration = {
  version: 11,
  name: 'channels',
  // Subscriptions gain the discord channel, and SQLite changes a CHECK only by rebuilding the table.
  rebuildsTables: true,
  up(db) {
    db.exec(`
CREATE TABLE subscriptions_next (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  saved_search_id   INTEGER NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  active            INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  digest_cursor_at  TEXT NOT NULL,
  last_digest_at    TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  channel           TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'telegram', 'push', 'discord'))
) STRICT;
INSERT INTO subscriptions_next SELECT id, user_id, saved_search_id, active, digest_cursor_at, last_digest_at, created_at, updated_at, channel FROM subscriptions;
DROP TABLE subscriptions;
ALTER TABLE subscriptions_next RENAME TO subscriptions;
CREATE UNIQUE INDEX IF NOT EXISTS subscriptions_search_channel ON subscriptions (saved_search_id, channel);
CREATE INDEX IF NOT EXISTS subscriptions_user ON subscriptions (user_id, id);
CREATE INDEX IF NOT EXISTS subscriptions_active ON subscriptions (active, id);

ALTER TABLE notifications ADD COLUMN in_app INTEGER NOT NULL DEFAULT 1 CHECK (in_app IN (0, 1));

-- The delivery outbox (src/channels/): a notification is written once; each channel it leaves the
-- app on is one row here, sent by the worker in the serving process. 'sending' = claimed by a
-- worker; a row found 'sending' when the process starts was claimed by one that died and is retried.
CREATE TABLE IF NOT EXISTS channel_deliveries (
  id               INTEGER PRIMARY KEY,
  notification_id  INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel          TEXT NOT NULL CHECK (channel IN ('email', 'telegram', 'discord', 'push')),
  status           TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts         INTEGER NOT NULL DEFAULT 0,
  next_attempt_at  TEXT NOT NULL,
  claimed_at       TEXT,
  last_error       TEXT,
  sent_at          TEXT,
  created_at       TEXT NOT NULL,
  UNIQUE (notification_id, channel)
) STRICT;
CREATE INDEX IF NOT EXISTS channel_deliveries_due ON channel_deliveries (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS channel_deliveries_user ON channel_deliveries (user_id);

-- A user's linked chat on a bot channel (Telegram chat id, Discord user id).
CREATE TABLE IF NOT EXISTS chat_links (
  user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  service    TEXT NOT NULL CHECK (service IN ('telegram', 'discord')),
  chat_id    TEXT NOT NULL,
  linked_at  TEXT NOT NULL,
  PRIMARY KEY (user_id, service)
) STRICT;

-- Secrets the server makes for itself on first use (the key that signs unsubscribe and link tokens).
CREATE TABLE IF NOT EXISTS server_secrets (
  name        TEXT PRIMARY KEY,
  value       BLOB NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;

-- A browser's Web Push subscription (endpoint + the keys its payloads are encrypted to).
CREATE TABLE IF NOT EXISTS web_push_subscriptions (
  endpoint    TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh      TEXT NOT NULL,
  auth        TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS web_push_subscriptions_user ON web_push_subscriptions (user_id);
`)
  },
}
