import type { DB } from '../db/connection.ts'
import type { Caps, CvDocument } from './document.ts'
import { DEFAULT_TEMPLATE, TEMPLATE_IDS } from './catalog.ts'
import { applyOps, type Op, type Root } from './ops.ts'
import { baseCv, insertCv, rootOf, saveCv, type CvRow } from './store.ts'
import { getProfile } from '../me/profile.ts'
import { badRequest } from '../errors.ts'

/**
 * The CV operations the routes call: create the base CV (optionally seeded), replace, patch and
 * change the template, each one transaction and one revision.
 */
const WHOLE_UNITS = ['title', 'template_id', 'margins', 'style', 'header', 'summary', 'experience', 'education', 'skills', 'languages', 'projects', 'certifications']

export function checkTemplate(id: string | undefined): string {
  if (id === undefined) return DEFAULT_TEMPLATE
  if (!TEMPLATE_IDS.includes(id)) throw badRequest('unknown template')
  return id
}

export function cvTitle(title: string | undefined): string {
  const clean = Array.from((title ?? '').trim()).slice(0, 200).join('')
  return clean || 'Untitled CV'
}

/**
 * What a seed starts from. No résumé or experience bank is kept yet, so the seed is the account's
 * email and the profile: headline as the summary, skills as one group, languages.
 */
export function seedDocument(db: DB, userId: number): CvDocument {
  const email = (db.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string }).email
  const profile = getProfile(db, userId)
  return {
    header: { email, ...(profile?.locations[0] ? { location: profile.locations[0] } : {}) },
    ...(profile?.headline ? { summary: profile.headline } : {}),
    ...(profile?.skills.length ? { skills: [{ group: 'Skills', items: profile.skills.map((s) => s.name) }] } : {}),
    ...(profile?.languages.length ? { languages: profile.languages.map((l) => ({ name: l.language, level: l.level.toUpperCase() })) } : {}),
  }
}

/** The caller's base CV: created on the first call (201), answered as it is afterwards (200). */
export function createBaseCv(db: DB, userId: number, input: { title?: string; template_id?: string; seed?: boolean }, caps: Caps, now: string): { row: CvRow; created: boolean } {
  const templateId = checkTemplate(input.template_id)
  return db.transaction(() => {
    const existing = baseCv(db, userId)
    if (existing) return { row: existing, created: false }
    const document = input.seed ? seedDocument(db, userId) : {}
    return { row: insertCv(db, { userId, kind: 'base', jobId: null, title: cvTitle(input.title), templateId, document }, caps, now), created: true }
  })()
}

export function replaceCv(db: DB, row: CvRow, input: { title: string; template_id: string; document: CvDocument }, caps: Caps, now: string): CvRow {
  const templateId = checkTemplate(input.template_id)
  const next: Root = { ...(input.document as Root), title: cvTitle(input.title), template_id: templateId }
  return db.transaction(() => saveCv(db, row, next, WHOLE_UNITS, { actor: 'candidate', origin: 'editor', title: 'Edited in the editor', paths: ['document'] }, caps, now).row)()
}

/**
 * One all-or-nothing batch of ops, one revision. An agent's edits carry a batch id (one agent turn,
 * undone together by the batch undo): the assistant passes its turn's, an API-key caller gets the
 * CV's session id.
 */
export function patchCv(db: DB, row: CvRow, input: { ops: Op[]; note?: string }, actor: 'candidate' | 'agent', caps: Caps, now: string, batchId?: string): CvRow {
  return db.transaction(() => {
    const { next, units } = applyOps(rootOf(row), input.ops, actor, caps)
    next.title = cvTitle(next.title as string | undefined)
    if (!TEMPLATE_IDS.includes(next.template_id as string)) throw badRequest('unknown template')
    const first = input.ops[0]
    const title = `${first.kind} ${first.path}${input.ops.length > 1 ? ` and ${input.ops.length - 1} more` : ''}`
    const info = { actor, origin: actor === 'agent' ? ('tailor_agent' as const) : ('editor' as const), title, note: input.note, paths: input.ops.map((op) => op.path), batchId: actor === 'agent' ? (batchId ?? row.agent_session_id) : undefined }
    return saveCv(db, row, next, units, info, caps, now).row
  })()
}

export function setTemplate(db: DB, row: CvRow, templateId: string, caps: Caps, now: string): void {
  checkTemplate(templateId)
  db.transaction(() => saveCv(db, row, { ...rootOf(row), template_id: templateId }, ['template_id'], { actor: 'candidate', origin: 'template', title: `Template: ${templateId}`, paths: ['template_id'] }, caps, now))()
}
