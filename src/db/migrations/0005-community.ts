import type { Migration } from './index.ts'
import { ensurePersona } from '../../community/persona.ts'

/**
 * Community (issue 18): reviews become one per user, company and feedback_type and outlive their
 * author's account (user_id nullable, ON DELETE SET NULL), which SQLite can only do by rebuilding
 * the table; plus review reports, personas, the caps ledger, submissions and threads.
 * The SQL is a frozen copy of schema.sql at this version; authors of existing reviews get a persona.
 */
export const community: Migration = {
  version: 5,
  name: 'community',
  rebuildsTables: true,
  up(db) {
    db.exec(`
CREATE TABLE company_feedback_next (
  id             INTEGER PRIMARY KEY,
  company_id     INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id        INTEGER REFERENCES users (id) ON DELETE SET NULL,
  rating         INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body           TEXT NOT NULL DEFAULT '',
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  hidden_at      TEXT,
  feedback_type  TEXT NOT NULL DEFAULT 'other' CHECK (feedback_type IN
                   ('interview', 'culture', 'compensation', 'management', 'work_life_balance', 'career_growth', 'other')),
  UNIQUE (company_id, user_id, feedback_type)
) STRICT;
INSERT INTO company_feedback_next (id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, feedback_type)
  SELECT id, company_id, user_id, rating, body, created_at, updated_at, hidden_at, 'other' FROM company_feedback;
DROP TABLE company_feedback;
ALTER TABLE company_feedback_next RENAME TO company_feedback;
CREATE INDEX IF NOT EXISTS company_feedback_user ON company_feedback (user_id);
CREATE INDEX IF NOT EXISTS company_feedback_company ON company_feedback (company_id, created_at DESC, id DESC);

-- Reports of a review (evidence for moderators; no state of their own). One per user and review.
CREATE TABLE IF NOT EXISTS company_feedback_reports (
  feedback_id  INTEGER NOT NULL REFERENCES company_feedback (id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason       TEXT NOT NULL CHECK (reason IN ('spam', 'offensive', 'false_information', 'other')),
  created_at   TEXT NOT NULL,
  PRIMARY KEY (feedback_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS company_feedback_reports_user ON company_feedback_reports (user_id);

-- The site-wide pseudonym a user writes reviews, threads and replies under (<adjective>-<noun>-<NN>),
-- minted on the first community write. It goes with the account; content then reads "[deleted]".
CREATE TABLE IF NOT EXISTS personas (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  handle      TEXT NOT NULL UNIQUE,
  created_at  TEXT NOT NULL
) STRICT;

-- Counted community writes (new reviews, threads, replies, prefills…) behind the per-user caps:
-- a ledger, so deleting what one wrote never gives the allowance back.
CREATE TABLE IF NOT EXISTS community_actions (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS community_actions_user ON community_actions (user_id, kind, created_at);

-- Postings people send in; a moderator approves (minting a live posting, job_id) or rejects them.
-- facets: JSON of the structured fields given (skills, regions, cities, work_mode, salary…).
CREATE TABLE IF NOT EXISTS submissions (
  id             INTEGER PRIMARY KEY,
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url            TEXT NOT NULL,
  url_key        TEXT NOT NULL,
  source         TEXT,
  title          TEXT NOT NULL,
  company        TEXT NOT NULL,
  location       TEXT,
  remote         INTEGER NOT NULL DEFAULT 0 CHECK (remote IN (0, 1)),
  description    TEXT,
  posted_at      TEXT,
  facets         TEXT NOT NULL DEFAULT '{}',
  status         TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  review_reason  TEXT,
  reviewed_at    TEXT,
  job_id         INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  created_at     TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS submissions_pending_url ON submissions (url_key) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS submissions_user ON submissions (user_id, id DESC);
CREATE INDEX IF NOT EXISTS submissions_status ON submissions (status, id);

-- Discussion threads about a company or a posting (subject_slug = company slug or job public_slug).
-- user_id becomes NULL when the author deletes their account: the thread stays, by "[deleted]".
CREATE TABLE IF NOT EXISTS threads (
  id            INTEGER PRIMARY KEY,
  subject_type  TEXT NOT NULL CHECK (subject_type IN ('company', 'job')),
  subject_slug  TEXT NOT NULL,
  user_id       INTEGER REFERENCES users (id) ON DELETE SET NULL,
  title         TEXT NOT NULL,
  body          TEXT NOT NULL,
  reply_count   INTEGER NOT NULL DEFAULT 0,
  status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  created_at    TEXT NOT NULL,
  closed_at     TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS threads_subject ON threads (subject_type, subject_slug, status, id DESC);
CREATE INDEX IF NOT EXISTS threads_user ON threads (user_id);

CREATE TABLE IF NOT EXISTS thread_replies (
  id          INTEGER PRIMARY KEY,
  thread_id   INTEGER NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
  parent_id   INTEGER REFERENCES thread_replies (id) ON DELETE SET NULL,  -- NULL = top level (served as 0)
  user_id     INTEGER REFERENCES users (id) ON DELETE SET NULL,
  body        TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS thread_replies_thread ON thread_replies (thread_id, id);
CREATE INDEX IF NOT EXISTS thread_replies_user ON thread_replies (user_id);
CREATE INDEX IF NOT EXISTS thread_replies_parent ON thread_replies (parent_id);
`)
    // Authors of reviews written before personas existed get theirs now, so their reviews are signed.
    const now = new Date().toISOString()
    for (const userId of db.prepare('SELECT DISTINCT user_id FROM company_feedback WHERE user_id IS NOT NULL').pluck().all() as number[]) ensurePersona(db, userId, now)
  },
}
