import type { Migration } from './index.ts'

/**
 * Job-board sources (src/sources/): the boards the crawler reads, what each listed at its last
 * crawls (so a crawl writes only what changed and closes what disappeared), a short crawl history,
 * and the validators (ETag / Last-Modified) of the board responses for conditional requests.
 * The same DDL is in schema.sql.
 */
export const boardSources: Migration = {
  version: 7,
  name: 'board-sources',
  up(db) {
    db.exec(BOARD_SOURCES_DDL)
  },
}

export const BOARD_SOURCES_DDL = `
CREATE TABLE IF NOT EXISTS board_sources (
  id                    INTEGER PRIMARY KEY,
  name                  TEXT NOT NULL UNIQUE,
  kind                  TEXT NOT NULL,
  token                 TEXT NOT NULL,
  url                   TEXT NOT NULL,
  company               TEXT NOT NULL,
  status                TEXT NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'ok', 'failing')),
  consecutive_failures  INTEGER NOT NULL DEFAULT 0,
  last_error            TEXT,
  successful_crawls     INTEGER NOT NULL DEFAULT 0,
  last_crawl_at         TEXT,
  last_success_at       TEXT,
  next_crawl_at         TEXT NOT NULL,
  crawl_started_at      TEXT,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS board_sources_due ON board_sources (next_crawl_at);

CREATE TABLE IF NOT EXISTS board_postings (
  board_source_id  INTEGER NOT NULL REFERENCES board_sources (id) ON DELETE CASCADE,
  external_id      TEXT NOT NULL,
  job_id           INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  fingerprint      TEXT NOT NULL,
  missed_crawls    INTEGER NOT NULL DEFAULT 0,
  last_listed_at   TEXT NOT NULL,
  PRIMARY KEY (board_source_id, external_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS board_postings_job ON board_postings (job_id);

CREATE TABLE IF NOT EXISTS board_crawls (
  id               INTEGER PRIMARY KEY,
  board_source_id  INTEGER NOT NULL REFERENCES board_sources (id) ON DELETE CASCADE,
  started_at       TEXT NOT NULL,
  finished_at      TEXT NOT NULL,
  ok               INTEGER NOT NULL CHECK (ok IN (0, 1)),
  listed           INTEGER NOT NULL DEFAULT 0,
  new              INTEGER NOT NULL DEFAULT 0,
  updated          INTEGER NOT NULL DEFAULT 0,
  unchanged        INTEGER NOT NULL DEFAULT 0,
  closed           INTEGER NOT NULL DEFAULT 0,
  reopened         INTEGER NOT NULL DEFAULT 0,
  errors           INTEGER NOT NULL DEFAULT 0,
  error            TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS board_crawls_source ON board_crawls (board_source_id, id DESC);

CREATE TABLE IF NOT EXISTS board_http_cache (
  url            TEXT PRIMARY KEY,
  etag           TEXT,
  last_modified  TEXT,
  body           BLOB NOT NULL,
  fetched_at     TEXT NOT NULL
) STRICT;
`
