import type { DB } from '../db/connection.ts'
import { automaticMove, SIGNAL_STAGE, type Signal, type Stage } from './stages.ts'
import { addEvent, type EventSource } from './events.ts'

/**
 * Applications: the job seeker's durable record of a posting they track (stage, notes, when they
 * applied). Created by the first track, apply or stage; it copies the posting's slug, company and
 * title so it stays readable after the posting is gone (job_id then NULL). Every function here
 * runs inside the caller's transaction.
 */
export interface Application {
  id: number
  user_id: number
  job_id: number | null
  job_slug: string
  company_slug: string
  role_title: string
  stage: Stage | null
  notes: string | null
  applied_at: string | null
  stage_set_at: string | null
  last_activity_at: string | null
  followed_up_at: string | null
  created_at: string
  updated_at: string
}

export function applicationOfJob(db: DB, userId: number, jobId: number): Application | undefined {
  return db.prepare('SELECT * FROM applications WHERE user_id = ? AND job_id = ?').get(userId, jobId) as Application | undefined
}

export function applicationById(db: DB, userId: number, id: number): Application | undefined {
  return db.prepare('SELECT * FROM applications WHERE user_id = ? AND id = ?').get(userId, id) as Application | undefined
}

/** The posting's application, created (with copies of slug, company and title) when there is none. */
export function ensureApplication(db: DB, userId: number, jobId: number, now: string): Application {
  db.prepare(
    `INSERT INTO applications (user_id, job_id, job_slug, company_slug, role_title, created_at, updated_at)
     SELECT ?, j.id, j.public_slug, c.slug, j.title, ?, ? FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = ?
     ON CONFLICT (user_id, job_id) DO NOTHING`,
  ).run(userId, now, now, jobId)
  return applicationOfJob(db, userId, jobId)!
}

/** Sets the stage; a `stage_set` event is written only when it actually changes. */
export function changeStage(db: DB, app: Application, stage: Stage | null, source: EventSource, now: string): Application {
  if (app.stage === stage) return app
  db.prepare('UPDATE applications SET stage = ?, stage_set_at = ?, updated_at = ? WHERE id = ?').run(stage, now, now, app.id)
  if (stage !== null) addEvent(db, { userId: app.user_id, applicationId: app.id, kind: 'stage_set', signal: stage, source, occurredAt: now })
  return { ...app, stage, stage_set_at: now, updated_at: now }
}

export function setNotes(db: DB, app: Application, notes: string | null, now: string): void {
  db.prepare('UPDATE applications SET notes = ?, updated_at = ? WHERE id = ?').run(notes, now, app.id)
}

/** Records the applied time once and the `applied` event with it. */
export function markApplicationApplied(db: DB, app: Application, appliedAt: string, now: string, source: EventSource = 'user'): void {
  if (app.applied_at) return
  db.prepare('UPDATE applications SET applied_at = ?, updated_at = ? WHERE id = ?').run(appliedAt, now, app.id)
  addEvent(db, { userId: app.user_id, applicationId: app.id, kind: 'applied', source, occurredAt: appliedAt })
}

/** Clearing the stage clears applied_at too (the board's "drag back to Saved"); notes stay. */
export function clearApplicationStage(db: DB, app: Application, now: string): void {
  db.prepare('UPDATE applications SET stage = NULL, applied_at = NULL, stage_set_at = ?, updated_at = ? WHERE id = ?').run(now, now, app.id)
}

export function clearApplicationApplied(db: DB, app: Application, now: string): void {
  db.prepare('UPDATE applications SET applied_at = NULL, updated_at = ? WHERE id = ?').run(now, app.id)
}

export function deleteApplication(db: DB, app: Application): void {
  db.prepare('DELETE FROM applications WHERE id = ?').run(app.id)
}

/**
 * A classified employer mail linked to an application (mail triage calls this): the reply is
 * employer activity (silence restarts from it, an `employer_reply` event carries the signal), and
 * the stage moves by the automatic rule — forward only, into an active stage, never out of a
 * terminal one. A rejection never moves a card; nor does a label that implies no stage (an
 * information request), nor a call with `move: false` (a label given with low confidence).
 * Returns the stage after the call.
 */
export function autoAdvance(
  db: DB,
  input: { userId: number; applicationId: number; signal: string; source: EventSource; occurredAt: string; emailId?: number; move?: boolean },
): { stage: Stage | null; moved: boolean } {
  return db.transaction(() => {
    const app = applicationById(db, input.userId, input.applicationId)
    if (!app) throw new Error(`application ${input.applicationId} of user ${input.userId} does not exist`)
    const { userId, source, signal, occurredAt, emailId } = input
    db.prepare('UPDATE applications SET last_activity_at = max(coalesce(last_activity_at, ?), ?), updated_at = ? WHERE id = ?').run(occurredAt, occurredAt, occurredAt, app.id)
    addEvent(db, { userId, applicationId: app.id, kind: 'employer_reply', signal, source, occurredAt, emailId })
    const implied = SIGNAL_STAGE[signal as Signal] as Stage | undefined
    const target = implied === undefined || input.move === false ? null : automaticMove(app.stage, implied)
    if (target === null) return { stage: app.stage, moved: false }
    changeStage(db, app, target, source, occurredAt)
    return { stage: target, moved: true }
  })()
}
