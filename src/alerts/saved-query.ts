import type { AppContext } from '../context.ts'
import { parseJobQuery, SearchInputError, type JobQuery } from '../search/search-params.ts'
import type { IgnoredParam } from '../search/facet-spec.ts'

/** Paging parameters of the job search endpoint; a saved search may carry them. */
const PAGING_PARAMS = ['limit', 'offset']

/**
 * Reads a saved query string with the job search grammar. Throws SearchInputError (whose message
 * never echoes input) when job search would answer 400 to it.
 */
export function parseSavedQuery(ctx: AppContext, query: string): JobQuery {
  return parseJobQuery(new URLSearchParams(query), { maxQueryLength: ctx.config.maxQueryLength, sorted: true, endpointParams: PAGING_PARAMS })
}

/** The stored form of a saved query (no leading `?`), or the reason it does not parse. */
export function normalizeSavedQuery(ctx: AppContext, raw: string): { query: string; ignored?: IgnoredParam[] } | { error: string } {
  const query = raw.trim().replace(/^\?/, '')
  try {
    const { ignored } = parseSavedQuery(ctx, query)
    return ignored ? { query, ignored } : { query }
  } catch (error) {
    if (error instanceof SearchInputError) return { error: error.message.replace(/^invalid query parameter /, 'parameter ') }
    throw error
  }
}
