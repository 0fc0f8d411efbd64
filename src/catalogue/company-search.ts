import type { DB } from '../db/connection.ts'
import { companyMatches, type CompanyEntry, type CompanyIndex, type CompanyQuery } from './company-index.ts'
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
export function searchCompanies(db: DB, index: CompanyIndex, query: CompanyQuery, options: { sort?: 'rating'; limit: number; offset: number }): CompanySearchResult {
  const { entries } = index
  const { limit, offset } = options
  if (options.sort === 'rating') {
    // Few companies have feedback: sort those, then the rest follow in the default order.
    const feedback = feedbackSummaries(db)
    const of = (entry: CompanyEntry) => feedback.get(entry.id) ?? NO_FEEDBACK
    const rated = [...feedback.keys()]
      .map((id) => index.byId.get(id))
      .filter((entry): entry is CompanyEntry => entry !== undefined && companyMatches(entry, query))
      .sort((a, b) => of(b).ratingAvg! - of(a).ratingAvg! || of(b).count - of(a).count || a.rank - b.rank)
    const page = rated.slice(offset, offset + limit)
    let total = rated.length
    for (const entry of entries) {
      if (feedback.has(entry.id) || !companyMatches(entry, query)) continue
      if (total >= offset && page.length < limit) page.push(entry)
      total++
    }
    return { page, total, feedback }
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
