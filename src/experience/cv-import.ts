import type { DB } from '../db/connection.ts'
import { foldText } from '../vocabulary/fold.ts'
import { skillsInText } from '../vocabulary/skill-names.ts'
import type { StructuredResume } from '../resume/parse.ts'
import { checkAtomInput, createEmployment, employmentRows, insertAtom, MAX_ATOMS } from './bank.ts'

/**
 * A parsed résumé poured into the experience bank (provenance `cv_import`): each job and project
 * becomes an employment unless one with the same company (or project name) and role is there, and
 * each highlight an atom unless the same claim is already banked. Uploading the same résumé twice
 * adds nothing. Runs inside the résumé's own transaction.
 */
const same = (a: string | undefined, b: string | undefined) => foldText(a ?? '').trim() === foldText(b ?? '').trim()

export function importResumeIntoBank(db: DB, userId: number, structured: StructuredResume, now: Date): void {
  const entries = [
    ...(structured.experience ?? []).map((job) => ({ kind: 'job' as const, company: job.company, role: job.title, location: job.location, start: job.start, end: job.end, summary: job.summary, highlights: job.highlights ?? [] })),
    ...(structured.projects ?? []).map((project) => ({ kind: 'project' as const, company: project.name, role: undefined, location: undefined, start: undefined, end: undefined, summary: undefined, link: project.link, highlights: project.highlights ?? [] })),
  ]
  for (const entry of entries) {
    if (!entry.company && !entry.role) continue
    const existing = employmentRows(db, userId).find((row) => row.kind === entry.kind && same(row.kind === 'project' ? row.name : row.company, entry.company) && same(row.role, entry.role))
    const employment =
      existing ??
      createEmployment(db, userId, {
        kind: entry.kind,
        company: entry.company?.slice(0, 200),
        name: entry.kind === 'project' ? entry.company?.slice(0, 200) : undefined,
        role: entry.role?.slice(0, 200),
        location: entry.location?.slice(0, 200),
        start: entry.start,
        end: entry.end === 'present' ? undefined : entry.end,
        current: entry.end === 'present',
        summary: entry.summary?.slice(0, 600),
        link: 'link' in entry ? entry.link?.slice(0, 500) : undefined,
      }, now)
    for (const highlight of entry.highlights) {
      const atom = checkAtomInput(db, userId, { claim: highlight.slice(0, 400), employment_id: employment.id, skills: skillsInText(highlight).slice(0, 40), source_ref: 'resume' })
      const known = db.prepare('SELECT 1 FROM experience_atoms WHERE user_id = ? AND claim_key = ?').get(userId, atom.key)
      const { n } = db.prepare('SELECT count(*) AS n FROM experience_atoms WHERE user_id = ?').get(userId) as { n: number }
      if (!known && n < MAX_ATOMS) insertAtom(db, userId, atom, 'cv_import', now)
    }
  }
}
