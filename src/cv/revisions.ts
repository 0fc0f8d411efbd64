import { isDeepStrictEqual } from 'node:util'
import type { DB } from '../db/connection.ts'
import type { Caps } from './document.ts'
import { getAt, setAt, type Root } from './ops.ts'
import { isUuid, rootOf, saveCv, type CvRow } from './store.ts'
import { conflict, notFound } from '../errors.ts'

/**
 * The append-only revision log of a CV and undo. A revision stores each touched unit's value before
 * and after; undoing puts the "before" values back as a new revision, so later edits to other
 * units survive. A revision is undoable while every unit it changed still holds its "after" value.
 */
interface RevisionRow {
  id: string
  cv_id: string
  actor: string
  origin: string
  batch_id: string | null
  title: string
  note: string | null
  paths: string
  changes: string
  reverted: number
  reverts_id: string | null
  created_at: string
}
type Change = { unit: string; before: unknown; after: unknown }

const changesOf = (rev: RevisionRow) => JSON.parse(rev.changes) as Change[]

function undoable(rev: RevisionRow, current: Root): boolean {
  const changes = changesOf(rev)
  return rev.reverted === 0 && rev.reverts_id === null && changes.length > 0 && changes.every((c) => isDeepStrictEqual(getAt(current, c.unit) ?? null, c.after))
}

function revisionJson(rev: RevisionRow, current: Root) {
  return {
    id: rev.id,
    actor: rev.actor,
    origin: rev.origin,
    ...(rev.batch_id ? { batch_id: rev.batch_id } : {}),
    title: rev.title,
    ...(rev.note ? { note: rev.note } : {}),
    paths: JSON.parse(rev.paths) as string[],
    reverted: rev.reverted === 1,
    undoable: undoable(rev, current),
    ...(rev.reverts_id ? { reverts_id: rev.reverts_id } : {}),
    created_at: rev.created_at,
  }
}

export function listRevisions(db: DB, cv: CvRow) {
  const current = rootOf(cv)
  const rows = db.prepare('SELECT * FROM cv_revisions WHERE cv_id = ? ORDER BY seq DESC').all(cv.id) as RevisionRow[]
  return rows.map((rev) => revisionJson(rev, current))
}

/** Reverses one revision as a new revision (actor candidate); 409 when it is not (or no longer) undoable. */
function revert(db: DB, cv: CvRow, rev: RevisionRow, caps: Caps, now: string): { row: CvRow; revisionId: string } {
  const current = rootOf(cv)
  const changes = changesOf(rev)
  if (rev.reverted === 1 || rev.reverts_id !== null || changes.length === 0) throw conflict('there is nothing to undo')
  if (!undoable(rev, current)) throw conflict('this edit can no longer be undone: a later edit changed the same part of the CV')
  const next = structuredClone(current)
  for (const change of changes) setAt(next, change.unit, change.before ?? undefined)
  const saved = saveCv(db, cv, next, changes.map((c) => c.unit), { actor: 'candidate', origin: 'editor', title: `Undo: ${rev.title}`, paths: JSON.parse(rev.paths), revertsId: rev.id }, caps, now)
  db.prepare('UPDATE cv_revisions SET reverted = 1 WHERE id = ?').run(rev.id)
  return saved
}

export function undoRevision(db: DB, cv: CvRow, revisionId: string, caps: Caps, now: string) {
  return db.transaction(() => {
    const rev = isUuid(revisionId) ? (db.prepare('SELECT * FROM cv_revisions WHERE id = ? AND cv_id = ?').get(revisionId.toLowerCase(), cv.id) as RevisionRow | undefined) : undefined
    if (!rev) throw notFound('revision not found')
    const { row, revisionId: newId } = revert(db, cv, rev, caps, now)
    const created = db.prepare('SELECT * FROM cv_revisions WHERE id = ?').get(newId) as RevisionRow
    return { row, revision: revisionJson(created, rootOf(row)) }
  })()
}

/** Reverses every standing edit of one run (batch), newest first, all or nothing; clears the autopilot report. */
export function undoBatch(db: DB, cv: CvRow, batchId: string, caps: Caps, now: string): CvRow {
  return db.transaction(() => {
    const revs = db.prepare('SELECT * FROM cv_revisions WHERE cv_id = ? AND batch_id = ? ORDER BY seq DESC').all(cv.id, batchId) as RevisionRow[]
    if (revs.length === 0) throw notFound('run not found')
    const standing = revs.filter((rev) => rev.reverted === 0 && rev.reverts_id === null && changesOf(rev).length > 0)
    if (standing.length === 0) throw conflict('there is nothing to undo')
    let row = cv
    for (const rev of standing) row = revert(db, row, rev, caps, now).row
    db.prepare('UPDATE cvs SET autopilot_report = NULL WHERE id = ?').run(cv.id)
    return db.prepare('SELECT * FROM cvs WHERE id = ?').get(cv.id) as CvRow
  })()
}
