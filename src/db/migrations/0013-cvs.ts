import type { Migration } from './index.ts'

/** CVs, their revision log and tracer links (issue 17, docs/cv.md). The SQL is a frozen copy of schema.sql. */
export const cvs: Migration = {
  version: 13,
  name: 'cvs',
  up(db) {
    db.exec(`
-- CVs (docs/cv.md): one base CV per user (job_id NULL) and at most one tailored CV per job.
-- document is the sanitised JSON document; the revision log below is append-only.
CREATE TABLE IF NOT EXISTS cvs (
  id                    TEXT PRIMARY KEY,
  user_id               INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind                  TEXT NOT NULL CHECK (kind IN ('base', 'tailored')),
  job_id                INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  title                 TEXT NOT NULL,
  template_id           TEXT NOT NULL,
  document              TEXT NOT NULL,
  agent_session_id      TEXT NOT NULL,
  tracer_links_enabled  INTEGER NOT NULL DEFAULT 0,
  autopilot_report      TEXT,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS cvs_one_base ON cvs (user_id) WHERE kind = 'base';
CREATE UNIQUE INDEX IF NOT EXISTS cvs_one_per_job ON cvs (user_id, job_id) WHERE job_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS cvs_user ON cvs (user_id, updated_at);

-- One row per change of a CV. changes is JSON [{unit, before, after}] at the granularity undo works on
-- (a top-level section, or one field of margins/style/header, or title/template_id).
CREATE TABLE IF NOT EXISTS cv_revisions (
  id          TEXT PRIMARY KEY,
  cv_id       TEXT NOT NULL REFERENCES cvs (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  actor       TEXT NOT NULL CHECK (actor IN ('candidate', 'agent', 'system')),
  origin      TEXT NOT NULL CHECK (origin IN ('editor', 'tailor_agent', 'cli', 'template', 'import')),
  batch_id    TEXT,
  title       TEXT NOT NULL,
  note        TEXT,
  paths       TEXT NOT NULL,
  changes     TEXT NOT NULL,
  reverted    INTEGER NOT NULL DEFAULT 0,
  reverts_id  TEXT,
  created_at  TEXT NOT NULL,
  UNIQUE (cv_id, seq)
) STRICT;
CREATE INDEX IF NOT EXISTS cv_revisions_batch ON cv_revisions (cv_id, batch_id);

-- Tracer links of a CV (docs/cv.md): each link of the header or a project gets a token served by the
-- public redirect /cv/{token}, which only ever sends to the destination stored here.
CREATE TABLE IF NOT EXISTS cv_tracer_links (
  token            TEXT PRIMARY KEY,
  cv_id            TEXT NOT NULL REFERENCES cvs (id) ON DELETE CASCADE,
  source_path      TEXT NOT NULL,
  destination_url  TEXT NOT NULL,
  clicks           INTEGER NOT NULL DEFAULT 0,
  bot_clicks       INTEGER NOT NULL DEFAULT 0,
  last_click_at    TEXT,
  created_at       TEXT NOT NULL,
  UNIQUE (cv_id, source_path, destination_url)
) STRICT;

-- Distinct visitors per day: a salted hash of address and user agent, never the address itself.
CREATE TABLE IF NOT EXISTS cv_link_visitors (
  token         TEXT NOT NULL REFERENCES cv_tracer_links (token) ON DELETE CASCADE,
  day           TEXT NOT NULL,
  visitor_hash  TEXT NOT NULL,
  PRIMARY KEY (token, day, visitor_hash)
) STRICT, WITHOUT ROWID;

-- The addresses an owner recently used (salted hashes), so the owner's own clicks are not counted.
CREATE TABLE IF NOT EXISTS cv_owner_addresses (
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  address_hash  TEXT NOT NULL,
  seen_at       TEXT NOT NULL,
  PRIMARY KEY (user_id, address_hash)
) STRICT, WITHOUT ROWID;
`)
  },
}
