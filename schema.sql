-- openroles schema: the readable picture of the current model. A new database is created from this file;
-- an existing one is upgraded by the ordered steps in src/db/migrations/ (PRAGMA user_version).
-- Conventions: STRICT tables, snake_case, timestamps are ISO 8601 UTC text named *_at.

PRAGMA foreign_keys = ON;

-- ---------------------------------------------------------------- catalogue

CREATE TABLE IF NOT EXISTS sources (
  name          TEXT PRIMARY KEY,          -- e.g. 'greenhouse', 'seed', 'import'
  display_name  TEXT NOT NULL,
  homepage      TEXT
) STRICT;

CREATE TABLE IF NOT EXISTS companies (
  id                 INTEGER PRIMARY KEY,
  slug               TEXT NOT NULL UNIQUE,
  name               TEXT NOT NULL,
  tagline            TEXT,
  homepage           TEXT,
  careers_url        TEXT,
  description        TEXT,
  hq_country         TEXT,                 -- ISO alpha-2, lowercase
  industries         TEXT NOT NULL DEFAULT '[]',   -- JSON array of curated industry slugs
  company_type       TEXT,                 -- product / startup / outsource / ...
  company_size       TEXT,                 -- 1-10 / 11-50 / ... / 1000+
  year_founded       INTEGER,
  employee_count     INTEGER,
  organization_type  TEXT,
  maturity           TEXT,
  yc_batch           TEXT NOT NULL DEFAULT '[]',   -- JSON arrays
  yc_status          TEXT NOT NULL DEFAULT '[]',
  yc_stage           TEXT NOT NULL DEFAULT '[]',
  yc_flags           TEXT NOT NULL DEFAULT '[]',
  upvote_count       INTEGER NOT NULL DEFAULT 0,
  downvote_count     INTEGER NOT NULL DEFAULT 0,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  subindustries      TEXT NOT NULL DEFAULT '[]'    -- JSON array of curated sub-industry slugs
) STRICT;
CREATE INDEX IF NOT EXISTS companies_name ON companies (name COLLATE NOCASE);

