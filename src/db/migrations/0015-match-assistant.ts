import type { Migration } from './index.ts'

/** Match analyses cached per user and posting, and the in-app assistant's sessions and messages (issue 22). A frozen copy of schema.sql. */
export const matchAssistant: Migration = {
  version: 15,
  name: 'match-assistant',
  up(db) {
    db.exec(`
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
`)
  },
}
