import { randomUUID } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { badRequest, notFound } from '../errors.ts'
import { nonNull } from '../non-null.ts'
import { jobHeading } from '../catalogue/job-lookup.ts'

/**
 * Assistant sessions and their messages. A session belongs to one user; interview and debrief
 * sessions are bound to a tracked application's posting. Ids are UUIDs: a malformed one is simply
 * not found. Tailoring sessions (preset `tailor`) are created only by CV tailoring and not listed.
 */
export const CREATABLE_PRESETS = ['chat', 'profile', 'browse', 'interview', 'debrief'] as const
export type Preset = (typeof CREATABLE_PRESETS)[number] | 'tailor'
export type Role = 'user' | 'assistant' | 'tool'

export interface Session {
  id: string
  preset: Preset
  label: string
  job_id?: string
  /** The CV a tailoring session edits. */
  cv_id?: string
  created_at: string
  updated_at: string
}

interface SessionRow {
  id: string
  preset: Preset
  label: string
  job_slug: string | null
  job_id: number | null
  cv_id: string | null
  created_at: string
  updated_at: string
}

export interface Message {
  seq: number
  role: Role
  content: Record<string, unknown>
}

const LABELS: Record<string, string> = { chat: 'Chat', profile: 'Profile', browse: 'Browse jobs' }
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  preset: row.preset,
  label: row.label,
  ...nonNull({ cv_id: row.cv_id }),
  ...(row.job_slug !== null && { job_id: row.job_slug }),
  created_at: row.created_at,
  updated_at: row.updated_at,
})

// A tailoring session's CV is the caller's CV bound to it (cvs.agent_session_id).
const SELECT = `SELECT s.id, s.preset, s.label, s.job_id, j.public_slug AS job_slug, s.created_at, s.updated_at,
  (SELECT c.id FROM cvs c WHERE c.user_id = s.user_id AND c.agent_session_id = s.id) AS cv_id
  FROM assistant_sessions s LEFT JOIN jobs j ON j.id = s.job_id`

export function createSession(db: DB, userId: number, input: { preset?: string; job?: string }, now: Date): Session {
  const preset = input.preset ?? 'chat'
  if (!(CREATABLE_PRESETS as readonly string[]).includes(preset)) {
    throw badRequest(`preset must be one of ${CREATABLE_PRESETS.join(', ')}${preset === 'tailor' ? ' (tailoring sessions start from CV tailoring)' : ''}`)
  }
  let jobId: number | null = null
  let label = LABELS[preset] ?? preset
  if (preset === 'interview' || preset === 'debrief') {
    if (!input.job) throw badRequest(`job is required for a ${preset} session`)
    const app = db
      .prepare('SELECT a.job_id, j.title, c.name AS company FROM applications a JOIN jobs j ON j.id = a.job_id JOIN companies c ON c.id = j.company_id WHERE a.user_id = ? AND j.public_slug = ?')
      .get(userId, input.job) as { job_id: number; title: string; company: string } | undefined
    if (!app) throw notFound('application not found')
    jobId = app.job_id
    label = `${preset === 'interview' ? 'Interview' : 'Debrief'}: ${app.title} · ${app.company}`
  }
  const id = randomUUID()
  const at = now.toISOString()
  db.prepare('INSERT INTO assistant_sessions (id, user_id, preset, label, job_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(id, userId, preset, label, jobId, at, at)
  return sessionOf(db, userId, id)
}

/**
 * The `tailor` session of a tailored CV (id = the CV's agent_session_id), created by CV tailoring
 * when it does not exist yet; labelled "Tailor: <title> · <company>".
 */
export function ensureTailorSession(db: DB, userId: number, id: string, jobId: number, now: string): void {
  const job = jobHeading(db, { id: jobId })!
  db.prepare("INSERT INTO assistant_sessions (id, user_id, preset, label, job_id, created_at, updated_at) VALUES (?, ?, 'tailor', ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING").run(
    id.toLowerCase(), userId, `Tailor: ${job.title} · ${job.company}`, jobId, now, now,
  )
}

/** The caller's session, or 404 (also for another user's session or a malformed id). */
export function sessionOf(db: DB, userId: number, id: string): Session {
  const row = UUID.test(id) ? (db.prepare(`${SELECT} WHERE s.id = ? AND s.user_id = ?`).get(id.toLowerCase(), userId) as SessionRow | undefined) : undefined
  if (!row) throw notFound('not found')
  return toSession(row)
}

export function listSessions(db: DB, userId: number): Session[] {
  return (db.prepare(`${SELECT} WHERE s.user_id = ? AND s.preset != 'tailor' ORDER BY s.updated_at DESC, s.rowid DESC`).all(userId) as SessionRow[]).map(toSession)
}

export function deleteSession(db: DB, userId: number, id: string): void {
  sessionOf(db, userId, id)
  db.prepare('DELETE FROM assistant_sessions WHERE id = ? AND user_id = ?').run(id.toLowerCase(), userId)
}

export function messagesOf(db: DB, sessionId: string): Message[] {
  const rows = db.prepare('SELECT seq, role, content FROM assistant_messages WHERE session_id = ? ORDER BY seq').all(sessionId) as { seq: number; role: Role; content: string }[]
  return rows.map((row) => ({ seq: row.seq, role: row.role, content: JSON.parse(row.content) as Record<string, unknown> }))
}

/** Appends a message and marks the session active now; one transaction. */
export function appendMessage(db: DB, sessionId: string, role: Role, content: Record<string, unknown>, now: Date): number {
  return db.transaction(() => {
    const seq = ((db.prepare('SELECT max(seq) FROM assistant_messages WHERE session_id = ?').pluck().get(sessionId) as number | null) ?? 0) + 1
    db.prepare('INSERT INTO assistant_messages (session_id, seq, role, content, created_at) VALUES (?, ?, ?, ?, ?)').run(sessionId, seq, role, JSON.stringify(content), now.toISOString())
    db.prepare('UPDATE assistant_sessions SET updated_at = ? WHERE id = ?').run(now.toISOString(), sessionId)
    return seq
  })()
}

/** The job a session is bound to (interview, debrief), as its catalogue id. */
export function sessionJobId(db: DB, sessionId: string): number | null {
  return (db.prepare('SELECT job_id FROM assistant_sessions WHERE id = ?').pluck().get(sessionId) as number | null | undefined) ?? null
}
