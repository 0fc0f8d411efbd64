/** The request and result shapes of the search engine's API (src/search/engine.ts). */
import type { Bitmap } from './bitmap.ts'
import type { FacetStats, ValueCounts } from './facet-count.ts'
import type { FacetName, FlagFacet, SearchFilters } from './facet-spec.ts'
import type { TextQuery } from './text-tokens.ts'

export interface SearchResult {
  /** Job ids of the requested page, in order. */
  ids: number[]
  /** Exact number of matching cards: one per role cluster (role-cards.ts), each unclustered posting one. */
  total: number
  /** Set when words of q were unknown and matched as their correction (typo.ts): the query as matched. */
  didYouMean?: string
  /** q as matched (clauses with their aliases and corrections, exclusions): what highlighting looks for. */
  text?: TextQuery
}

export interface FacetsRequest {
  q?: string
  filters: SearchFilters
  /** Facets to count; all counted facets when absent. */
  facets?: readonly FacetName[]
  /** Count each facet under the full filter minus its own included values (geography: the whole OR-group). */
  disjunctive?: boolean
  /** Boolean attributes to count as `{ true, false }` (postings that state nothing count under neither). */
  flags?: readonly FlagFacet[]
  /**
   * Count postings instead of cards (one per role, as search does): for catalogue-wide figures
   * (GET /stats/facets, the typeahead's weights), which describe the catalogue, not a result list.
   */
  postings?: boolean
}

export interface FacetsResult {
  total: number
  facets: Partial<Record<FacetName | FlagFacet, ValueCounts>>
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
  /** Final answers kept (a search page's ids and total, a facet response); default 20,000. */
  answerEntries?: number
  /** Worker threads reading the term index from FTS5 beside serving (0: read in place at start). */
  workers?: number
  /** Worker threads sharing the facet counts over large sets (count-threads.ts; 0: counted on the calling thread). */
  countThreads?: number
  /** Sets of at least this many documents to count are shared with those threads. */
  countSplitDocs?: number
  /** Phrases, exclusions, aliases and exact-first tiers in q (default true); false reads q as before them (the quality benchmark's baseline). */
  queryLanguage?: boolean
  /** Typo correction of unknown words (default true). */
  typos?: boolean
  /** Clock in seconds, for posted_within_days / open_within_days. */
  nowSeconds?: () => number
}
