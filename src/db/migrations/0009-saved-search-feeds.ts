import type { Migration } from './index.ts'

/** A saved search can be followed as an Atom feed through a secret URL: only the secret's hash is stored. */
export const savedSearchFeeds: Migration = {
  version: 9,
  name: 'saved-search-feeds',
  up(db) {
    db.exec(`
      ALTER TABLE saved_searches ADD COLUMN feed_token_hash BLOB;
      CREATE UNIQUE INDEX IF NOT EXISTS saved_searches_feed ON saved_searches (feed_token_hash) WHERE feed_token_hash IS NOT NULL;
    `)
  },
}
