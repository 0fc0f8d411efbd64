import type { DB } from '../db/connection.ts'
import { companyEntries, companyMatches, type CompanyEntry, type CompanyQuery } from './company-index.ts'
import { feedbackSummaries, NO_FEEDBACK, type FeedbackSummary } from './community-signals.ts'

export interface CompanySearchResult {
  page: CompanyEntry[]
  total: number
  feedback: Map<number, FeedbackSummary>
}

/**
 * Company search over the in-memory company index. Default order: open roles descending, then
 * name; `rating`: mean feedback rating descending (companies without feedback last), then the
 * number of ratings, then the default order. `total` is always exact.
 */
export function searchCompanies(db: DB, query: CompanyQuery, options: { sort?: 'rating'; limit: number; offset: number }): CompanySearchResult {
  const entries = companyEntries(db)
  const { limit, offset } = options
  if (options.sort === 'rating') {
    const feedback = feedbackSummaries(db)
    const of = (entry: CompanyEntry) => feedback.get(entry.id) ?? NO_FEEDBACK
    const matched = entries.filter((entry) => companyMatches(entry, query))
    matched.sort((a, b) => (of(b).ratingAvg ?? -1) - (of(a).ratingAvg ?? -1) || of(b).count - of(a).count || a.rank - b.rank)
    return { page: matched.slice(offset, offset + limit), total: matched.length, feedback }
  }
  const page: CompanyEntry[] = []
  let total = 0
  const unfiltered = !query.q && Object.keys(query.filters).length === 0
  if (unfiltered) {
    page.push(...entries.slice(offset, offset + limit))
    total = entries.length
  } else {
    for (const entry of entries) {
      if (!companyMatches(entry, query)) continue
      if (total >= offset && page.length < limit) page.push(entry)
      total++
    }
  }
  return { page, total, feedback: feedbackSummaries(db, page.map((entry) => entry.id)) }
}
