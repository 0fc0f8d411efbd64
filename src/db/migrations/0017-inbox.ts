import type { Migration } from './index.ts'

/**
 * Application mail (issue 20): stored messages with their triage label and link, hosted mailbox
 * addresses, and the IMAP and Gmail connections with their sync checkpoints. Same SQL as schema.sql.
 */
export const inbox: Migration = {
  version: 17,
  name: 'inbox',
  up(db) {
    db.exec(`
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
) STRICT;`)
  },
}
