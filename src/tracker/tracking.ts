import type { DB } from '../db/connection.ts'
import { clearMarks, dropEmptyInteraction, readInteraction, recordInteraction, type InteractionAction } from './interactions.ts'
import {
  applicationById, applicationOfJob, changeStage, clearApplicationApplied, clearApplicationStage, deleteApplication,
  ensureApplication, markApplicationApplied, setNotes, type Application,
} from './applications.ts'
import type { Stage } from './stages.ts'
import type { EventSource } from './events.ts'

/**
 * The tracker's operations on one posting or application, each one transaction over the
 * interaction marks (src/tracker/interactions.ts) and the application record. Every write answers the
 * interaction record. A target is a live posting (jobId) or an application whose posting is gone.
 */
export type Target = { jobId: number; app?: Application } | { jobId: null; app: Application }

export interface InteractionRecord {
  job_id: number | null
  viewed_at: string | null
  saved_at: string | null
  applied_at: string | null
  dismissed_at: string | null
  stage: Stage | null
  notes: string | null
}

export function interactionRecord(db: DB, userId: number, target: Target): InteractionRecord {
  const marks = target.jobId === null ? undefined : readInteraction(db, userId, target.jobId)
  const app = target.jobId === null ? applicationById(db, userId, target.app.id) : applicationOfJob(db, userId, target.jobId)
  return {
    job_id: target.jobId,
    viewed_at: marks?.viewed_at ?? null,
    saved_at: marks?.saved_at ?? null,
    applied_at: app?.applied_at ?? marks?.applied_at ?? null,
    dismissed_at: marks?.dismissed_at ?? null,
    stage: app?.stage ?? null,
    notes: app?.notes ?? null,
  }
}

/** Whether the caller has any record of the target: an interaction row or an application. */
export function isTracked(db: DB, userId: number, target: Target): boolean {
  return target.jobId === null || readInteraction(db, userId, target.jobId) !== undefined || applicationOfJob(db, userId, target.jobId) !== undefined
}

/** `a<id>` addresses an application (whose posting may be gone); anything else is a posting's slug. */
export function resolveTarget(db: DB, userId: number, id: string, jobIdBySlug: (slug: string) => number | undefined): Target | undefined {
  const appId = /^a(\d{1,15})$/.exec(id)?.[1]
  if (appId) {
    const app = applicationById(db, userId, Number(appId))
    if (app) return app.job_id === null ? { jobId: null, app } : { jobId: app.job_id, app }
  }
  const jobId = jobIdBySlug(id)
  return jobId === undefined ? undefined : { jobId }
}

/**
 * view / save / dismiss / apply. `appliedAt` (apply only): when the application happened;
 * `source`: who said so (the user, or a mail marked as the application).
 */
export function recordAction(db: DB, userId: number, jobId: number, action: InteractionAction, now: string, appliedAt = now, source: EventSource = 'user'): InteractionRecord {
  return db.transaction(() => {
    recordInteraction(db, userId, jobId, action, now, appliedAt)
    if (action === 'apply') markApplicationApplied(db, ensureApplication(db, userId, jobId, now), appliedAt, now, source)
    return interactionRecord(db, userId, { jobId })
  })()
}

/** PATCH track: upserts the marks row and the application; a missing field is left unchanged. Never sets applied_at. */
export function track(db: DB, userId: number, target: Target, change: { stage?: Stage; notes?: string | null }, now: string): InteractionRecord {
  return db.transaction(() => {
    let app = target.app
    if (target.jobId !== null) {
      db.prepare('INSERT INTO job_interactions (user_id, job_id, updated_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(userId, target.jobId, now)
      app = ensureApplication(db, userId, target.jobId, now)
    }
    if (change.stage !== undefined) app = changeStage(db, app!, change.stage, 'user', now)
    if (change.notes !== undefined) setNotes(db, app!, change.notes, now)
    return interactionRecord(db, userId, target)
  })()
}

/** DELETE stage: clears stage and applied_at; saved, viewed, notes and the application stay. Undefined when untracked. */
export function clearStage(db: DB, userId: number, target: Target, now: string): InteractionRecord | undefined {
  return db.transaction(() => {
    if (!isTracked(db, userId, target)) return undefined
    const app = target.jobId === null ? target.app : applicationOfJob(db, userId, target.jobId)
    if (app) clearApplicationStage(db, app, now)
    if (target.jobId !== null) clearMarks(db, userId, target.jobId, ['applied'], now)
    return interactionRecord(db, userId, target)
  })()
}

/** DELETE apply: withdraws the applied mark; the stage stays. */
export function unapply(db: DB, userId: number, target: Target & { jobId: number }, now: string): InteractionRecord | undefined {
  return db.transaction(() => {
    if (!isTracked(db, userId, target)) return undefined
    const app = applicationOfJob(db, userId, target.jobId)
    if (app) clearApplicationApplied(db, app, now)
    clearMarks(db, userId, target.jobId, ['applied'], now)
    return interactionRecord(db, userId, target)
  })()
}

/** DELETE save / dismiss. */
export function unmark(db: DB, userId: number, jobId: number, mark: 'saved' | 'dismissed', now: string): InteractionRecord | undefined {
  return db.transaction(() => {
    if (!isTracked(db, userId, { jobId })) return undefined
    clearMarks(db, userId, jobId, [mark], now)
    return interactionRecord(db, userId, { jobId })
  })()
}

/** Untrack: deletes the application (stage, notes, applied_at, its events) and unsaves; the view survives. */
export function untrack(db: DB, userId: number, target: Target, now: string): InteractionRecord | undefined {
  return db.transaction(() => {
    if (!isTracked(db, userId, target)) return undefined
    const app = target.jobId === null ? target.app : applicationOfJob(db, userId, target.jobId)
    if (app) deleteApplication(db, app)
    if (target.jobId !== null) {
      clearMarks(db, userId, target.jobId, ['applied', 'saved'], now)
      dropEmptyInteraction(db, userId, target.jobId)
    }
    const record = interactionRecord(db, userId, target)
    return target.jobId === null ? { ...record, stage: null, notes: null, applied_at: null } : record
  })()
}

/**
 * CV tailoring puts the vacancy on the board (the tailoring work calls this): saved, and in
 * `preparing` unless it already has a stage.
 */
export function ensurePreparing(db: DB, userId: number, jobId: number, now: string): InteractionRecord {
  return db.transaction(() => {
    recordInteraction(db, userId, jobId, 'save', now)
    const app = ensureApplication(db, userId, jobId, now)
    if (app.stage === null) changeStage(db, app, 'preparing', 'assistant', now)
    return interactionRecord(db, userId, { jobId })
  })()
}
