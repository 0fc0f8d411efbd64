import type { DB } from '../db/connection.ts'
import type { Caps, CvDocument } from './document.ts'
import { DEFAULT_TEMPLATE, TEMPLATE_IDS } from './catalog.ts'
import { applyOps, type Op, type Root } from './ops.ts'
import { baseCv, insertCv, rootOf, saveCv, type CvRow } from './store.ts'
import { getProfile } from '../profile/profile.ts'
import { effectiveContacts, resumeRow, structuredOf } from '../resume/store.ts'
import { bankView } from '../experience/atoms.ts'
import { badRequest } from '../errors.ts'

/**
 * The CV operations the routes call: create the base CV (optionally seeded), replace, patch and
 * change the template, each one transaction and one revision.
 */
// Provenances a CV may print: an inferred claim is the assistant's guess, not the candidate's word.
const PUBLISHABLE = new Set(['cv_import', 'stated_in_chat', 'manual'])
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
 * What a seed starts from: the contacts (yours over the résumé's, the account email when neither
 * has one), the profile headline under the name, the résumé's summary, the roles and projects of
 * the experience bank with their publishable achievements, the résumé's education, the profile's
 * skills (else the résumé's) and languages.
 */
export function seedDocument(db: DB, userId: number): CvDocument {
  const email = (db.prepare('SELECT email FROM users WHERE id = ?').get(userId) as { email: string }).email
  const profile = getProfile(db, userId)
  const contacts = effectiveContacts(db, userId)
  const structured = structuredOf(resumeRow(db, userId))
  const bank = bankView(db, userId)
  const claims = (atoms: { claim: string; provenance: string }[]) => atoms.filter((atom) => PUBLISHABLE.has(atom.provenance)).map((atom) => atom.claim)
  const jobs = bank.employments.filter((e) => e.kind === 'job')
  const projects = bank.employments.filter((e) => e.kind === 'project')
  const headline = profile?.headline ?? structured?.headline
  const location = contacts.location ?? profile?.locations[0]
  const skills = profile?.skills.length ? profile.skills.map((s) => s.name) : (structured?.skills ?? [])
  return {
    header: {
      ...(contacts.full_name ? { full_name: contacts.full_name } : {}),
      ...(headline ? { headline } : {}),
      email: contacts.email ?? email,
      ...(contacts.phone ? { phone: contacts.phone } : {}),
      ...(location ? { location } : {}),
      ...(contacts.links?.length ? { links: contacts.links } : {}),
    },
    ...(structured?.summary ? { summary: structured.summary } : {}),
    ...(jobs.length ? { experience: jobs.map((e) => ({ role: e.role, company: e.company, location: e.location, start: e.start, end: e.end, current: e.current, summary: e.summary, bullets: claims(e.atoms), stack: e.stack })) } : {}),
    ...(structured?.education?.length ? { education: structured.education.map((e) => ({ institution: e.institution, degree: e.degree, end: e.year })) } : {}),
    ...(skills.length ? { skills: [{ group: 'Skills', items: skills }] } : {}),
    ...(profile?.languages.length ? { languages: profile.languages.map((l) => ({ name: l.language, level: l.level.toUpperCase() })) } : {}),
    ...(projects.length ? { projects: projects.map((p) => ({ name: p.name ?? p.company, link: p.link, bullets: claims(p.atoms) })) } : {}),
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
