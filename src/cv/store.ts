import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type { DB } from '../db/connection.ts'
import { sanitizeDocument, type Caps, type CvDocument } from './document.ts'
import { getAt, type Root } from './ops.ts'

/**
 * CV rows: one base CV per user (job_id NULL), at most one tailored CV per job. Every change goes
 * through `saveCv`, which sanitises, stores and appends its revision in one transaction.
 */
export interface CvRow {
  id: string
  user_id: number
  kind: 'base' | 'tailored'
  job_id: number | null
  title: string
  template_id: string
  document: string
  agent_session_id: string
  tracer_links_enabled: number
  autopilot_report: string | null
  created_at: string
  updated_at: string
}

export interface RevisionInfo {
  actor: 'candidate' | 'agent' | 'system'
  origin: 'editor' | 'tailor_agent' | 'cli' | 'template' | 'import'
  title: string
  note?: string
  paths: string[]
  batchId?: string
  revertsId?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (id: string) => UUID.test(id)

export function rootOf(row: CvRow): Root {
  return { title: row.title, template_id: row.template_id, ...(JSON.parse(row.document) as Root) }
}

export function cvMeta(row: CvRow) {
  return { id: row.id, title: row.title, template_id: row.template_id, created_at: row.created_at, updated_at: row.updated_at }
}

export function cvRecord(row: CvRow, options: { forKey?: boolean } = {}) {
  const document = JSON.parse(row.document) as CvDocument
  if (options.forKey && document.header) {
    // An API key reads the CV without who the candidate is: only the location stays.
    document.header = document.header.location === undefined ? {} : { location: document.header.location }
  }
  const report = row.autopilot_report ? { autopilot_report: JSON.parse(row.autopilot_report) } : {}
  return { ...cvMeta(row), agent_session_id: row.agent_session_id, document, ...report, tracer_links_enabled: row.tracer_links_enabled === 1 }
}

/** The caller's CV by id, or its base CV for the id `base`; undefined for anything else (malformed ids too). */
export function cvOf(db: DB, userId: number, id: string): CvRow | undefined {
  if (id === 'base') return baseCv(db, userId)
  if (!isUuid(id)) return undefined
  return db.prepare('SELECT * FROM cvs WHERE id = ? AND user_id = ?').get(id.toLowerCase(), userId) as CvRow | undefined
}

export function baseCv(db: DB, userId: number): CvRow | undefined {
  return db.prepare("SELECT * FROM cvs WHERE user_id = ? AND kind = 'base'").get(userId) as CvRow | undefined
}

export function tailoredCvs(db: DB, userId: number) {
  return db
    .prepare(
      `SELECT c.id, c.title, c.template_id, c.created_at, c.updated_at, j.public_slug AS job_slug, j.title AS job_title, co.name AS job_company, c.agent_session_id
         FROM cvs c LEFT JOIN jobs j ON j.id = c.job_id LEFT JOIN companies co ON co.id = j.company_id
        WHERE c.user_id = ? AND c.kind = 'tailored' ORDER BY c.updated_at DESC, c.id`,
    )
    .all(userId)
}

export function insertCv(db: DB, input: { userId: number; kind: 'base' | 'tailored'; jobId: number | null; title: string; templateId: string; document: CvDocument }, caps: Caps, now: string): CvRow {
  const id = randomUUID()
  db.prepare(
    'INSERT INTO cvs (id, user_id, kind, job_id, title, template_id, document, agent_session_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(id, input.userId, input.kind, input.jobId, input.title, input.templateId, JSON.stringify(sanitizeDocument(input.document, caps)), randomUUID(), now, now)
  return db.prepare('SELECT * FROM cvs WHERE id = ?').get(id) as CvRow
}

/**
 * Stores a new root (title, template, document: sanitised here) and appends the revision that
 * records each touched unit's value before and after. Runs inside the caller's transaction.
 */
export function saveCv(db: DB, row: CvRow, next: Root, units: string[], info: RevisionInfo, caps: Caps, now: string): { row: CvRow; revisionId: string } {
  const before = rootOf(row)
  const { title, template_id, ...document } = next
  const clean = sanitizeDocument(document as CvDocument, caps)
  const after: Root = { title, template_id, ...clean }
  const changes = units.map((unit) => ({ unit, before: getAt(before, unit) ?? null, after: getAt(after, unit) ?? null })).filter((c) => !isDeepStrictEqual(c.before, c.after))
  db.prepare('UPDATE cvs SET title = ?, template_id = ?, document = ?, updated_at = ? WHERE id = ?').run(title, template_id, JSON.stringify(clean), now, row.id)
  const seq = (db.prepare('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM cv_revisions WHERE cv_id = ?').get(row.id) as { n: number }).n
  const revisionId = randomUUID()
  db.prepare(
    'INSERT INTO cv_revisions (id, cv_id, seq, actor, origin, batch_id, title, note, paths, changes, reverts_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  ).run(revisionId, row.id, seq, info.actor, info.origin, info.batchId ?? null, info.title, info.note ?? null, JSON.stringify(info.paths), JSON.stringify(changes), info.revertsId ?? null, now)
  return { row: db.prepare('SELECT * FROM cvs WHERE id = ?').get(row.id) as CvRow, revisionId }
}

export function deleteCv(db: DB, row: CvRow): void {
  db.prepare('DELETE FROM cvs WHERE id = ?').run(row.id)
}
