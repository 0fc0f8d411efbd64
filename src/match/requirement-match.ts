import type { Profile } from '../profile/profile.ts'
import { skillsInText } from '../vocabulary/skill-names.ts'
import { foldText } from '../vocabulary/fold.ts'
import type { Priority, Requirement } from './requirements.ts'

/**
 * Each requirement matched against what the caller has written down (the profile stands in for the
 * résumé and experience bank until those exist): `covered` (stated in the same words), `synonym-only`
 * (stated under another name of the same skill, which a keyword screen may miss), `missing-have`
 * (mentioned in the headline, roles or specialisations but not listed, or not stated either way),
 * `missing-gap` (nothing says it). The evidence quotes where it was found.
 */
export type MatchStatus = 'covered' | 'synonym-only' | 'missing-have' | 'missing-gap'
export type EvidenceStrength = 'metric' | 'scope' | 'responsibility' | 'keyword' | ''

export interface RequirementMatch {
  text: string
  priority: Priority
  status: MatchStatus
  evidence: string
  evidence_strength: EvidenceStrength
}

const LEVEL_ORDER = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'native']

export function matchRequirement(profile: Profile, requirement: Requirement): RequirementMatch {
  const base = { text: requirement.text, priority: requirement.priority }
  const result = (status: MatchStatus, evidence: string, evidence_strength: EvidenceStrength): RequirementMatch => ({ ...base, status, evidence, evidence_strength })
  switch (requirement.kind) {
    case 'skill': {
      const listed = profile.skills.find((skill) => skill.slug === requirement.skill)
      if (listed) {
        const level = listed.level ? ` (${listed.level})` : ''
        const sameWords = foldText(listed.name) === foldText(requirement.text) || listed.name.toLowerCase() === requirement.skill
        return sameWords
          ? result('covered', `Profile skills: ${listed.name}${level}`, 'keyword')
          : result('synonym-only', `Profile skills list “${listed.name}”${level}; the posting says “${requirement.text}”`, 'keyword')
      }
      const prose = [profile.headline ?? '', ...profile.specializations, ...profile.desired_roles].join('\n')
      if (skillsInText(prose).includes(requirement.skill!)) return result('missing-have', `Mentioned in your profile (“${firstMention(prose, requirement.text)}”) but not listed as a skill`, 'scope')
      return result('missing-gap', '', '')
    }
    case 'years': {
      const have = profile.years_experience
      if (have === null) return result('missing-have', 'Your profile states no years of experience', '')
      return have >= requirement.years! ? result('covered', `${have} years of experience in your profile`, 'metric') : result('missing-gap', `${have} years of experience in your profile`, 'metric')
    }
    case 'language': {
      const spoken = profile.languages.find((entry) => foldText(entry.language).startsWith(foldText(requirement.language!).slice(0, 2)) || foldText(entry.language) === foldText(requirement.language!))
      if (!spoken) return result('missing-gap', '', '')
      const fluent = LEVEL_ORDER.indexOf(spoken.level) >= LEVEL_ORDER.indexOf('b2')
      return result(fluent ? 'covered' : 'missing-gap', `Profile languages: ${spoken.language} (${spoken.level})`, 'keyword')
    }
    case 'education':
      return result('missing-have', 'Your profile does not record education', '')
    case 'certification':
      return result('missing-have', 'Your profile does not record certifications', '')
  }
}

function firstMention(prose: string, term: string): string {
  const line = prose.split('\n').find((entry) => entry.toLowerCase().includes(term.toLowerCase())) ?? prose.split('\n')[0] ?? ''
  return line.slice(0, 120)
}

/** How much a requirement's status counts toward coverage. */
export const STATUS_CREDIT: Record<MatchStatus, number> = { covered: 1, 'synonym-only': 0.8, 'missing-have': 0.5, 'missing-gap': 0 }
