import { randomUUID } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import type { Caps, CvDocument } from './document.ts'
import { baseCv, insertCv, rootOf, saveCv, type CvRow } from './store.ts'
import { seedDocument, cvTitle } from './cvs.ts'
import { jobIdBySlug } from '../catalogue/job-json.ts'
import { skillSlug } from '../vocabulary/skill-names.ts'
import { getProfile } from '../profile/profile.ts'
import { ensurePreparing } from '../tracker/tracking.ts'
import { consume } from '../plan/ledger.ts'
import { conflict, notFound } from '../errors.ts'
import { ensureTailorSession } from '../assistant/sessions.ts'
import { jobHeading, jobSkills } from '../catalogue/job-lookup.ts'

/**
 * Tailoring without a model: a vacancy-bound copy of the base CV whose skills and bullets are
 * ordered by the job's skills (deterministic), recorded as one revision of the run (batch = the
 * CV's session) so a batch undo puts the base order back. The job goes on the board at `preparing`,
 * and the run is charged to the `tailor` allowance (the same job again is free). The CV's session is
 * an assistant session of preset `tailor` (its id is the CV's agent_session_id), bound to the job.
 */
interface JobFacts {
  id: number
  title: string
  company: string
  skills: { slug: string; name: string }[]
}

function jobFacts(db: DB, slug: string): JobFacts {
  const id = jobIdBySlug(db, slug)
  if (id === undefined) throw notFound('job not found')
  const { title, company } = jobHeading(db, { id })!
  return { id, title, company, skills: jobSkills(db, id) }
}

/** Stable sort: what the job asks for first, the candidate's own order otherwise. */
const byHits = <T>(items: T[], hits: (item: T) => number) =>
  items.map((item, i) => ({ item, i, n: hits(item) })).sort((a, b) => b.n - a.n || a.i - b.i).map((x) => x.item)

export function orderForJob(document: CvDocument, skills: JobFacts['skills']): CvDocument {
  const slugs = new Set(skills.map((s) => s.slug))
  const names = skills.map((s) => s.name.toLowerCase())
  const isJobSkill = (item: string) => slugs.has(skillSlug(item))
  const mentions = (text: string) => names.filter((name) => text.toLowerCase().includes(name)).length
  return {
    ...document,
    skills: document.skills && byHits(document.skills.map((g) => ({ ...g, items: g.items && byHits(g.items, (i) => Number(isJobSkill(i))) })), (g) => (g.items ?? []).filter(isJobSkill).length),
    experience: document.experience?.map((e) => ({ ...e, bullets: e.bullets && byHits(e.bullets, mentions) })),
    projects: document.projects?.map((p) => ({ ...p, bullets: p.bullets && byHits(p.bullets, mentions) })),
  }
}

export function tailorCv(db: DB, config: Config, userId: number, slug: string, caps: Caps, now: Date) {
  const job = jobFacts(db, slug)
  const at = now.toISOString()
  return db.transaction(() => {
    let base = baseCv(db, userId)
    if (!base) {
      if (!getProfile(db, userId)) throw conflict('add a résumé before tailoring')
      base = insertCv(db, { userId, kind: 'base', jobId: null, title: cvTitle(undefined), templateId: 'classic-ats', document: seedDocument(db, userId) }, caps, at)
    }
    consume(db, config, { userId, feature: 'tailor', reference: slug, subtitle: job.title, now })
    let row = db.prepare('SELECT * FROM cvs WHERE user_id = ? AND job_id = ?').get(userId, job.id) as CvRow | undefined
    const created = !row
    if (!row) {
      const copy = JSON.parse(base.document) as CvDocument
      row = insertCv(db, { userId, kind: 'tailored', jobId: job.id, title: cvTitle(`${job.title} — ${job.company}`), templateId: base.template_id, document: copy }, caps, at)
      const ordered = { ...rootOf(row), ...orderForJob(copy, job.skills) }
      const info = { actor: 'system' as const, origin: 'tailor_agent' as const, title: `Ordered for ${job.title}`, paths: ['skills', 'experience', 'projects'], batchId: row.agent_session_id }
      row = saveCv(db, row, ordered, ['skills', 'experience', 'projects'], info, caps, at).row
    }
    ensurePreparing(db, userId, job.id, at)
    ensureTailorSession(db, userId, row.agent_session_id, job.id, at)
    return { tailor_cv_id: row.id, base_cv_id: base.id, analysis: null, session_id: row.agent_session_id, cold_start_running: created }
  })()
}

/** A fresh session id for a tailored CV (the assistant binds its runs to it). */
export function newTailorSession(db: DB, userId: number, row: CvRow, now: Date) {
  if (row.kind !== 'tailored') throw conflict('not a tailored CV')
  const base = baseCv(db, userId)
  if (!base) throw conflict('no base CV')
  if (row.job_id === null) throw conflict('the vacancy is gone')
  const sessionId = randomUUID()
  db.transaction(() => {
    db.prepare('UPDATE cvs SET agent_session_id = ? WHERE id = ?').run(sessionId, row.id)
    ensureTailorSession(db, userId, sessionId, row.job_id!, now.toISOString())
  })()
  return { tailor_cv_id: row.id, base_cv_id: base.id, session_id: sessionId }
}

export function bindSession(db: DB, row: CvRow, sessionId: string): void {
  db.prepare('UPDATE cvs SET agent_session_id = ? WHERE id = ?').run(sessionId, row.id)
}