CREATE TABLE IF NOT EXISTS company_collections (
  company_id  INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  collection  TEXT NOT NULL,
  PRIMARY KEY (company_id, collection)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS company_collections_value ON company_collections (collection);

-- Reposts of one role (same company, same normalized title) share a cluster: /jobs/{slug}/copies.
CREATE TABLE IF NOT EXISTS role_clusters (
  id          INTEGER PRIMARY KEY,
  cluster_key TEXT NOT NULL UNIQUE
) STRICT;

CREATE TABLE IF NOT EXISTS skills (
  slug  TEXT PRIMARY KEY,
  name  TEXT NOT NULL
) STRICT;

CREATE TABLE IF NOT EXISTS jobs (
  id                    INTEGER PRIMARY KEY,
  public_slug           TEXT NOT NULL UNIQUE,
  source                TEXT NOT NULL REFERENCES sources (name),
  external_id           TEXT NOT NULL,
  company_id            INTEGER NOT NULL REFERENCES companies (id),
  cluster_id            INTEGER REFERENCES role_clusters (id),
  title                 TEXT NOT NULL,
  url                   TEXT,              -- employer's application URL
  url_key               TEXT,              -- normalized url, for /jobs/find
  source_url            TEXT,
  source_url_key        TEXT,
  location              TEXT,              -- the source's verbatim location string
  description_html      TEXT NOT NULL,     -- sanitized before it is stored
  description_text      TEXT NOT NULL,     -- plain text of the same, for previews and FTS
  manually_added        INTEGER NOT NULL DEFAULT 0,
  -- facet attributes (enrichment); NULL = unknown
  work_mode             TEXT CHECK (work_mode IN ('remote', 'hybrid', 'onsite')),
  role                  TEXT,
  role_type             TEXT CHECK (role_type IN ('people_manager')),
  ai_archetype          TEXT,
  category              TEXT,
  seniority             TEXT,
  employment_type       TEXT,
  relocation            TEXT,
  visa_sponsorship      INTEGER CHECK (visa_sponsorship IN (0, 1)),
  requires_clearance    INTEGER NOT NULL DEFAULT 0 CHECK (requires_clearance IN (0, 1)),
  english_level         TEXT,
  education_level       TEXT,
  posting_language      TEXT,
  company_type          TEXT,
  company_size          TEXT,
  salary_min            INTEGER,
  salary_max            INTEGER,
  salary_currency       TEXT,
  salary_period         TEXT,
  experience_years_min  INTEGER,
  experience_years_max  INTEGER,
  summary               TEXT,
  timezone_note         TEXT,
  reality_class         TEXT CHECK (reality_class IN ('fresh', 'stale', 'likely-evergreen')),
  reality               TEXT,              -- JSON { class, age_days, repost_count, mass_posting_count, fake_freshness }
  ghost                 TEXT,              -- JSON or NULL when no evidence fired
  enriched_at           TEXT,
  enrichment_version    INTEGER,
  -- lifecycle
  posted_at             TEXT NOT NULL,     -- the date the source states
  created_at            TEXT NOT NULL,     -- first recorded by this catalogue
  updated_at            TEXT NOT NULL,
  last_seen_at          TEXT NOT NULL,
  closed_at             TEXT,
  -- engagement
  view_count            INTEGER NOT NULL DEFAULT 0,
  applied_count         INTEGER NOT NULL DEFAULT 0,
  upvote_count          INTEGER NOT NULL DEFAULT 0,
  downvote_count        INTEGER NOT NULL DEFAULT 0,
  provenance            TEXT,              -- JSON { field: 'board' | 'text' | 'default' }: where each derived value came from
  salary_min_exact      REAL,              -- the amounts with their cents ($27.45 an hour) when they have any
  salary_max_exact      REAL,
  UNIQUE (source, external_id)
) STRICT;
CREATE INDEX IF NOT EXISTS jobs_company ON jobs (company_id, closed_at);
CREATE INDEX IF NOT EXISTS jobs_cluster ON jobs (cluster_id);
CREATE INDEX IF NOT EXISTS jobs_url_key ON jobs (url_key);
CREATE INDEX IF NOT EXISTS jobs_source_url_key ON jobs (source_url_key);
CREATE INDEX IF NOT EXISTS jobs_open_posted ON jobs (closed_at, posted_at DESC);
CREATE INDEX IF NOT EXISTS jobs_created ON jobs (created_at);
CREATE INDEX IF NOT EXISTS jobs_updated ON jobs (updated_at);
-- Whether any posting awaits re-enrichment is asked at every start: without it, a scan of every row.
CREATE INDEX IF NOT EXISTS jobs_enrichment_version ON jobs (enrichment_version);

-- Multi-valued job attributes.
CREATE TABLE IF NOT EXISTS job_regions (
  job_id  INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  region  TEXT NOT NULL,
  PRIMARY KEY (job_id, region)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS job_countries (
  job_id   INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  country  TEXT NOT NULL,                  -- ISO alpha-2, lowercase
  PRIMARY KEY (job_id, country)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS job_cities (
  job_id   INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  city     TEXT NOT NULL,                  -- canonical GeoNames display name
  country  TEXT NOT NULL,
  PRIMARY KEY (job_id, city)
) STRICT, WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS job_skills (
  job_id  INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  skill   TEXT NOT NULL REFERENCES skills (slug),
  PRIMARY KEY (job_id, skill)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS job_skills_skill ON job_skills (skill);

CREATE TABLE IF NOT EXISTS job_domains (
  job_id  INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  domain  TEXT NOT NULL,
  PRIMARY KEY (job_id, domain)
) STRICT, WITHOUT ROWID;

-- Precomputed nearest neighbours, rewritten when the catalogue changes: /jobs/{slug}/similar is a lookup.
CREATE TABLE IF NOT EXISTS job_similar (
  job_id       INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  rank         INTEGER NOT NULL,
  neighbor_id  INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  score        REAL NOT NULL,
  PRIMARY KEY (job_id, rank)
) STRICT, WITHOUT ROWID;

-- Full text over open postings only (closed postings leave the index). rowid = jobs.id.
CREATE VIRTUAL TABLE IF NOT EXISTS jobs_fts USING fts5 (
  title, company, description,
  content = '', contentless_delete = 1,
  tokenize = "unicode61 remove_diacritics 2 tokenchars '+#'",
  prefix = '2 3'
);

-- Small key/value facts about the catalogue (built_at, generation).
CREATE TABLE IF NOT EXISTS catalogue_meta (
  key    TEXT PRIMARY KEY,
  value  TEXT NOT NULL
) STRICT;

-- ---------------------------------------------------------------- job-board sources (src/sources/)

-- A company's public job board the crawler reads (greenhouse:acme, rss:https://…). Distinct from
-- `sources` above, which names the `source` facet values postings carry. next_crawl_at and the
-- crawl_started_at lease make scheduled crawls survive restarts without running twice.
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

-- What a board listed: the board's own id, the posting it became, a fingerprint of the listed
-- content (unchanged entries are not rewritten) and how many successful crawls in a row missed it
-- (two close the posting).
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

-- One row per finished crawl (the latest few per source are kept): the per-crawl report.
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

-- Validators of the last board responses, for If-None-Match / If-Modified-Since: a 304 reuses the body.
CREATE TABLE IF NOT EXISTS board_http_cache (
  url            TEXT PRIMARY KEY,
  etag           TEXT,
  last_modified  TEXT,
  body           BLOB NOT NULL,
  fetched_at     TEXT NOT NULL
) STRICT;

-- ---------------------------------------------------------------- search change log

-- Every write that can change what search returns, from any connection or process (an import
-- running while the server serves): the in-memory search index patches itself from these rows and
-- deletes the ones it has applied. Collections belong to companies, so their changes log the company.
CREATE TABLE IF NOT EXISTS search_changes (
  seq         INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id      INTEGER,
  company_id  INTEGER
) STRICT;
-- Covers every column the search index loads (the posting-attribute table, src/catalogue/posting-attributes.ts;
-- test/catalogue/posting-attributes.test.ts checks this index and the trigger below), so loading a million
-- postings scans this index instead of walking the wide rows and their description overflow pages.
CREATE INDEX IF NOT EXISTS jobs_search_load ON jobs (
  closed_at, id, company_id, title, visa_sponsorship, requires_clearance, salary_min, salary_max,
  experience_years_min, posted_at, created_at, view_count, work_mode, role, category, ai_archetype, seniority,
  role_type, company_type, relocation, employment_type, english_level, posting_language, reality_class,
  salary_currency, source, company_size, education_level, salary_period
);
CREATE TRIGGER IF NOT EXISTS search_changes_job_insert AFTER INSERT ON jobs
  BEGIN INSERT INTO search_changes (job_id) VALUES (new.id); END;
-- Engagement counters do not change what search matches: an update that only bumps them is not a
-- catalogue change (views go to their own log, read without dropping cached results).
CREATE TRIGGER IF NOT EXISTS search_changes_job_edit AFTER UPDATE OF
  company_id, title, closed_at, updated_at, source, work_mode, role, role_type, ai_archetype, category, seniority,
  employment_type, relocation, visa_sponsorship, requires_clearance, english_level, education_level, posting_language,
  company_type, company_size, salary_min, salary_max, salary_currency, salary_period, experience_years_min,
  reality_class, posted_at, created_at ON jobs
  BEGIN INSERT INTO search_changes (job_id) VALUES (new.id); END;
CREATE TABLE IF NOT EXISTS search_view_changes (
  seq     INTEGER PRIMARY KEY AUTOINCREMENT,
  job_id  INTEGER NOT NULL
) STRICT;
CREATE TRIGGER IF NOT EXISTS search_changes_job_views AFTER UPDATE OF view_count ON jobs
  BEGIN INSERT INTO search_view_changes (job_id) VALUES (new.id); END;
CREATE TRIGGER IF NOT EXISTS search_changes_job_delete AFTER DELETE ON jobs
  BEGIN INSERT INTO search_changes (job_id) VALUES (old.id); END;
CREATE TRIGGER IF NOT EXISTS search_changes_company_update AFTER UPDATE OF name, slug ON companies
  WHEN old.name IS NOT new.name OR old.slug IS NOT new.slug BEGIN INSERT INTO search_changes (company_id) VALUES (new.id); END;
CREATE TRIGGER IF NOT EXISTS search_changes_collection_insert AFTER INSERT ON company_collections
  BEGIN INSERT INTO search_changes (company_id) VALUES (new.company_id); END;
CREATE TRIGGER IF NOT EXISTS search_changes_collection_delete AFTER DELETE ON company_collections
  BEGIN INSERT INTO search_changes (company_id) VALUES (old.company_id); END;

-- ---------------------------------------------------------------- insights (history of the market)

-- Per UTC day and key: postings first seen (created_at) and closed (closed_at) that day. Keys by
-- dimension: all (''), category, seniority, country, skill, company (company id), role
-- ('category|seniority'), role_country ('country|category|seniority'), skill_category
-- ('category|skill'), skill_country ('country|skill'). A row exists only for a day with activity.
-- Rebuilt day by day from the postings (src/insights/rollup.ts), never per request.
CREATE TABLE IF NOT EXISTS insight_daily (
  dimension  TEXT NOT NULL,
  value      TEXT NOT NULL,
  day        TEXT NOT NULL,              -- YYYY-MM-DD (UTC)
  added      INTEGER NOT NULL,
  removed    INTEGER NOT NULL,
  PRIMARY KEY (dimension, day, value)
) STRICT, WITHOUT ROWID;
-- The series velocity reads (one value of a small dimension over a range of days).
CREATE INDEX IF NOT EXISTS insight_daily_series ON insight_daily (dimension, value, day, added, removed)
  WHERE dimension IN ('all', 'category', 'seniority', 'country');

-- Per key: open postings now and at the end of the window day (30 days ago), kept in step with
-- insight_daily; a key with both counts 0 has no row.
CREATE TABLE IF NOT EXISTS insight_open (
  dimension   TEXT NOT NULL,
  value       TEXT NOT NULL,
  open_count  INTEGER NOT NULL,
  open_prev   INTEGER NOT NULL,
  PRIMARY KEY (dimension, value)
) STRICT, WITHOUT ROWID;

-- Days whose rollup rows are out of date: filled by the triggers below from any writer, emptied
-- when the rollup is brought up to date.
CREATE TABLE IF NOT EXISTS insight_pending (
  day  TEXT PRIMARY KEY
) STRICT, WITHOUT ROWID;

-- Salary percentiles of open postings per scope ('' = any) and seniority ('' = all seniorities);
-- one row per currency and period, only with at least the minimum sample.
CREATE TABLE IF NOT EXISTS insight_salary (
  category     TEXT NOT NULL,
  country      TEXT NOT NULL,
  seniority    TEXT NOT NULL,
  currency     TEXT NOT NULL,
  period       TEXT NOT NULL,
  sample_size  INTEGER NOT NULL,
  p25          INTEGER NOT NULL,
  p50          INTEGER NOT NULL,
  p75          INTEGER NOT NULL,
  PRIMARY KEY (category, country, seniority, currency, period)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER IF NOT EXISTS insight_pending_job_insert AFTER INSERT ON jobs BEGIN
  INSERT OR IGNORE INTO insight_pending (day) SELECT substr(new.created_at, 1, 10)
    UNION SELECT substr(new.closed_at, 1, 10) WHERE new.closed_at IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS insight_pending_job_update AFTER UPDATE OF
  created_at, closed_at, updated_at, category, seniority, company_id, salary_min, salary_max, salary_currency, salary_period ON jobs BEGIN
  INSERT OR IGNORE INTO insight_pending (day) SELECT substr(old.created_at, 1, 10) UNION SELECT substr(new.created_at, 1, 10)
    UNION SELECT substr(old.closed_at, 1, 10) WHERE old.closed_at IS NOT NULL
    UNION SELECT substr(new.closed_at, 1, 10) WHERE new.closed_at IS NOT NULL;
END;
CREATE TRIGGER IF NOT EXISTS insight_pending_job_delete AFTER DELETE ON jobs BEGIN
  INSERT OR IGNORE INTO insight_pending (day) SELECT substr(old.created_at, 1, 10)
    UNION SELECT substr(old.closed_at, 1, 10) WHERE old.closed_at IS NOT NULL;
END;

-- ---------------------------------------------------------------- public extras: feedback, referrals

-- Company facts derived from its open postings, refreshed by refreshDerivedData for the companies
-- whose postings changed, so company search never aggregates a million postings per request.
-- Arrays are JSON (unordered). job_count = 0 keeps the row (the company has no open role now).
CREATE TABLE IF NOT EXISTS company_stats (
  company_id      INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  job_count       INTEGER NOT NULL,
  regions         TEXT NOT NULL DEFAULT '[]',
  countries       TEXT NOT NULL DEFAULT '[]',
  remote_regions  TEXT NOT NULL DEFAULT '[]',
  domains         TEXT NOT NULL DEFAULT '[]',
  company_types   TEXT NOT NULL DEFAULT '[]',
  company_sizes   TEXT NOT NULL DEFAULT '[]',
  updated_at      TEXT NOT NULL
) STRICT;

-- Companies whose postings changed since their stats were computed; readers recompute these first,
-- so a seed of many batches computes each company's stats once, not once per batch.
CREATE TABLE IF NOT EXISTS company_stats_pending (
  company_id  INTEGER PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE
) STRICT;

-- Postings written by an import batch whose derived data (similar jobs, company stats) is not
-- refreshed yet: written in the batch's own transaction, cleared once the refresh ran, and resumed
-- on the next start or import, so a kill between the two never leaves derived data stale.
CREATE TABLE IF NOT EXISTS derived_refresh_pending (
  job_id  INTEGER PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE
) STRICT;

-- Open postings of one company, newest first: the jobs page of company detail.
CREATE INDEX IF NOT EXISTS jobs_company_posted ON jobs (company_id, closed_at, posted_at DESC, id DESC);
-- Open postings of one role cluster, newest first: /jobs/{slug}/copies without touching the rows.
CREATE INDEX IF NOT EXISTS jobs_cluster_posted ON jobs (cluster_id, closed_at, posted_at DESC, id DESC);

-- Employees' and candidates' reviews of a company (1..5), one per user, company and feedback_type;
-- hidden_at set by a moderator hides one. user_id becomes NULL when the author deletes their account:
-- the review stays readable under "[deleted]".
CREATE TABLE IF NOT EXISTS company_feedback (
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

-- Employees offering to refer candidates to their company, with a proof of employment (a PDF a
-- moderator reads) and their LinkedIn profile. Company detail reports referral_available when an
-- approved one exists. id is a UUID; the owner may withdraw (delete) an offer in any state.
CREATE TABLE IF NOT EXISTS referral_offers (
  id            TEXT PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  linkedin_url  TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  decided_at    TEXT,
  UNIQUE (user_id, company_id)
) STRICT;
CREATE INDEX IF NOT EXISTS referral_offers_company ON referral_offers (company_id, status);
CREATE INDEX IF NOT EXISTS referral_offers_status ON referral_offers (status, created_at);

-- One vote (+1 / -1) per user and job or company; the counts on jobs / companies are kept in step.
CREATE TABLE IF NOT EXISTS job_votes (
  job_id      INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  value       INTEGER NOT NULL CHECK (value IN (-1, 1)),
  created_at  TEXT NOT NULL,
  PRIMARY KEY (job_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS job_votes_user ON job_votes (user_id);

CREATE TABLE IF NOT EXISTS company_votes (
  company_id  INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  value       INTEGER NOT NULL CHECK (value IN (-1, 1)),
  created_at  TEXT NOT NULL,
  PRIMARY KEY (company_id, user_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS company_votes_user ON company_votes (user_id);

-- ---------------------------------------------------------------- accounts

-- Every table holding a user's data references users (id) ON DELETE CASCADE, so DELETE /me is one row delete.
CREATE TABLE IF NOT EXISTS users (
  id                 INTEGER PRIMARY KEY,
  email              TEXT NOT NULL UNIQUE,     -- stored trimmed and lowercased
  password_hash      TEXT,                     -- argon2id PHC string; NULL for accounts created through OAuth
  role               TEXT NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'moderator')),
  email_verified_at  TEXT,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL,
  timezone           TEXT,                     -- IANA name, checked against the runtime's time-zone database
  language           TEXT NOT NULL DEFAULT 'en'
) STRICT;

-- Browser sessions (cookie) and extension sessions (Bearer or_ext_...). Token = public_id + '.' + secret;
-- only SHA-256(secret) is stored and compared in constant time.
CREATE TABLE IF NOT EXISTS sessions (
  id           INTEGER PRIMARY KEY,
  public_id    TEXT NOT NULL UNIQUE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  secret_hash  BLOB NOT NULL,
  kind         TEXT NOT NULL DEFAULT 'browser' CHECK (kind IN ('browser', 'extension')),
  created_at   TEXT NOT NULL,
  expires_at   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);

-- Failed sign-ins behind the escalating delay (src/account/login-throttle.ts), one row per account
-- and per client IP, shared by every serving process. key_hash = SHA-256 of 'a:<email>' or
-- 'i:<ip>', so the table names no address. Times in ms since the epoch; retry_at = when the next
-- attempt is accepted (0: no delay). Rows a day past their last failure, and the oldest beyond
-- LOGIN_THROTTLE_ENTRIES, are pruned.
CREATE TABLE IF NOT EXISTS login_failures (
  key_hash         BLOB PRIMARY KEY,
  failures         INTEGER NOT NULL,
  last_failure_at  INTEGER NOT NULL,
  retry_at         INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS login_failures_last ON login_failures (last_failure_at);

-- Personal API keys: or_live_<public_id>_<secret>, shown once; only SHA-256(secret) is stored.
CREATE TABLE IF NOT EXISTS api_keys (
  id            INTEGER PRIMARY KEY,
  public_id     TEXT NOT NULL UNIQUE,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  secret_hash   BLOB NOT NULL,
  created_at    TEXT NOT NULL,
  last_used_at  TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS api_keys_user ON api_keys (user_id);

-- Six-digit emailed codes (email verification, password reset): one live code per user and purpose.
CREATE TABLE IF NOT EXISTS account_codes (
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose     TEXT NOT NULL CHECK (purpose IN ('verify_email', 'reset_password')),
  code_hash   BLOB NOT NULL,
  attempts    INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  PRIMARY KEY (user_id, purpose)
) STRICT, WITHOUT ROWID;

-- Accounts linked to an OpenID Connect provider, by the provider's stable subject.
CREATE TABLE IF NOT EXISTS user_identities (
  provider    TEXT NOT NULL,
  subject     TEXT NOT NULL,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (provider, subject)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS user_identities_user ON user_identities (user_id);

-- Pending OAuth sign-ins: state -> PKCE verifier, short-lived and used once.
CREATE TABLE IF NOT EXISTS oauth_states (
  state_hash     BLOB PRIMARY KEY,
  provider       TEXT NOT NULL,
  code_verifier  TEXT NOT NULL,
  client         TEXT NOT NULL CHECK (client IN ('web', 'mobile')),
  return_to      TEXT,
  expires_at     TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- One-time codes handed to the mobile app after OAuth, swapped for a session by POST /auth/oauth/exchange.
CREATE TABLE IF NOT EXISTS oauth_exchange_codes (
  code_hash   BLOB PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at  TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- Every outgoing mail, so a self-hoster without SMTP can read codes with `openroles mail outbox`.
CREATE TABLE IF NOT EXISTS mail_outbox (
  id          INTEGER PRIMARY KEY,
  recipient   TEXT NOT NULL,
  subject     TEXT NOT NULL,
  body_text   TEXT NOT NULL,
  status      TEXT NOT NULL CHECK (status IN ('kept', 'pending', 'sent', 'failed')),
  created_at  TEXT NOT NULL,
  sent_at     TEXT
) STRICT;
CREATE INDEX IF NOT EXISTS mail_outbox_recipient ON mail_outbox (recipient);

-- ---------------------------------------------------------------- signed-in features

-- One profile per user: what match-text, job match and coverage compare postings against.
CREATE TABLE IF NOT EXISTS profiles (
  user_id           INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  headline          TEXT,
  skills            TEXT NOT NULL DEFAULT '[]',   -- JSON [{ name, slug, level }]
  years_experience  INTEGER,
  desired_roles     TEXT NOT NULL DEFAULT '[]',   -- JSON string arrays
  locations         TEXT NOT NULL DEFAULT '[]',
  work_modes        TEXT NOT NULL DEFAULT '[]',
  salary_min        INTEGER,
  salary_currency   TEXT,
  salary_period     TEXT,
  languages         TEXT NOT NULL DEFAULT '[]',   -- JSON [{ code, level }]
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  specializations   TEXT NOT NULL DEFAULT '[]',   -- JSON array of job categories
  excluded_skills   TEXT NOT NULL DEFAULT '[]',   -- JSON array of skill slugs the caller does not want
  location_preferences TEXT                      -- JSON { work_modes, remote, base, relocation } or NULL
) STRICT;

CREATE TABLE IF NOT EXISTS screening_answers (
  user_id                  INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  authorized_countries     TEXT NOT NULL DEFAULT '[]',   -- JSON array of ISO alpha-2, uppercase
  visa_sponsorship_needed  INTEGER CHECK (visa_sponsorship_needed IN (0, 1)),
  desired_salary_amount    INTEGER CHECK (desired_salary_amount > 0),
  desired_salary_currency  TEXT,
  desired_salary_period    TEXT CHECK (desired_salary_period IN ('hour', 'day', 'week', 'month', 'year')),
  notice_period_days       INTEGER CHECK (notice_period_days >= 0),
  willing_to_relocate      INTEGER CHECK (willing_to_relocate IN (0, 1)),
  age_18_or_older          INTEGER CHECK (age_18_or_older IN (0, 1)),
  updated_at               TEXT NOT NULL
) STRICT;

-- A saved search is a query string in the job search grammar.
CREATE TABLE IF NOT EXISTS saved_searches (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name        TEXT NOT NULL,
  query       TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL,
  feed_token_hash  BLOB                  -- SHA-256 of the secret in its Atom feed URL; NULL until asked for
) STRICT;
CREATE INDEX IF NOT EXISTS saved_searches_user ON saved_searches (user_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS saved_searches_feed ON saved_searches (feed_token_hash) WHERE feed_token_hash IS NOT NULL;

-- A subscription sends digests of postings first recorded after digest_cursor_at, on its channel
-- (one subscription per saved search and channel).
CREATE TABLE IF NOT EXISTS subscriptions (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  saved_search_id   INTEGER NOT NULL REFERENCES saved_searches (id) ON DELETE CASCADE,
  active            INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  digest_cursor_at  TEXT NOT NULL,
  last_digest_at    TEXT,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  channel           TEXT NOT NULL DEFAULT 'email' CHECK (channel IN ('email', 'telegram', 'push', 'discord', 'webhook'))
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS subscriptions_search_channel ON subscriptions (saved_search_id, channel);
CREATE INDEX IF NOT EXISTS subscriptions_user ON subscriptions (user_id, id);
CREATE INDEX IF NOT EXISTS subscriptions_active ON subscriptions (active, id);

CREATE TABLE IF NOT EXISTS notifications (
  id               INTEGER PRIMARY KEY,
  user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind             TEXT NOT NULL,            -- 'subscription_digest'
  title            TEXT NOT NULL,
  body             TEXT NOT NULL,
  public_slug      TEXT,
  jobs             TEXT NOT NULL DEFAULT '[]', -- JSON snapshot of jobs as they were when sent
  subscription_id  INTEGER REFERENCES subscriptions (id) ON DELETE SET NULL,
  created_at       TEXT NOT NULL,
  read_at          TEXT,
  in_app           INTEGER NOT NULL DEFAULT 1 CHECK (in_app IN (0, 1))  -- 0: written only to leave the app (in-app digests off)
) STRICT;
CREATE INDEX IF NOT EXISTS notifications_user ON notifications (user_id, id DESC);
CREATE INDEX IF NOT EXISTS notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- enabled + channels: whether digests leave the app, and on which channels (a subscription's
-- channel must be among them); digest_in_app: whether they are written to the notification list.
CREATE TABLE IF NOT EXISTS notification_settings (
  user_id        INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  digest_in_app  INTEGER NOT NULL DEFAULT 1 CHECK (digest_in_app IN (0, 1)),
  updated_at     TEXT NOT NULL,
  enabled        INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  channels       TEXT NOT NULL DEFAULT '["email","push"]'   -- JSON array of email / telegram / push
) STRICT;

-- Upserted by token value: a device that signs in to another account moves with it.
CREATE TABLE IF NOT EXISTS push_tokens (
  token       TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  platform    TEXT NOT NULL CHECK (platform IN ('ios', 'android')),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS push_tokens_user ON push_tokens (user_id);

-- The caller's own history with a posting; jobs.view_count / applied_count count distinct users.
CREATE TABLE IF NOT EXISTS job_interactions (
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id        INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  view_count    INTEGER NOT NULL DEFAULT 0,
  viewed_at     TEXT,                        -- last view
  applied_at    TEXT,
  saved_at      TEXT,
  dismissed_at  TEXT,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (user_id, job_id)
) STRICT;
CREATE INDEX IF NOT EXISTS job_interactions_user ON job_interactions (user_id, updated_at DESC);

-- ---------------------------------------------------------------- community: personas, submissions, threads

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

-- The same caps for what is not a user (src/plan/caps.ts): a key such as a mail sender's
-- address or a client's IP. Any address may come and go, so rows no window reads any more are
-- forgotten for every key at once (by created_at), not only for the key that comes back.
CREATE TABLE IF NOT EXISTS keyed_actions (
  id          INTEGER PRIMARY KEY,
  key         TEXT NOT NULL,
  kind        TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS keyed_actions_key ON keyed_actions (key, kind, created_at);
CREATE INDEX IF NOT EXISTS keyed_actions_created ON keyed_actions (created_at);

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

-- The proof PDF of a referral offer, private: only moderators read it. Kept in the database (one
-- backup, one delete) and named by its SHA-256, never by the uploaded file name.
CREATE TABLE IF NOT EXISTS referral_proofs (
  offer_id    TEXT PRIMARY KEY REFERENCES referral_offers (id) ON DELETE CASCADE,
  sha256      TEXT NOT NULL,
  size        INTEGER NOT NULL,
  content     BLOB NOT NULL
) STRICT;

-- A job seeker asking a company's approved referrers for a referral. cv_text is the CV as it was
-- when sent (what the referrer reads as a PDF); contact fields are the ones the seeker chose to share.
CREATE TABLE IF NOT EXISTS referral_requests (
  id                TEXT PRIMARY KEY,
  company_id        INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id            INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  cv_kind           TEXT NOT NULL CHECK (cv_kind IN ('original', 'built')),
  cv_id             TEXT,
  cv_text           TEXT NOT NULL,
  linkedin_url      TEXT NOT NULL,
  contact_telegram  TEXT,
  contact_email     TEXT,
  note              TEXT,
  status            TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'contacted', 'declined')),
  resolved_by       INTEGER REFERENCES users (id) ON DELETE SET NULL,
  resolved_at       TEXT,
  created_at        TEXT NOT NULL
) STRICT;
CREATE UNIQUE INDEX IF NOT EXISTS referral_requests_active ON referral_requests (user_id, company_id) WHERE status = 'sent';
CREATE INDEX IF NOT EXISTS referral_requests_user ON referral_requests (user_id, created_at DESC);
CREATE INDEX IF NOT EXISTS referral_requests_company ON referral_requests (company_id, status, created_at DESC);
CREATE INDEX IF NOT EXISTS referral_requests_resolver ON referral_requests (resolved_by);

-- The delivery outbox (src/channels/): a notification is written once; each channel it leaves the
-- app on is one row here, sent by the worker in the serving process. 'sending' = claimed by a
-- worker; a row found 'sending' when the process starts was claimed by one that died and is retried.
CREATE TABLE IF NOT EXISTS channel_deliveries (
  id               INTEGER PRIMARY KEY,
  notification_id  INTEGER NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  user_id          INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  channel          TEXT NOT NULL CHECK (channel IN ('email', 'telegram', 'discord', 'push', 'webhook')),
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

-- ---------------------------------------------------------------- tracker (src/tracker/, src/plan/)

-- A job seeker's application: stage, notes and the applied mark of a posting they track. It outlives
-- its posting: job_id becomes NULL when the posting is deleted, and the copied slug, company and
-- title keep it readable (the API then addresses it as a<id>).
CREATE TABLE IF NOT EXISTS applications (
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

-- The timeline: every application, stage change, employer reply, follow-up and interview.
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

-- Interviews of an application: suggested by calendar invitations in mail, confirmed or cancelled.
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

-- Pasted vacancy texts (POST /me/jd/resolve): private to their owner, enriched like an import, and
-- kept out of the jobs table so no public read (search, facets, similar, companies) can reach them.
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

-- Links a user handed in (POST /me/jd/resolve with a url): GET /me/contributions.
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

-- Application forms captured for postings: GET /jobs/{slug}/apply-form.
CREATE TABLE IF NOT EXISTS apply_forms (
  job_id       INTEGER PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  provider     TEXT NOT NULL,
  basics       TEXT NOT NULL DEFAULT '[]',  -- JSON [label]
  questions    TEXT NOT NULL DEFAULT '[]',  -- JSON [{ text, required, answer? }]
  captured_at  TEXT NOT NULL
) STRICT;

-- A paid tier granted to a user (free otherwise).
CREATE TABLE IF NOT EXISTS user_plans (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  plan        TEXT NOT NULL CHECK (plan IN ('pro', 'ultra')),
  until       TEXT NOT NULL,
  source      TEXT NOT NULL CHECK (source IN ('stripe', 'revenuecat', 'granted')),
  updated_at  TEXT NOT NULL
) STRICT;

-- The allowance ledger: one row per metered use, per UTC day. A release re-stamps its row, giving the
-- use back to the day it was taken from; a reference charged once (same job, same session) is free.
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
CREATE UNIQUE INDEX IF NOT EXISTS plan_ledger_reference ON plan_ledger (user_id, feature, reference) WHERE reference IS NOT NULL AND kind = 'consume';
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
CREATE INDEX IF NOT EXISTS experience_atoms_employment ON experience_atoms (employment_id);

-- Match analyses (docs/assistant.md): one cached MatchAnalysis per user and posting. The stamps are
-- the profile's and the posting's updated_at when it was computed; a newer one makes it stale.
CREATE TABLE IF NOT EXISTS match_analyses (
  user_id        INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id         INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  analysis       TEXT NOT NULL,
  overall_score  INTEGER NOT NULL,
  verdict        TEXT NOT NULL,
  profile_stamp  TEXT NOT NULL,
  posting_stamp  TEXT NOT NULL,
  analysed_at    TEXT NOT NULL,
  PRIMARY KEY (user_id, job_id)
) STRICT;
CREATE INDEX IF NOT EXISTS match_analyses_recent ON match_analyses (user_id, analysed_at DESC);

-- In-app assistant sessions and their messages (content is JSON: {text} / {text?, tool_calls?} / {tool_call_id, name, result}).
CREATE TABLE IF NOT EXISTS assistant_sessions (
  id          TEXT PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  preset      TEXT NOT NULL CHECK (preset IN ('chat', 'profile', 'browse', 'interview', 'debrief', 'tailor')),
  label       TEXT NOT NULL,
  job_id      INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS assistant_sessions_user ON assistant_sessions (user_id, updated_at DESC);
CREATE TABLE IF NOT EXISTS assistant_messages (
  session_id  TEXT NOT NULL REFERENCES assistant_sessions (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  role        TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool')),
  content     TEXT NOT NULL,
  created_at  TEXT NOT NULL,
  PRIMARY KEY (session_id, seq)
) STRICT;

-- ---------------------------------------------------------------- serving processes (src/cluster/)

-- Work that must run in one process only (the schedulers) is held by a lease: the holder renews
-- expires_at (ms since the epoch) well before it passes; once it passes (the holder died), any
-- process may take the lease over.
CREATE TABLE IF NOT EXISTS leases (
  name        TEXT PRIMARY KEY,
  holder      TEXT NOT NULL,
  expires_at  INTEGER NOT NULL
) STRICT;

-- Assistant turns running or queued (src/assistant/turn-slots.ts): one running per session and
-- one queued behind it, whichever process serves the request. owner names the process (and
-- context) holding the turn, which refreshes alive_at (ms since the epoch) every second; a row not
-- refreshed for ten seconds belongs to a process that died and no longer counts. cancel = 1 asks
-- the owner to stop the turn. id orders the queued turns of a session (oldest runs first).
CREATE TABLE IF NOT EXISTS assistant_turns (
  id          INTEGER PRIMARY KEY,
  session_id  TEXT NOT NULL REFERENCES assistant_sessions (id) ON DELETE CASCADE,
  state       TEXT NOT NULL CHECK (state IN ('running', 'queued')),
  owner       TEXT NOT NULL,
  alive_at    INTEGER NOT NULL,
  cancel      INTEGER NOT NULL DEFAULT 0 CHECK (cancel IN (0, 1))
) STRICT;
CREATE INDEX IF NOT EXISTS assistant_turns_session ON assistant_turns (session_id, state);
CREATE INDEX IF NOT EXISTS assistant_turns_owner ON assistant_turns (owner);
-- At most one running turn per session, whatever races between processes.
CREATE UNIQUE INDEX IF NOT EXISTS assistant_turns_running ON assistant_turns (session_id) WHERE state = 'running';

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

-- Application mail (src/inbox/): every message the job seeker's mailboxes delivered, pushed or
-- forwarded. Bodies are stored sanitised; the triage label and the link to a posting live on the row.
CREATE TABLE IF NOT EXISTS emails (
  id                INTEGER PRIMARY KEY,
  user_id           INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  source            TEXT NOT NULL CHECK (source IN ('gmail', 'hosted', 'imap', 'external')),
  external_id       TEXT NOT NULL,            -- the provider's id (pushed: the client's; hosted: the Message-ID)
  message_id        TEXT,                     -- RFC 5322 Message-ID without brackets: one copy per user
  thread_id         TEXT,
  in_reply_to       TEXT,
  refs              TEXT NOT NULL DEFAULT '[]',   -- JSON array of Message-IDs (References)
  from_addr         TEXT NOT NULL DEFAULT '',
  from_name         TEXT NOT NULL DEFAULT '',
  to_addr           TEXT NOT NULL DEFAULT '',
  subject           TEXT NOT NULL DEFAULT '',
  snippet           TEXT NOT NULL DEFAULT '',
  body_text         TEXT NOT NULL DEFAULT '',
  body_html         TEXT NOT NULL DEFAULT '',     -- sanitised with the job-description allow-list
  invitation        TEXT,                     -- JSON of the calendar invitation found in the message, if any
  received_at       TEXT NOT NULL,
  read              INTEGER NOT NULL DEFAULT 0,
  deleted_at        TEXT,                     -- soft delete: a re-sync never brings the message back
  status_signal     TEXT CHECK (status_signal IN ('acknowledgement', 'screening', 'interview_invitation', 'assessment', 'offer', 'rejection', 'info_request', 'incomplete_application', 'other')),
  job_id            INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  link_source       TEXT CHECK (link_source IN ('auto', 'manual', 'agent')),
  suggested_job_id  INTEGER REFERENCES jobs (id) ON DELETE SET NULL,
  created_at        TEXT NOT NULL,
  updated_at        TEXT NOT NULL,
  UNIQUE (user_id, source, external_id)
) STRICT;
CREATE INDEX IF NOT EXISTS emails_user_received ON emails (user_id, received_at);
CREATE INDEX IF NOT EXISTS emails_user_message ON emails (user_id, message_id);
CREATE INDEX IF NOT EXISTS emails_job ON emails (job_id);
CREATE INDEX IF NOT EXISTS emails_suggested_job ON emails (suggested_job_id);

-- Hosted mailbox addresses: <local_part>@<MAIL_DOMAIN>, one per user.
CREATE TABLE IF NOT EXISTS mail_addresses (
  user_id     INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  local_part  TEXT NOT NULL UNIQUE,           -- lowercased
  created_at  TEXT NOT NULL
) STRICT;

-- A connected IMAP mailbox; the app password is sealed with SECRETS_KEY (AES-256-GCM).
CREATE TABLE IF NOT EXISTS imap_accounts (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  host          TEXT NOT NULL,
  port          INTEGER NOT NULL,
  tls           INTEGER NOT NULL,
  username      TEXT NOT NULL,
  secret_enc    BLOB NOT NULL,
  folders       TEXT NOT NULL DEFAULT '["INBOX"]',   -- JSON array of folder names synced
  created_at    TEXT NOT NULL,
  last_sync_at  TEXT,
  last_error    TEXT
) STRICT;

-- Incremental IMAP sync: the last UID seen per folder, valid while UIDVALIDITY stays the same.
CREATE TABLE IF NOT EXISTS imap_checkpoints (
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  folder       TEXT NOT NULL,
  uidvalidity  INTEGER NOT NULL,
  last_uid     INTEGER NOT NULL,
  PRIMARY KEY (user_id, folder)
) STRICT;

-- A Gmail connection; the OAuth tokens are sealed with SECRETS_KEY (AES-256-GCM).
CREATE TABLE IF NOT EXISTS gmail_connections (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email         TEXT NOT NULL,
  token_enc     BLOB NOT NULL,
  history_id    TEXT,
  status        TEXT NOT NULL DEFAULT 'connected' CHECK (status IN ('connected', 'needs_reconsent')),
  created_at    TEXT NOT NULL,
  last_sync_at  TEXT,
  last_error    TEXT
) STRICT;
-- The owner's profile photo (GET/PUT/DELETE /me/photo), printed by the photo CV templates. The
-- bytes were checked as a JPEG, PNG or WebP and stripped of metadata (EXIF, text) before storing.
CREATE TABLE IF NOT EXISTS user_photos (
  user_id       INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content_type  TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width         INTEGER NOT NULL,
  height        INTEGER NOT NULL,
  bytes         BLOB NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;

-- Photo upload attempts of the last hour, for the hourly cap (refused files count too).
CREATE TABLE IF NOT EXISTS photo_uploads (
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  uploaded_at  TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS photo_uploads_user ON photo_uploads (user_id, uploaded_at);

-- A user's named lists of jobs (issue 45), optionally published read-only under an unguessable
-- public_slug. Items keep the job after it closes (the shared page shows it as closed).
CREATE TABLE IF NOT EXISTS job_lists (
  id           INTEGER PRIMARY KEY,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name         TEXT NOT NULL,
  description  TEXT NOT NULL DEFAULT '',
  public_slug  TEXT,
  shared_at    TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS job_lists_user ON job_lists (user_id, id);
CREATE UNIQUE INDEX IF NOT EXISTS job_lists_public ON job_lists (public_slug) WHERE public_slug IS NOT NULL;

CREATE TABLE IF NOT EXISTS job_list_items (
  list_id   INTEGER NOT NULL REFERENCES job_lists (id) ON DELETE CASCADE,
  job_id    INTEGER NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  added_at  TEXT NOT NULL,
  PRIMARY KEY (list_id, job_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS job_list_items_job ON job_list_items (job_id);

-- A user's one webhook endpoint for saved-search digests (issue 45). The signing secret must be
-- read to sign, so it is kept sealed (AES-256-GCM): under SECRETS_KEY when set, else under a key
-- the server made for itself (sealed_with says which); the user sees it once.
CREATE TABLE IF NOT EXISTS webhooks (
  user_id          INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  url              TEXT NOT NULL,
  secret_sealed    BLOB NOT NULL,
  sealed_with      TEXT NOT NULL CHECK (sealed_with IN ('secrets_key', 'server')),
  enabled          INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  disabled_at      TEXT,
  last_attempt_at  TEXT,
  last_success_at  TEXT,
  last_status      INTEGER,
  last_error       TEXT,
  failures         INTEGER NOT NULL DEFAULT 0
) STRICT;
