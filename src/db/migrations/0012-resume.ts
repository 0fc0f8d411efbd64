import type { Migration } from './index.ts'

/**
 * Résumé and experience bank (issue 16): the stored résumé text with its structured parse, the
 * contact fields the caller owns, and the bank's employments and atoms. New tables only; the SQL
 * is a frozen copy of schema.sql.
 */
export const resume: Migration = {
  version: 12,
  name: 'resume',
  up(db) {
    db.exec(`
-- The caller's résumé (issue 16): its extracted text and the deterministic structured parse. The
-- uploaded file itself is not kept; only the text it yielded. One per user.
CREATE TABLE IF NOT EXISTS resumes (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  source        TEXT NOT NULL CHECK (source IN ('pdf', 'docx', 'text')),
  text          TEXT NOT NULL,
  structured    TEXT,
  parse_status  TEXT NOT NULL CHECK (parse_status IN ('ready', 'failed')),
  parse_detail  TEXT,
  uploaded_at   TEXT NOT NULL
) STRICT;

-- Contact fields the caller set by hand: each one set overrides what the résumé parse found.
CREATE TABLE IF NOT EXISTS resume_contacts (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  contacts    TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;

-- Experience bank: employments (jobs and projects) and atoms (single claims) with provenance.
CREATE TABLE IF NOT EXISTS experience_employments (
  id          TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        TEXT NOT NULL CHECK (kind IN ('job', 'project')),
  company     TEXT,
  role        TEXT,
  location    TEXT,
  start       TEXT,
  end         TEXT,
  current     INTEGER NOT NULL DEFAULT 0,
  summary     TEXT,
  link        TEXT,
  stack       TEXT NOT NULL DEFAULT '[]',
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS experience_employments_user ON experience_employments (user_id, created_at);

CREATE TABLE IF NOT EXISTS experience_atoms (
  id             TEXT PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  employment_id  TEXT REFERENCES experience_employments (id) ON DELETE CASCADE,
  claim          TEXT NOT NULL,
  claim_key      TEXT NOT NULL,
  context        TEXT,
  metrics        TEXT NOT NULL DEFAULT '[]',
  skills         TEXT NOT NULL DEFAULT '[]',
  provenance     TEXT NOT NULL CHECK (provenance IN ('cv_import', 'stated_in_chat', 'manual', 'agent_inferred')),
  source_ref     TEXT,
  created_at     TEXT NOT NULL,
  UNIQUE (user_id, claim_key)
) STRICT;
CREATE INDEX IF NOT EXISTS experience_atoms_employment ON experience_atoms (employment_id);`)
  },
}
