import type { Migration } from './index.ts'

/**
 * Version 6: the insights rollup (daily first-seen / closed counts per key, open counts now and 30
 * days ago, salary percentiles) and the triggers that mark changed days. Every day that has
 * postings is marked pending, so the first start after the upgrade backfills the history from
 * created_at / closed_at (src/insights/rollup.ts).
 */
export const insightRollup: Migration = {
  version: 6,
  name: 'insight-rollup',
  up(db) {
    db.exec(`
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
`)
    db.exec(`INSERT OR IGNORE INTO insight_pending (day)
      SELECT DISTINCT substr(created_at, 1, 10) FROM jobs
      UNION SELECT DISTINCT substr(closed_at, 1, 10) FROM jobs WHERE closed_at IS NOT NULL`)
  },
}
