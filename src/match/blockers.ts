import type { Profile } from '../profile/profile.ts'
import type { ScreeningAnswers } from '../profile/screening.ts'
import type { JobMatch } from './skill-match.ts'
import type { Requirement } from './requirements.ts'
import type { RequirementMatch } from './requirement-match.ts'

/**
 * Blockers: facts of the posting the caller may not meet, each with the cap it puts on the overall
 * score when unmet. Only what the posting states is listed; `met` says whether the caller meets it.
 */
export interface Blocker {
  category: 'experience' | 'education' | 'language' | 'work_authorization' | 'location_work_mode' | 'certification'
  severity: 'hard' | 'medium' | 'soft'
  score_cap: number
  reason: string
  action: string
  met: boolean
}

export interface BlockerFacts {
  profile: Profile
  screening: ScreeningAnswers
  requirements: Requirement[]
  matches: RequirementMatch[]
  checks: JobMatch['checks']
  countries: string[]
  workMode: string | null
  text: string
}

const NO_SPONSORSHIP = /\b(no|not|unable to|cannot|can't|don't|do not)\b[^.]{0,40}\bsponsor/i

export function blockersOf(facts: BlockerFacts): Blocker[] {
  const blockers: Blocker[] = []
  const { requirements, matches } = facts
  requirements.forEach((requirement, i) => {
    const match = matches[i]!
    const required = requirement.priority === 'required'
    const met = match.status === 'covered' || match.status === 'synonym-only'
    if (requirement.kind === 'years') {
      const have = facts.profile.years_experience
      const short = have === null ? 0 : requirement.years! - have
      blockers.push({
        category: 'experience',
        severity: short >= 3 ? 'hard' : short > 0 ? 'medium' : 'soft',
        score_cap: short >= 3 ? 40 : short > 0 ? 60 : 85,
        reason: have === null ? `The posting asks for ${requirement.years}+ years; your profile does not say how many you have.` : `The posting asks for ${requirement.years}+ years; you have ${have}.`,
        action: have === null ? 'Add your years of experience to your profile.' : short > 0 ? 'Lead with the scope of what you did rather than the years.' : 'Nothing to do.',
        met: have !== null && short <= 0,
      })
    } else if (requirement.kind === 'language') {
      blockers.push({
        category: 'language',
        severity: required ? 'hard' : 'soft',
        score_cap: required ? 35 : 75,
        reason: met ? `${requirement.language} is asked for and your profile lists it.` : `${requirement.language} is asked for; your profile does not list it at B2 or above.`,
        action: met ? 'Nothing to do.' : `Add ${requirement.language} to your profile languages if you speak it.`,
        met,
      })
    } else if (requirement.kind === 'education' && required) {
      blockers.push({ category: 'education', severity: 'soft', score_cap: 85, reason: 'The posting asks for a degree; your profile does not record education.', action: 'Make your degree (or equivalent experience) visible in your résumé.', met: false })
    } else if (requirement.kind === 'certification' && required) {
      blockers.push({ category: 'certification', severity: 'soft', score_cap: 80, reason: `The posting asks for a certification (“${requirement.quote.slice(0, 100)}”).`, action: 'Name the certification in your résumé if you hold it.', met: false })
    }
  })
  const authorization = authorizationBlocker(facts)
  if (authorization) blockers.push(authorization)
  const mode = facts.checks.find((check) => check.name === 'work_mode')
  if (mode && mode.status !== 'unknown') {
    const met = mode.status === 'match'
    const hard = !met && facts.workMode === 'onsite' && facts.profile.work_modes.length === 1 && facts.profile.work_modes[0] === 'remote'
    blockers.push({ category: 'location_work_mode', severity: hard ? 'hard' : 'medium', score_cap: hard ? 35 : 55, reason: `${mode.detail[0]!.toUpperCase()}${mode.detail.slice(1)}.`, action: met ? 'Nothing to do.' : 'Ask whether the work mode is negotiable before applying.', met })
  }
  return blockers
}

/** From the screening answers: countries you may work in, and whether you need sponsorship. */
function authorizationBlocker(facts: BlockerFacts): Blocker | null {
  const { screening, countries, workMode } = facts
  if (countries.length === 0 || screening.authorized_countries.length === 0 || workMode === 'remote') return null
  const allowed = countries.some((country) => screening.authorized_countries.includes(country))
  if (allowed) return { category: 'work_authorization', severity: 'soft', score_cap: 100, reason: `You are authorised to work in ${countries.join(', ')}.`, action: 'Nothing to do.', met: true }
  const refuses = NO_SPONSORSHIP.test(facts.text)
  const needs = screening.visa_sponsorship_needed !== false
  return {
    category: 'work_authorization',
    severity: refuses && needs ? 'hard' : 'medium',
    score_cap: refuses && needs ? 25 : 55,
    reason: `The role is in ${countries.join(', ')}; your screening answers authorise you for ${screening.authorized_countries.join(', ')}${refuses ? ' and the posting offers no sponsorship' : ''}.`,
    action: refuses ? 'Apply only if you can get the right to work there yourself.' : 'Ask whether they sponsor visas.',
    met: false,
  }
}
