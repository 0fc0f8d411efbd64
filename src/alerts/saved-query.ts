import type { AppContext } from '../context.ts'
import { parseJobQuery, queryReport, SearchInputError, type JobQuery, type QueryReport } from '../search/search-params.ts'

/** Paging parameters of the job search endpoint; a saved search may carry them. */
const PAGING_PARAMS = ['limit', 'offset']

/**
 * Reads a saved query string with the job search grammar. Throws SearchInputError (whose message
 * never echoes input) when job search would answer 400 to it.
 */
export function parseSavedQuery(ctx: AppContext, query: string): JobQuery {
  return parseJobQuery(new URLSearchParams(query), { maxQueryLength: ctx.config.maxQueryLength, sorted: true, endpointParams: PAGING_PARAMS })
}

/**
 * The stored form of a saved query (no leading `?`) with what its reader set aside (as job search
 * reports it in `meta`), or the reason it does not parse.
 */
export function normalizeSavedQuery(ctx: AppContext, raw: string): { query: string; meta?: QueryReport } | { error: string } {
  const query = raw.trim().replace(/^\?/, '')
  try {
    const meta = queryReport(parseSavedQuery(ctx, query))
    return meta ? { query, meta } : { query }
  } catch (error) {
    if (error instanceof SearchInputError) return { error: error.message.replace(/^invalid query parameter /, 'parameter ') }
    throw error
  }
}
