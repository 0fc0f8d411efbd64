import type { DB } from '../db/connection.ts'
import { getProfile } from '../profile/profile.ts'

/**
 * The CV a referral request carries for `cv_kind: "original"`. openroles has no stored résumé yet,
 * so the CV is written from the seeker's profile (headline, experience, roles, skills, languages,
 * places): the facts they keep for matching, and nothing that names them. Salary expectations stay
 * out. Null when there is no profile, which the API answers as "no stored résumé". The text is
 * snapshotted into the request, so later profile edits do not change what a referrer was sent.
 */
export function seekerCvText(db: DB, userId: number): string | null {
  const profile = getProfile(db, userId)
  if (!profile) return null
  const lines = [profile.headline || 'Candidate profile']
  if (profile.years_experience !== null) lines.push(`Experience: ${profile.years_experience} years`)
  if (profile.desired_roles.length) lines.push(`Looking for: ${profile.desired_roles.join(', ')}`)
  if (profile.work_modes.length) lines.push(`Work modes: ${profile.work_modes.join(', ')}`)
  if (profile.locations.length) lines.push(`Locations: ${profile.locations.join(', ')}`)
  if (profile.skills.length) {
    lines.push('', 'Skills')
    for (const skill of profile.skills) lines.push(`- ${skill.name}${skill.level ? ` (${skill.level})` : ''}`)
  }
  if (profile.languages.length) {
    lines.push('', 'Languages')
    for (const language of profile.languages) lines.push(`- ${language.language}: ${language.level}`)
  }
  return lines.join('\n')
}
