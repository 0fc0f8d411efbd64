import type { Dimension } from './analysis.ts'
import type { Blocker } from './blockers.ts'
import type { RequirementMatch } from './requirement-match.ts'

/**
 * The narrative parts of an analysis (strengths, gaps, recommendation) written from the facts by
 * template. A configured model may rewrite them (src/match/model-narrative.ts); these stay the fallback.
 */
interface Facts {
  dimensions: Dimension[]
  requirement_match: RequirementMatch[]
  overall_score: number
  verdict: string
  blockers: Blocker[]
}

const MAX_ITEMS = 6
export const MAX_RECOMMENDATION = 1200

export function narrativeOf(facts: Facts, title: string): { strengths: string[]; gaps: string[]; recommendation: string } {
  const covered = facts.requirement_match.filter((row) => row.status === 'covered' || row.status === 'synonym-only')
  const strengths = [
    ...covered.filter((row) => row.priority === 'required').map((row) => `${row.text}: ${row.evidence}`),
    ...facts.dimensions.filter((d) => d.score >= 75).map((d) => `${d.label}: ${d.comment}`),
  ].slice(0, MAX_ITEMS)
  const unmet = facts.blockers.filter((b) => !b.met)
  const gaps = [
    ...unmet.filter((b) => b.severity === 'hard').map((b) => b.reason),
    ...facts.requirement_match.filter((row) => row.status === 'missing-gap' && row.priority === 'required').map((row) => `${row.text} is asked for and not in your profile.`),
    ...unmet.filter((b) => b.severity !== 'hard').map((b) => b.reason),
    ...facts.requirement_match.filter((row) => row.status === 'missing-have').map((row) => `${row.text}: ${row.evidence || 'not stated'}.`),
  ].slice(0, MAX_ITEMS)
  const synonyms = facts.requirement_match.filter((row) => row.status === 'synonym-only').map((row) => row.text)
  const parts = [`${facts.verdict} (${facts.overall_score}/100) for ${title}.`]
  const hard = unmet.find((b) => b.severity === 'hard')
  if (hard) parts.push(`The main obstacle: ${hard.reason} ${hard.action}`)
  else if (facts.overall_score >= 60) parts.push('Apply, and lead with the requirements you already cover.')
  else if (facts.overall_score >= 45) parts.push('Worth applying if the role matters to you; address the gaps in your cover note.')
  else parts.push('Probably not worth an application unless you can close the gaps below.')
  if (synonyms.length) parts.push(`Use the posting’s own words for ${synonyms.slice(0, 3).join(', ')} so a keyword screen finds them.`)
  const missing = facts.requirement_match.filter((row) => row.status === 'missing-have').map((row) => row.text)
  if (missing.length) parts.push(`State explicitly what you have of: ${missing.slice(0, 4).join(', ')}.`)
  return { strengths, gaps, recommendation: [...parts.join(' ')].slice(0, MAX_RECOMMENDATION).join('') }
}
