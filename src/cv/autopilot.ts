import { isDeepStrictEqual } from 'node:util'
import type { DB } from '../db/connection.ts'
import type { CvDocument } from './document.ts'
import type { Op, Root } from './ops.ts'
import type { RequirementMatch } from '../match/requirement-match.ts'
import type { ProfileSkill } from '../profile/profile.ts'
import { orderForJob } from './tailor.ts'
import { cvText } from './job-match.ts'
import { skillSlug, skillsInText } from '../vocabulary/skill-names.ts'

/**
 * What autopilot does to a tailored CV, decided without a model: first order its skills and bullets
 * by the job's skills, then walk the analysis' requirements one by one. A skill the job asks for
 * that your profile lists but the CV does not name is added to the CV's skills (`closed_bank`: closed
 * from what you recorded); one the CV already names is `closed_bank` as it is; anything your profile
 * does not bear out stays `open` with what would close it — autopilot never claims what you have
 * not recorded. `closed_candidate` (you answered a question) needs a conversation, not autopilot.
 */
export type ReportStatus = 'closed_bank' | 'closed_candidate' | 'open' | 'not_reached'
export interface ReportEntry {
  requirement: string
  status: ReportStatus
  note?: string
}

/** The ops that order skills, experience and project bullets for the job (none when already ordered). */
export function orderOps(root: Root, jobSkills: { slug: string; name: string }[]): Op[] {
  const document = root as CvDocument
  const ordered = orderForJob(document, jobSkills)
  return (['skills', 'experience', 'projects'] as const).filter((key) => document[key] && !isDeepStrictEqual(document[key], ordered[key])).map((key) => ({ kind: 'set' as const, path: key, value: ordered[key] }))
}

/** The step for one requirement: the ops that close it (maybe none) and its report entry. */
export function requirementStep(root: Root, requirement: RequirementMatch, profileSkills: ProfileSkill[]): { ops: Op[]; entry: ReportEntry } {
  const document = root as CvDocument
  const entry = (status: ReportStatus, note: string) => ({ ops: [] as Op[], entry: { requirement: requirement.text, status, note } })
  const slugs = skillsInText(requirement.text)
  const slug = slugs[0] ?? skillSlug(requirement.text)
  const isSkill = slugs.length > 0 && !/years|degree|language|certification/i.test(requirement.text)
  if (!isSkill) {
    return requirement.status === 'covered' ? entry('closed_bank', requirement.evidence || 'your profile shows it') : entry('open', requirement.evidence ? `${requirement.evidence}; this is not something a CV edit can close` : 'your profile does not show it yet')
  }
  const onCv = new Set([...skillsInText(cvText(document)), ...(document.skills ?? []).flatMap((group) => (group.items ?? []).map(skillSlug))])
  if (onCv.has(slug)) return entry('closed_bank', 'already on your CV')
  const listed = profileSkills.find((skill) => skill.slug === slug)
  if (!listed || (requirement.status !== 'covered' && requirement.status !== 'synonym-only')) {
    return entry('open', requirement.status === 'missing-have' ? `${requirement.evidence}: list it in your profile skills (or tell the assistant where you used it) and run autopilot again` : 'nothing you recorded shows it; add it only if you have it')
  }
  const groups = document.skills ?? []
  const ops: Op[] = groups.length === 0 ? [{ kind: 'set', path: 'skills', value: [{ group: 'Skills', items: [listed.name] }] }] : [{ kind: 'insert', path: `skills[0].items[${groups[0]!.items?.length ?? 0}]`, value: listed.name }]
  if (groups.length > 0 && !groups[0]!.items) ops[0] = { kind: 'set', path: 'skills[0].items', value: [listed.name] }
  return { ops, entry: { requirement: requirement.text, status: 'closed_bank', note: `added “${listed.name}” to your skills from your profile` } }
}

export function setAutopilotReport(db: DB, cvId: string, report: ReportEntry[]): void {
  db.prepare('UPDATE cvs SET autopilot_report = ? WHERE id = ?').run(JSON.stringify(report), cvId)
}
