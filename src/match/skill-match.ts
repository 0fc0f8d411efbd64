import type { Profile } from '../profile/profile.ts'
import { skillsInText } from '../vocabulary/skill-names.ts'
import { percent } from '../coverage/market-coverage.ts'

/**
 * Deterministic matching of a posting against the caller's profile: no model call, the same skill
 * dictionary as enrichment. `score` is the share of the posting's skills the profile lists.
 */
export interface SkillMatch {
  score: number
  matched: string[]
  missing: string[]
}

export function matchSkills(profile: Profile, postingSkills: readonly string[]): SkillMatch {
  const mine = new Set(profile.skills.map((skill) => skill.slug))
  const unique = [...new Set(postingSkills)]
  const matched = unique.filter((skill) => mine.has(skill))
  const missing = unique.filter((skill) => !mine.has(skill))
  return { score: percent(matched.length, unique.length), matched, missing }
}

/** POST /me/match-text: skills are extracted from the pasted title and text. */
export function matchText(profile: Profile, title: string, text: string): SkillMatch {
  return matchSkills(profile, skillsInText(`${title}\n${text}`))
}

export type CheckStatus = 'match' | 'mismatch' | 'unknown'

export interface JobMatch extends SkillMatch {
  checks: { name: 'work_mode' | 'experience' | 'salary'; status: CheckStatus; detail: string }[]
  /** The reference service's fields, which its web app reads: counts of the posting's skills, coverage in percent. */
  total: number
  exact_count: number
  /** Always 0 and empty: no skill counts as adjacent to another here. */
  adjacent_count: number
  adjacent: { name: string; via: string }[]
  coverage_percent: number
  /** Always empty: the checks above say what the reference's blockers would. */
  blockers: never[]
}

interface JobFacts {
  title: string
  description: string
  skills: string[]
  work_mode: string | null
  enrichment: { experience_years_min?: number; salary_min?: number; salary_max?: number; salary_currency?: string; salary_period?: string }
}

/** The fields of a Job object (src/catalogue/job-json.ts) that matching reads. */
function factsOf(job: Record<string, unknown>): JobFacts {
  return {
    title: String(job.title ?? ''),
    description: String(job.description ?? ''),
    skills: Array.isArray(job.skills) ? (job.skills as string[]) : [],
    work_mode: typeof job.work_mode === 'string' ? job.work_mode : null,
    enrichment: (job.enrichment ?? {}) as JobFacts['enrichment'],
  }
}

/**
 * GET /jobs/{slug}/match: skill coverage plus the work mode, experience and salary checks the
 * profile allows. A posting without enriched skills is matched on the skills its text names.
 */
export function matchJob(profile: Profile, jobObject: Record<string, unknown>): JobMatch {
  const job = factsOf(jobObject)
  const skills = job.skills.length ? job.skills : skillsInText(`${job.title}\n${job.description}`)
  const match = matchSkills(profile, skills)
  return {
    ...match,
    checks: [workModeCheck(profile, job), experienceCheck(profile, job), salaryCheck(profile, job)],
    total: match.matched.length + match.missing.length,
    exact_count: match.matched.length,
    adjacent_count: 0,
    adjacent: [],
    coverage_percent: match.score,
    blockers: [],
  }
}

function workModeCheck(profile: Profile, job: JobFacts): JobMatch['checks'][number] {
  const name = 'work_mode'
  if (!job.work_mode || profile.work_modes.length === 0) return { name, status: 'unknown', detail: job.work_mode ? 'your profile states no work mode' : 'the posting states no work mode' }
  const fits = (profile.work_modes as string[]).includes(job.work_mode)
  return { name, status: fits ? 'match' : 'mismatch', detail: `the posting is ${job.work_mode}; you want ${profile.work_modes.join(' or ')}` }
}

function experienceCheck(profile: Profile, job: JobFacts): JobMatch['checks'][number] {
  const name = 'experience'
  const required = job.enrichment.experience_years_min
  if (required === undefined || profile.years_experience === null) {
    return { name, status: 'unknown', detail: required === undefined ? 'the posting states no experience requirement' : 'your profile states no years of experience' }
  }
  const fits = profile.years_experience >= required
  return { name, status: fits ? 'match' : 'mismatch', detail: `the posting asks for ${required}+ years; you have ${profile.years_experience}` }
}

/** Compared only in the same currency and period: conversion would add guesswork to a deterministic answer. */
function salaryCheck(profile: Profile, job: JobFacts): JobMatch['checks'][number] {
  const name = 'salary'
  const wish = profile.salary_expectation
  const { salary_min: low, salary_max: high, salary_currency: currency, salary_period: period } = job.enrichment
  const top = high ?? low
  if (!wish || top === undefined || !currency) return { name, status: 'unknown', detail: wish ? 'the posting states no salary' : 'your profile states no salary expectation' }
  if (currency !== wish.currency || (period ?? 'year') !== wish.period) {
    return { name, status: 'unknown', detail: `the posting pays in ${currency} per ${period ?? 'year'}; your expectation is in ${wish.currency} per ${wish.period}` }
  }
  const fits = top >= wish.amount
  return { name, status: fits ? 'match' : 'mismatch', detail: `the posting pays up to ${top} ${currency}; you expect ${wish.amount}` }
}
