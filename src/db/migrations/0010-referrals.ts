import { randomUUID } from 'node:crypto'
import type { Migration } from './index.ts'

/**
 * Referrals (issue 21): offers get UUID ids, a LinkedIn profile and a private proof PDF, which
 * SQLite can only do by rebuilding the table; plus the proofs and the requests. Offers the stub
 * marked withdrawn are dropped (withdrawing now deletes). The SQL is a frozen copy of schema.sql.
 */
export const referrals: Migration = {
  version: 10,
  name: 'referrals',
  rebuildsTables: true,
  up(db) {
    db.exec(`
CREATE TABLE referral_offers_next (
  id            TEXT PRIMARY KEY,
  company_id    INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id       INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status        TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  linkedin_url  TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  decided_at    TEXT,
  UNIQUE (user_id, company_id)
) STRICT;`)
    const old = db.prepare("SELECT company_id, user_id, status, created_at, decided_at FROM referral_offers WHERE status != 'withdrawn' ORDER BY id").all() as
      { company_id: number; user_id: number; status: string; created_at: string; decided_at: string | null }[]
    const insert = db.prepare(
      "INSERT OR IGNORE INTO referral_offers_next (id, company_id, user_id, status, linkedin_url, created_at, decided_at) VALUES (?, ?, ?, ?, '', ?, ?)",
    )
    for (const row of old) insert.run(randomUUID(), row.company_id, row.user_id, row.status, row.created_at, row.decided_at)
    db.exec(`
DROP TABLE referral_offers;
ALTER TABLE referral_offers_next RENAME TO referral_offers;
CREATE INDEX IF NOT EXISTS referral_offers_company ON referral_offers (company_id, status);
CREATE INDEX IF NOT EXISTS referral_offers_status ON referral_offers (status, created_at);

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
`)
  },
}
