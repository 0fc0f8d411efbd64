/** The request and result shapes of the search engine's API (src/search/engine.ts). */
import type { Bitmap } from './bitmap.ts'
import type { FacetStats, ValueCounts } from './facet-count.ts'
import type { FacetName, SearchFilters } from './facet-spec.ts'

export interface SearchResult {
  /** Job ids of the requested page, in order. */
  ids: number[]
  /** Exact number of matching cards: one per role cluster (role-cards.ts), each unclustered posting one. */
  total: number
  /** Set when words of q were unknown and matched as their correction (typo.ts): the query as matched. */
  didYouMean?: string
}

export interface FacetsRequest {
  q?: string
  filters: SearchFilters
  /** Facets to count; all counted facets when absent. */
  facets?: readonly FacetName[]
  /** Count each facet under the full filter minus its own included values (geography: the whole OR-group). */
  disjunctive?: boolean
  /**
   * Count postings instead of cards (one per role, as search does): for catalogue-wide figures
   * (GET /stats/facets, the typeahead's weights), which describe the catalogue, not a result list.
   */
  postings?: boolean
}

export interface FacetsResult {
  total: number
  facets: Partial<Record<FacetName, ValueCounts>>
  stats: FacetStats
}

/** A filtered market: its documents as a bitmap; skills of document d are skillCodes[skillOffsets[d] .. skillOffsets[d + 1]). */
export interface SkillMarket {
  market: Bitmap
  skillOffsets: Uint32Array
  skillCodes: Uint32Array
  skillNames: readonly string[]
  /** Live documents naming each skill code, ascending; and every live document (market coverage). */
  skillPostings: readonly Uint32Array[]
  live: Bitmap
}

export interface SearchEngineOptions {
  cacheEntries: number
  cacheBytes: number
  /** Worker threads reading the term index from FTS5 beside serving (0: read in place at start). */
  workers?: number
  /** Clock in seconds, for posted_within_days / open_within_days. */
  nowSeconds?: () => number
}
