import type { DB } from '../db/connection.ts'
import type { CompanyEntry, CompanyIndex, CompanyQuery } from './company-index.ts'
import { feedbackSummaries, NO_FEEDBACK, type FeedbackSummary } from './community-signals.ts'

export interface CompanySearchResult {
  page: (CompanyEntry & { tagline: string | null })[]
  total: number
  feedback: Map<number, FeedbackSummary>
}

/**
 * Company search over the in-memory company index. Default order: open roles descending, then
 * name; `rating`: mean feedback rating descending (companies without feedback last), then the
 * number of ratings, then the default order. `total` is always exact.
 */
export function searchCompanies(db: DB, index: CompanyIndex, query: CompanyQuery, options: { sort?: 'rating'; limit: number; offset: number }): CompanySearchResult {
  const { limit, offset } = options
  const matches = index.matcher(query)
  const ranks: number[] = []
  let total = 0
  let feedback: Map<number, FeedbackSummary> | undefined
  if (options.sort === 'rating') {
    // Few companies have feedback: sort those, then the rest follow in the default order.
    feedback = feedbackSummaries(db)
    const of = (rank: number) => feedback!.get(index.columns.ids[rank]!) ?? NO_FEEDBACK
    const rated = [...feedback.keys()]
      .map((id) => index.rankOf(id))
      .filter((rank): rank is number => rank !== undefined && matches(rank))
      .sort((a, b) => of(b).ratingAvg! - of(a).ratingAvg! || of(b).count - of(a).count || a - b)
    ranks.push(...rated.slice(offset, offset + limit))
    total = rated.length
    for (let rank = 0; rank < index.size; rank++) {
      if (feedback.has(index.columns.ids[rank]!) || !matches(rank)) continue
      if (total >= offset && ranks.length < limit) ranks.push(rank)
      total++
    }
  } else if (!query.q && Object.keys(query.filters).length === 0) {
    for (let rank = offset; rank < Math.min(index.size, offset + limit); rank++) ranks.push(rank)
    total = index.size
  } else {
    for (let rank = 0; rank < index.size; rank++) {
      if (!matches(rank)) continue
      if (total >= offset && ranks.length < limit) ranks.push(rank)
      total++
    }
  }
  const entries = ranks.map((rank) => index.entry(rank))
  const taglines = new Map(
    db.prepare('SELECT id, tagline FROM companies WHERE id IN (SELECT value FROM json_each(?))').raw().all(JSON.stringify(entries.map((entry) => entry.id))) as [number, string | null][],
  )
  const page = entries.map((entry) => ({ ...entry, tagline: taglines.get(entry.id) ?? null }))
  return { page, total, feedback: feedback ?? feedbackSummaries(db, page.map((entry) => entry.id)) }
}
