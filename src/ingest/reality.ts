import type { Ghost, Reality, RealityClass } from '../catalogue/job-record.ts'

/** What the catalogue knows around one posting when it is enriched. */
export interface RealityContext {
  now: Date
  /** Postings in the same role cluster, this one included. */
  clusterSize: number
  /** Open postings of the same company with the same normalized title, this one included. */
  massPostingCount: number
}

const DAY = 86_400_000
const STALE_DAYS = 30
const EVERGREEN_DAYS = 90
/** A posting restamped by its source looks new while this catalogue first saw it long ago. */
const RESTAMP_DAYS = 30

export function assessReality(postedAt: string, createdAt: string | undefined, context: RealityContext): Reality {
  const now = context.now.getTime()
  const posted = Date.parse(postedAt)
  const firstSeen = createdAt ? Date.parse(createdAt) : posted
  const ageDays = Math.max(0, Math.floor((now - Math.min(posted, firstSeen)) / DAY))
  const repostCount = Math.max(0, context.clusterSize - 1)
  const fakeFreshness = posted - firstSeen > RESTAMP_DAYS * DAY
  let cls: RealityClass = 'fresh'
  if (ageDays > EVERGREEN_DAYS || (repostCount >= 4 && ageDays > STALE_DAYS) || (fakeFreshness && repostCount >= 2)) cls = 'likely-evergreen'
  else if (ageDays > STALE_DAYS || fakeFreshness) cls = 'stale'
  return { class: cls, age_days: ageDays, repost_count: repostCount, mass_posting_count: context.massPostingCount, fake_freshness: fakeFreshness }
}

/**
 * Ghost-job evidence. Each criterion is a fact about the posting; a signal is raised only when a
 * strong one (age, reposts, mass posting, restamping) fires together with at least one more.
 */
export function assessGhost(reality: Reality, facts: { hasSalary: boolean; textLength: number; skillCount: number }): Ghost | null {
  const strong: [string, boolean][] = [
    ['posted_over_90_days_ago', reality.age_days > EVERGREEN_DAYS],
    ['reposted_3_or_more_times', reality.repost_count >= 3],
    ['mass_posting_same_title', reality.mass_posting_count >= 5],
    ['posting_date_restamped', reality.fake_freshness],
  ]
  const weak: [string, boolean][] = [
    ['no_salary_stated', !facts.hasSalary],
    ['vague_description', facts.textLength < 400 || facts.skillCount === 0],
  ]
  const fired = [...strong, ...weak].filter(([, on]) => on).map(([name]) => name)
  const strongFired = strong.filter(([, on]) => on).length
  if (strongFired === 0 || fired.length < 2) return null
  return {
    level: strongFired >= 2 && fired.length >= 3 ? 'likely' : 'possible',
    criteria: fired,
    criteria_total: strong.length + weak.length,
    contributors: fired.length,
  }
}
