import type { Migration } from './index.ts'

/** CVs and their revision log (issue 17, docs/cv.md). The SQL is a frozen copy of schema.sql. */
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
`)
  },
}
