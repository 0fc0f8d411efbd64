import type { AppContext } from '../context.ts'
import { parseSearchParams, SearchInputError } from '../search/search-params.ts'
import { SORT_KEYS, type IgnoredParam, type SearchFilters } from '../search/facet-spec.ts'

/** Parameters of the job search endpoint besides the filters; a saved search may carry them. */
const SEARCH_ENDPOINT_PARAMS = ['q', 'sort', 'order', 'limit', 'offset'] as const

export interface ParsedSavedQuery {
  q?: string
  filters: SearchFilters
  ignored?: IgnoredParam[]
}

/**
 * Reads a saved query string with the job search grammar. Throws SearchInputError (whose message
 * never echoes input) when job search would answer 400 to it.
 */
export function parseSavedQuery(ctx: AppContext, query: string): ParsedSavedQuery {
  const params = new URLSearchParams(query)
  const { filters, ignored } = parseSearchParams(params, { endpointParams: SEARCH_ENDPOINT_PARAMS })
  const q = params.get('q')?.trim() || undefined
  if (q && q.length > ctx.config.maxQueryLength) throw new SearchInputError(`"q" must be at most ${ctx.config.maxQueryLength} characters`)
  const sort = params.get('sort')
  if (sort !== null && !(SORT_KEYS as readonly string[]).includes(sort)) throw new SearchInputError(`"sort" must be one of ${SORT_KEYS.join(', ')}`)
  const order = params.get('order')
  if (order !== null && order !== 'asc' && order !== 'desc') throw new SearchInputError('"order" must be asc or desc')
  return ignored ? { q, filters, ignored } : { q, filters }
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
