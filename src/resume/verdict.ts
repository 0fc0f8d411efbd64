import type { AppContext } from '../context.ts'
import { marketCoverage } from '../coverage/market-request.ts'
import type { CoverageResult, SkillStatus } from '../coverage/market-coverage.ts'
import type { Profile } from '../profile/profile.ts'
import { skillsInText } from '../vocabulary/skill-names.ts'
import type { QueryReport } from '../search/search-params.ts'
import { roleParams } from './role-market.ts'

/**
 * The profile verdict: market coverage of the profile's skills for the role, with each skill read
 * against the stored résumé. `strong`: the profile lists it and the résumé shows it. `hidden`: the
 * profile lists it but the résumé never shows it, so a reader of the CV cannot see it. `adjacent`:
 * the profile lacks it but the résumé shows it, or a skill of the same family (react beside
 * react-native). `missing`: neither. `coherence_percent` is the share of profile skills the
 * résumé backs (0 without a résumé). The market's own reading stays in `market_status`.
 */
export type ResumeSkillStatus = 'strong' | 'hidden' | 'adjacent' | 'missing'

export interface Verdict extends Omit<CoverageResult, 'skills'> {
  skills: (Omit<CoverageResult['skills'][number], 'status'> & { status: ResumeSkillStatus; market_status: SkillStatus })[]
  coherence_percent: number
}

const family = (slug: string) => slug.split(/[-.]/)[0]!

export function profileVerdict(ctx: AppContext, params: URLSearchParams, profile: Profile, resumeText: string | null): { data: Verdict; meta?: QueryReport } {
  const profileSkills = profile.skills.map((skill) => skill.slug)
  const { data, meta } = marketCoverage(ctx, roleParams(params, profile), profileSkills)
  const shown = new Set(resumeText ? skillsInText(resumeText) : [])
  const claimed = new Set(profileSkills)
  const families = new Set([...claimed, ...shown].map(family))
  const status = (name: string): ResumeSkillStatus => {
    if (claimed.has(name)) return shown.has(name) ? 'strong' : 'hidden'
    if (shown.has(name) || families.has(family(name))) return 'adjacent'
    return 'missing'
  }
  const backed = profileSkills.filter((slug) => shown.has(slug)).length
  const verdict: Verdict = {
    ...data,
    skills: data.skills.map((skill) => ({ ...skill, status: status(skill.name), market_status: skill.status })),
    coherence_percent: profileSkills.length ? Math.round((100 * backed) / profileSkills.length) : 0,
  }
  return meta ? { data: verdict, meta } : { data: verdict }
}
