import type { Migration } from './index.ts'

/**
 * Version 4: the job seeker's tracker (applications, timeline events, interviews), pasted vacancies,
 * handed-in links, captured application forms, plans and the allowance ledger; users gain timezone
 * and language.
 */
export const trackerMigration: Migration = {
  version: 4,
  name: 'tracker',
  up(db) {
    db.exec(`ALTER TABLE users ADD COLUMN timezone TEXT`)
    db.exec(`ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en'`)
    db.exec(`CREATE TABLE IF NOT EXISTS applications (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id            INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  job_slug          TEXT NOT NULL,
  company_slug      TEXT NOT NULL,
  role_title        TEXT NOT NULL,
  stage             TEXT CHECK (stage IN ('preparing', 'applied', 'screening', 'responded', 'interview', 'offer', 'accepted', 'rejected', 'withdrawn', 'expired')),
  notes             TEXT,
  applied_at        TEXT,
  stage_set_at      TEXT,                     -- when the stage last changed: silence counts from it
  last_activity_at  TEXT,                     -- last employer activity (mail), when any was seen
  followed_up_at    TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS applications_user_job ON applications (user_id, job_id);
CREATE INDEX IF NOT EXISTS applications_job ON applications (job_id);

CREATE TABLE IF NOT EXISTS application_events (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  application_id  INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  kind            TEXT NOT NULL CHECK (kind IN ('applied', 'employer_reply', 'follow_up_sent', 'stage_set', 'interview_scheduled')),
  signal          TEXT,
  source          TEXT NOT NULL CHECK (source IN ('mail_gmail', 'mail_hosted', 'mail_external', 'user', 'assistant', 'calendar_google', 'system')),
  email_id        INTEGER,
  occurred_at     TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS application_events_user ON application_events (user_id, occurred_at);
CREATE INDEX IF NOT EXISTS application_events_application ON application_events (application_id, occurred_at);

CREATE TABLE IF NOT EXISTS interviews (
  id              INTEGER PRIMARY KEY,
  user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  application_id  INTEGER NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  uid             TEXT NOT NULL,              -- the invitation's UID: a re-sent invitation updates the row
  starts_at       TEXT NOT NULL,
  ends_at         TEXT,
  title           TEXT,
  join_url        TEXT,
  status          TEXT NOT NULL CHECK (status IN ('suggested', 'confirmed', 'cancelled')),
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (user_id, uid)
) STRICT;
CREATE INDEX IF NOT EXISTS interviews_user ON interviews (user_id, starts_at);

CREATE TABLE IF NOT EXISTS private_jobs (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_slug  TEXT NOT NULL UNIQUE,
  title        TEXT NOT NULL,
  company      TEXT,
  record       TEXT NOT NULL,               -- JSON: the enriched posting
  created_at   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS private_jobs_user ON private_jobs (user_id);

CREATE TABLE IF NOT EXISTS contributions (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  url         TEXT NOT NULL,
  source      TEXT NOT NULL,                -- the ATS or site, from the host
  board       TEXT,                         -- the employer's board on that ATS, when the path names one
  status      TEXT NOT NULL CHECK (status IN ('pending', 'review')),
  surface     TEXT NOT NULL,                -- where it was handed in: 'jd_resolve'
  job_id      INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS contributions_user ON contributions (user_id, id DESC);

CREATE TABLE IF NOT EXISTS apply_forms (
  job_id       INTEGER PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  provider     TEXT NOT NULL,
  basics       TEXT NOT NULL DEFAULT '[]',  -- JSON [label]
  questions    TEXT NOT NULL DEFAULT '[]',  -- JSON [{ text, required, answer? }]
  captured_at  TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS user_plans (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  plan        TEXT NOT NULL CHECK (plan IN ('pro', 'ultra')),
  until       TEXT NOT NULL,
  source      TEXT NOT NULL CHECK (source IN ('stripe', 'revenuecat', 'granted')),
  updated_at  TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS plan_ledger (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feature     TEXT NOT NULL CHECK (feature IN ('match', 'tailor', 'assistant', 'dictation')),
  day         TEXT NOT NULL,                -- YYYY-MM-DD, UTC
  kind        TEXT NOT NULL CHECK (kind IN ('consume', 'release')),
  reference   TEXT,
  subtitle    TEXT,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS plan_ledger_user_day ON plan_ledger (user_id, day, feature);
CREATE INDEX IF NOT EXISTS plan_ledger_user_recent ON plan_ledger (user_id, id DESC);
CREATE UNIQUE INDEX IF NOT EXISTS plan_ledger_reference ON plan_ledger (user_id, feature, reference) WHERE reference IS NOT NULL AND kind = 'consume';`)
  },
}
