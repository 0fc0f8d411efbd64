import type { Profile } from '../profile/profile.ts'
import type { ScreeningAnswers } from '../profile/screening.ts'
import { matchJob } from './skill-match.ts'
import { extractRequirements } from './requirements.ts'
import { matchRequirement, STATUS_CREDIT, type RequirementMatch } from './requirement-match.ts'
import { blockersOf, type Blocker } from './blockers.ts'
import { hiddenSignals, type HiddenSignal } from './signals.ts'
import { narrativeOf } from './narrative.ts'

/**
 * The deterministic MatchAnalysis (docs/assistant.md), in the three stages the stream reports:
 * 1 "Extract & Match" (requirements and hidden signals), 2 "Recruiter verdict" (the six weighted
 * dimensions), 3 "Adversarial audit" (blockers cap the score; verdict, strengths, gaps, recommendation).
 */
export interface Dimension {
  key: string
  label: string
  score: number
  comment: string
}

export interface MatchAnalysis {
  dimensions: Dimension[]
  requirement_match: RequirementMatch[]
  hidden_signals: HiddenSignal[]
  overall_score: number
  verdict: string
  strengths: string[]
  gaps: string[]
  recommendation: string
  blockers: Blocker[]
}

export const STAGES = ['Extract & Match', 'Recruiter verdict', 'Adversarial audit'] as const

export const WEIGHTS: Record<string, number> = { title_alignment: 20, experience_relevance: 25, seniority_fit: 15, skills_coverage: 15, company_context: 10, location_fit: 15 }

/** The verdict bands, best first: a score of at least 75, 60, 45, 30, else the last. */
export const VERDICTS = ['Strong Fit', 'Good Fit', 'Moderate Fit', 'Weak Fit', 'Poor Fit'] as const

export function verdictOf(score: number): string {
  return score >= 75 ? VERDICTS[0] : score >= 60 ? VERDICTS[1] : score >= 45 ? VERDICTS[2] : score >= 30 ? VERDICTS[3] : VERDICTS[4]
}

export interface AnalysisInput {
  profile: Profile
  screening: ScreeningAnswers
  job: Record<string, unknown>
}

interface JobFacts {
  title: string
  text: string
  skills: string[]
  countries: string[]
  workMode: string | null
  seniority: string | null
  yearsMin?: number
  category: string | null
}

function factsOf(job: Record<string, unknown>): JobFacts {
  const enrichment = (job.enrichment ?? {}) as Record<string, unknown>
  return {
    title: String(job.title ?? ''),
    text: String(job.description ?? ''),
    skills: Array.isArray(job.skills) ? (job.skills as string[]) : [],
    countries: Array.isArray(job.countries) ? (job.countries as string[]) : [],
    workMode: typeof job.work_mode === 'string' ? job.work_mode : null,
    seniority: typeof enrichment.seniority === 'string' ? enrichment.seniority : null,
    yearsMin: typeof enrichment.experience_years_min === 'number' ? enrichment.experience_years_min : undefined,
    category: typeof enrichment.category === 'string' ? enrichment.category : null,
  }
}

/** Stage 1: requirements read from the posting, each matched against the profile. */
export function stageRequirements(input: AnalysisInput) {
  const facts = factsOf(input.job)
  const requirements = extractRequirements(facts.title, facts.text, facts.skills, facts.yearsMin)
  return { facts, requirements, requirement_match: requirements.map((requirement) => matchRequirement(input.profile, requirement)), hidden_signals: hiddenSignals(facts.text) }
}

/** Stage 2: the six dimensions. */
export function stageDimensions(input: AnalysisInput, stage1: ReturnType<typeof stageRequirements>): Dimension[] {
  const { profile } = input
  const { facts, requirement_match } = stage1
  const jobMatch = matchJob(profile, input.job)
  const credit = (priority: string) => {
    const rows = requirement_match.filter((row) => row.priority === priority)
    return rows.length ? rows.reduce((sum, row) => sum + STATUS_CREDIT[row.status], 0) / rows.length : null
  }
  const required = credit('required')
  const preferred = credit('preferred')
  const relevance = required === null ? 50 : Math.round(100 * (preferred === null ? required : 0.8 * required + 0.2 * preferred))
  const title = titleAlignment(profile, facts.title)
  const seniority = seniorityFit(profile, facts)
  const mode = jobMatch.checks.find((check) => check.name === 'work_mode')!
  const location = mode.status === 'match' ? 100 : mode.status === 'mismatch' ? 30 : 60
  const specialised = facts.category !== null && profile.specializations.some((s) => s.toLowerCase().includes(facts.category!.toLowerCase()) || facts.category!.toLowerCase().includes(s.toLowerCase()))
  const skillsKnown = jobMatch.matched.length + jobMatch.missing.length > 0
  return [
    { key: 'title_alignment', label: 'Title alignment', score: title.score, comment: title.comment },
    { key: 'experience_relevance', label: 'Experience relevance', score: relevance, comment: `${requirement_match.filter((row) => row.status === 'covered' || row.status === 'synonym-only').length} of ${requirement_match.length} requirements are backed by your profile.` },
    { key: 'seniority_fit', label: 'Seniority fit', score: seniority.score, comment: seniority.comment },
    { key: 'skills_coverage', label: 'Skills coverage', score: skillsKnown ? jobMatch.score : 50, comment: skillsKnown ? `You list ${jobMatch.matched.length} of the ${jobMatch.matched.length + jobMatch.missing.length} skills the posting names.` : 'The posting names no skills from the dictionary.' },
    { key: 'company_context', label: 'Company context', score: specialised ? 85 : 60, comment: specialised ? `Your specialisations include ${facts.category}.` : 'Nothing in your profile speaks to this company’s field either way.' },
    { key: 'location_fit', label: 'Location fit', score: location, comment: `${mode.detail[0]!.toUpperCase()}${mode.detail.slice(1)}.` },
  ]
}

