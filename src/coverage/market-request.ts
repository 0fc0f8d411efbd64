import type { AppContext } from '../context.ts'
import { serviceUnavailable } from '../errors.ts'
import { parseJobQuery, queryReport, type QueryReport } from '../search/search-params.ts'
import { computeCoverage, type CoverageResult } from './market-coverage.ts'
import { skillSlug } from '../vocabulary/skill-names.ts'

/**
 * POST /market/coverage: the market is every open posting matching the query's job filters (and
 * `q`); the `skills` facet and its `_mode`/`_exclude` are not filters here and are reported as
 * ignored. `meta` reports what the query reader set aside, as job search does. Throws
 * SearchInputError for a malformed filter value.
 */
export function marketCoverage(ctx: AppContext, params: URLSearchParams, skills: readonly string[]): { data: CoverageResult; meta?: QueryReport } {
  const { market, meta } = skillMarketOf(ctx, params, 'market coverage')
  const slugs = [...new Set(skills.map(skillSlug).filter(Boolean))]
  const data = computeCoverage(market, slugs, {
    mustHavePercent: ctx.config.coverageMustHavePercent,
    postingPercent: ctx.config.coveragePostingPercent,
  })
  return meta ? { data, meta } : { data }
}

/**
 * The skill market of the postings matching a job query's filters and `q` (the `skills` facet is not
 * a filter here: it is reported as ignored). A failing search is logged under `what`.
 */
export function skillMarketOf(ctx: AppContext, params: URLSearchParams, what: string) {
  const query = parseJobQuery(params, { maxQueryLength: ctx.config.maxQueryLength, withoutFacets: ['skills'] })
  try {
    return { market: ctx.search.skillMarket(query.filters, query.q), meta: queryReport(query) }
  } catch (error) {
    ctx.log.error(`${what}: search failed`, { error: String(error) })
    throw serviceUnavailable('search is temporarily unavailable')
  }
}
