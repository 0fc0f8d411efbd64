import type { AppContext } from '../context.ts'
import { marketFrequency, popcount } from '../coverage/coverage-counts.ts'
import { skillMarketOf } from '../coverage/market-request.ts'
import type { Profile } from '../profile/profile.ts'

/**
 * The role a verdict or an ATS report measures against: the open postings matching the job-search
 * facets of the query, and by default (no `category` given) the profile's specializations. The
 * `skills` facet is never a filter here: the caller's skills are what is being measured.
 */
export function roleParams(params: URLSearchParams, profile: Profile): URLSearchParams {
  const scoped = new URLSearchParams(params)
  if (!scoped.has('category')) for (const category of profile.specializations) scoped.append('category', category)
  return scoped
}

/** The role's most named skills, most frequent first (ties by name), with their posting counts. */
export function topRoleSkills(ctx: AppContext, params: URLSearchParams, limit: number): { name: string; postings: number }[] {
  const { market } = skillMarketOf(ctx, params, 'ats report')
  const frequency = marketFrequency(market, popcount(market.market))
  return market.skillNames
    .map((name, code) => ({ name, postings: frequency[code]! }))
    .filter((skill) => skill.postings > 0)
    .sort((a, b) => b.postings - a.postings || a.name.localeCompare(b.name))
    .slice(0, limit)
}