const STOP = new Set(['and', 'or', 'the', 'of', 'for', 'in', 'a', 'an', 'to', 'with', 'm', 'f', 'd', 'w', 'x'])
const wordsOf = (text: string) => new Set(text.toLowerCase().split(/[^a-z0-9+#]+/).filter((word) => word.length > 0 && !STOP.has(word)))

function titleAlignment(profile: Profile, title: string): { score: number; comment: string } {
  const targets = [...profile.desired_roles, ...(profile.headline ? [profile.headline] : [])]
  if (targets.length === 0) return { score: 50, comment: 'Your profile names no target role or headline to compare the title with.' }
  const mine = wordsOf(title)
  let best = { share: 0, target: targets[0]! }
  for (const target of targets) {
    const theirs = wordsOf(target)
    const shared = [...theirs].filter((word) => mine.has(word)).length
    const share = theirs.size ? shared / Math.max(1, Math.min(theirs.size, mine.size)) : 0
    if (share > best.share) best = { share, target }
  }
  const score = Math.round(30 + 70 * Math.min(1, best.share))
  return { score, comment: best.share > 0 ? `“${title}” is close to “${best.target}” in your profile.` : `“${title}” shares no words with the roles in your profile.` }
}

const SENIORITY_YEARS: Record<string, number> = { intern: 0, junior: 0, entry: 0, mid: 2, senior: 5, lead: 6, staff: 8, principal: 10, director: 10, c_level: 12 }

function seniorityFit(profile: Profile, facts: JobFacts): { score: number; comment: string } {
  const level = facts.seniority ?? Object.keys(SENIORITY_YEARS).find((key) => new RegExp(`\\b${key}\\b`, 'i').test(facts.title)) ?? null
  const expected = facts.yearsMin ?? (level ? SENIORITY_YEARS[level] : undefined)
  const have = profile.years_experience
  if (expected === undefined) return { score: 60, comment: 'The posting states no level or years.' }
  if (have === null) return { score: 50, comment: `The role expects about ${expected}+ years; your profile does not say how many you have.` }
  const short = expected - have
  const score = short <= 0 ? (have - expected > 10 ? 75 : 100) : Math.max(10, 100 - short * 18)
  return { score, comment: short <= 0 ? `You have ${have} years; the role expects about ${expected}+.` : `The role expects about ${expected}+ years; you have ${have}.` }
}

/** Stage 3: blockers cap the weighted mean; then the verdict and the narrative. */
export function stageAudit(input: AnalysisInput, stage1: ReturnType<typeof stageRequirements>, dimensions: Dimension[]): MatchAnalysis {
  const jobMatch = matchJob(input.profile, input.job)
  const blockers = blockersOf({ profile: input.profile, screening: input.screening, requirements: stage1.requirements, matches: stage1.requirement_match, checks: jobMatch.checks, countries: stage1.facts.countries, workMode: stage1.facts.workMode, text: stage1.facts.text })
  const weighted = Math.round(dimensions.reduce((sum, d) => sum + d.score * (WEIGHTS[d.key] ?? 0), 0) / 100)
  const cap = Math.min(100, ...blockers.filter((b) => !b.met).map((b) => b.score_cap))
  const overall_score = Math.min(weighted, cap)
  const verdict = verdictOf(overall_score)
  const analysis = { dimensions, requirement_match: stage1.requirement_match, hidden_signals: stage1.hidden_signals, overall_score, verdict, blockers }
  return { ...analysis, ...narrativeOf(analysis, stage1.facts.title) }
}

export function analyse(input: AnalysisInput): MatchAnalysis {
  const stage1 = stageRequirements(input)
  return stageAudit(input, stage1, stageDimensions(input, stage1))
}
