/**
 * The search engine: job search, facet counts and filtered market slices over an in-memory index
 * of every open posting, kept in step with the catalogue.
 *
 * API (stable; other modules build on it):
 *   const engine = createSearchEngine(db, { cacheEntries, cacheBytes })
 *   parseJobQuery(url.searchParams, { maxQueryLength, sorted: true, endpointParams: ['limit'] })   (search-params.ts)
 *     -> { q?, filters, sort?, order?, ignored? }; throws SearchInputError on malformed values
 *   engine.search({ q, filters, sort, order, limit, offset }, excludeJobIds?) -> { ids: job ids of the page, total, didYouMean? }
 *   engine.facets({ q, filters, facets?, disjunctive? }) -> { total, facets: {facet: {value: count}}, stats }
 *   engine.skillMarket(filters, q?) -> the matching documents as a bitmap plus the index's skill CSR (no copy)
 *   engine.refresh() -> picks up catalogue changes (cheap; every call above does it first)
 *   await engine.close()
 *
 * Design: facet values are posting lists over dense document indices; a filter becomes a bitmap
 * by OR / AND / AND-NOT of those lists; the FTS5 match set (per term; common terms' sets kept
 * like posting lists) is intersected with it; counts are one pass over the matched documents.
 * Postings of one role cluster collapse into one card (role-cards.ts): pages, totals and facet
 * counts count cards.
 * Results are cached in LRUs keyed by the normalized query, dropped whenever the catalogue changes:
 * the sets behind them, and the final answers apart (a page's ids, a facet response).
 */
import { LRUCache } from 'lru-cache'
import type { DB } from '../db/connection.ts'
import { andNotDocs, countDocs, type Bitmap } from './bitmap.ts'
import { DocList, filterList, intersect, keep, sizeOf, toBitmap, unionLists, type DocSet } from './doc-set.ts'
import { CountThreads } from './count-threads.ts'
import { countFacets, countFlag, countingSet, statsOf, type CountingSet, type FacetStats, type ValueCounts } from './facet-count.ts'
import type { RoleCopies } from './role-cards.ts'
import { COUNTED_FACETS, FLAG_FACETS, GEO_FACETS, MULTI_FACETS, type FacetName, type FlagFacet, type SearchFilters, type SearchQuery } from './facet-spec.ts'
import { filterBitmap, omittedClauseOf, passesEveryLive, type OmittedClause } from './filter.ts'
import { IndexKeeper } from './index-keeper.ts'
import { pageOf } from './page-order.ts'
import { matchTiers } from './match-order.ts'
import { filtersKey } from './search-params.ts'
import { SearchIndex } from './search-index.ts'
import { relevanceTiers, textMatches } from './text-match.ts'
import { correctText } from './typo.ts'
import { codePointOrder } from '../vocabulary/text-order.ts'
import { hasTypoIndex, typoIndexOf } from './typo-index.ts'
import { expandAliases, withAliases } from './synonyms.ts'
import { parseTextQuery, queryText, type TextClause, type TextQuery } from './text-tokens.ts'
import type { FacetsRequest, FacetsResult, SearchEngineOptions, SearchResult, SkillMarket } from './engine-types.ts'

export type { FacetsRequest, FacetsResult, SearchEngineOptions, SearchResult, SkillMarket } from './engine-types.ts'

type Cached = DocSet | DocSet[] | Corrected
type Answer = SearchResult | FacetsResult

/** Filter sets and their cards kept apart from the results (at most an eighth of the cache's bytes). */
const FILTER_SETS = 512

/** The text as matched: with aliases (synonyms.ts), unknown words corrected (typo.ts), and the corrected query when it differs. */
interface Corrected {
  text: TextQuery | null
  didYouMean?: string
}

export class SearchEngine {
  private readonly keeper: IndexKeeper
  private readonly counting: CountThreads
  private fullStats: { index: SearchIndex; stats: FacetStats } | undefined
  private fullCounts: { index: SearchIndex; counts: Partial<Record<FacetName, ValueCounts>>; flags: Map<FlagFacet, ValueCounts> } | undefined
  private readonly cache: LRUCache<string, Cached>
  /**
   * Filter sets (and the cards of requests without text) on their own: a few shared by most
   * requests (no filter, one common facet value), which the results of thousands of distinct texts
   * would otherwise push out of the LRU.
   */
  private readonly filterCache: LRUCache<string, Cached>
  /**
   * Final answers: a search page (its job ids and total) and a facet response. A few KB each against
   * megabytes for the sets behind them, so many more are kept: an answer asked again (the next
   * visitor, a refresh, a shared link, a page back) skips ranking and counting however long ago
   * its sets were pushed out.
   */
  private readonly answers: LRUCache<string, Answer>
  private readonly nowSeconds: () => number
  private readonly queryLanguage: boolean
  private readonly typos: boolean
  private readonly counts = { hits: new Map<string, number>(), misses: new Map<string, number>() }
  /** Parts of the index built (or the term index missed) on a request, by part: what GET /metrics reports. */
  private readonly late = new Map<string, number>()
  private readonly lateBuild = (part: string) => this.late.set(part, (this.late.get(part) ?? 0) + 1)
  /** Once ready, every later index generation reports the parts built on a request. */
  private wasReady = false

  constructor(private readonly db: DB, options: SearchEngineOptions) {
    this.nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
    this.queryLanguage = options.queryLanguage ?? true
    this.typos = options.typos ?? true
    // An in-memory database is private to its connection: workers could not see it.
    this.keeper = new IndexKeeper(db, db.memory ? 0 : Math.max(0, options.workers ?? 0))
    this.counting = new CountThreads({ threads: options.countThreads ?? 0, minDocs: options.countSplitDocs ?? 0 })
    this.cache = new LRUCache<string, Cached>({
      max: Math.max(1, options.cacheEntries),
      maxSize: Math.max(1, options.cacheBytes),
      sizeCalculation: (value) => 64 + (Array.isArray(value) ? value.reduce((sum, set) => sum + bytesOf(set), 0) : ArrayBuffer.isView(value) || value instanceof DocList ? bytesOf(value) : 4096),
    })
    this.filterCache = new LRUCache<string, Cached>({
      max: FILTER_SETS,
      maxSize: Math.max(1, Math.floor(options.cacheBytes / 8)),
      sizeCalculation: (value) => 64 + bytesOf(value as DocSet),
    })
    this.answers = new LRUCache<string, Answer>({
      max: Math.max(1, options.answerEntries ?? 20_000),
      maxSize: Math.max(1, Math.floor(options.cacheBytes / 4)),
      sizeCalculation: answerBytes,
    })
  }

  /** Brings the index up to date with the catalogue (cheap when nothing changed); drops cached results when it changed. */
  refresh(): void {
    this.current()
  }

  /** Open postings in the index (after refresh). */
  size(): number {
    return this.current().liveCount
  }

  /** How many cards `search` would answer, without ranking or paging them (the typeahead's counts). */
  count(q: string | undefined, filters: SearchFilters): number {
    return sizeOf(this.cards(this.current(), this.textOf(q).text, filters))
  }

  /**
   * One page of matches. `excludeJobIds`: postings subtracted from the match set before counting and
   * paging (a signed-in caller's already-seen postings), so pages and totals stay exact.
   */
  search(query: SearchQuery, excludeJobIds: readonly number[] = []): SearchResult {
    const index = this.current()
    const { text, didYouMean } = this.textOf(query.q)
    const excluded = excludeJobIds.flatMap((id) => index.columns.docOf(id) ?? [])
    const order = query.sort ? (query.order ?? 'desc') : 'desc'
    // View counts move without a catalogue change (index-keeper.ts), so their order is never kept.
    // sort=match: the caller's skills once each, in one order (the page's and the tiers' keys, and the ranking).
    const skills = query.sort === 'match' ? [...new Set(query.matchSkills ?? [])].sort() : undefined
    const matching = skills ? `|${skills.join(',')}` : ''
    const key = excluded.length || query.sort === 'view_count' ? null : `page|${query.sort ?? ''}${matching}|${order}|${query.offset}|${query.limit}|${this.queryKey(text, query.filters)}`
    let page = key === null ? undefined : (this.lookup(key, this.answers) as SearchResult | undefined)
    if (!page) {
      page = this.rank(index, text, query, order, excluded, skills)
      if (key !== null) this.answers.set(key, page)
    }
    // The page follows the text as matched; did_you_mean, the words as typed (two typings, one page).
    return didYouMean ? { ...page, didYouMean } : page
  }

  private rank(index: SearchIndex, text: TextQuery | null, query: SearchQuery, order: 'asc' | 'desc', excluded: number[], skills: string[] | undefined): SearchResult {
    const relevance = !query.sort && text !== null
    let cards: DocSet
    let segments: DocSet[]
    if (excluded.length) {
      // An excluded posting may be its role's card: the role is then shown by its next posting, so
      // the cards are chosen after the exclusion, from a copy (the cached sets stay whole).
      // Each tier is the match set cut by a word rule, so the cached tiers of the whole match set,
      // cut to these cards, are these cards' tiers.
      const matched = this.matched(index, text, query.filters)
      cards = index.roleClusters.cardsOf(withoutDocs(matched, excluded))
      segments = relevance ? this.tiers(index, text, query.filters, matched, 'matched').map((tier) => intersect(tier, cards, index.columns.docCount)) : [cards]
    } else {
      cards = this.cards(index, text, query.filters)
      segments = relevance ? this.tiers(index, text, query.filters, cards) : [cards]
    }
    // By match: the cards with the most of the caller's skills first, each tier newest first.
    const byMatch = skills !== undefined
    if (byMatch) {
      const ranked = () => matchTiers(index, cards, skills)
      // Kept like relevance tiers (the next page ranks nothing), except over an exclusion's private cards.
      segments = excluded.length ? ranked() : this.cached(`match|${skills.join(',')}|${this.queryKey(text, query.filters)}`, ranked)
    }
    const sortKey = query.sort === undefined || query.sort === 'match' ? 'posted_at' : query.sort
    const docs = pageOf(index, segments, { key: sortKey, order: byMatch ? 'desc' : order, offset: query.offset, limit: query.limit })
    const result: SearchResult = { ids: docs.map((doc) => index.columns.jobIds[doc]!), total: sizeOf(cards) }
    if (text) result.text = text
    return result
  }

  /**
   * What the index knows of a page's live postings, by job id, for loadJobs (job-json.ts): how many
   * other open postings each one's role has (the rest of its card), and its list attributes
   * (skills, cities, …) in the order SQL serves them (ORDER BY value, BINARY: code-point order),
   * so the page reads no lists in SQL (six key seeks a posting, most of the cost of a page).
   */
  pageFacts(jobIds: readonly number[]): { roleCopies: Map<number, number>; lists: Map<number, Record<string, string[]>> } {
    const index = this.current()
    const fields = MULTI_FACETS.map((facet) => ({ facet, names: index.columns.dictionary(facet).names, csr: index.columns.multi(facet) }))
    const roleCopies = new Map<number, number>()
    const lists = new Map<number, Record<string, string[]>>()
    for (const id of jobIds) {
      const doc = index.columns.docOf(id)
      if (doc === undefined || !index.isLive(doc)) continue
      roleCopies.set(id, index.roleClusters.othersOf(doc))
      const values: Record<string, string[]> = {}
      for (const { facet, names, csr } of fields) {
        const list: string[] = []
        for (let k = csr.offsets[doc]!; k < csr.offsets[doc + 1]!; k++) list.push(names[csr.values[k]!]!)
        values[facet] = list.length > 1 ? list.sort(codePointOrder) : list
      }
      lists.set(id, values)
    }
    return { roleCopies, lists }
  }

  private textOf(q: string | undefined): Corrected {
    const parsed = parseTextQuery(q, { operators: this.queryLanguage })
    if (!parsed) return { text: null }
    // Corrections need the term index: an answer from before it was read is not kept for after.
    const key = `fix|${this.keeper.terms ? 1 : 0}|${parsed.key}`
    return this.cached(key, (): Corrected => {
      if (this.wasReady && !this.keeper.terms) this.lateBuild('terms')
      else if (this.wasReady && this.typos && !hasTypoIndex(this.keeper.terms!)) this.lateBuild('typo_index')
      const expand = this.queryLanguage ? withAliases : (clause: TextClause) => clause
      const expanded = this.queryLanguage ? expandAliases(parsed) : parsed
      const { text, corrected } = this.typos ? correctText(this.keeper.terms, expanded, expand) : { text: expanded, corrected: false }
      return corrected ? { text, didYouMean: queryText(text) } : { text }
    })
  }

  facets(request: FacetsRequest): FacetsResult {
    const index = this.current()
    const names = request.facets ?? COUNTED_FACETS
    const { text } = this.textOf(request.q)
    const key = `facets|${request.disjunctive ? 'd' : 'p'}${request.postings ? 'p' : 'c'}|${[...names, ...(request.flags ?? [])].join(',')}|${this.queryKey(text, request.filters)}`
    const hit = this.lookup(key, this.answers) as FacetsResult | undefined
    if (hit) return hit
    // Counting cards, each also counts under the values of its role's other matching postings
    // (role-cards.ts copiesOf): a value's count is then the total of the search with it added.
    // The counting set is listed on first use: the whole catalogue's counts, kept, need none.
    type Counted = { set: () => CountingSet; counted: DocSet; copies: () => RoleCopies | undefined }
    const sets = new Map<string, Counted>()
    const setFor = (omitFacet?: FacetName) => {
      const clause = omitFacet ? omittedClauseOf(omitFacet) : undefined
      const omitted = clause ? String(clause) : ''
      let entry = sets.get(omitted)
      if (!entry) {
        const matched = this.matched(index, text, request.filters, omitFacet)
        const counted = request.postings ? matched : this.cards(index, text, request.filters, omitFacet)
        // Roles all of whose postings match are listed apart (role-cards.ts copiesOf): matching every live posting, every role.
        const roleCopies = () => (!text && passesEveryLive(request.filters, clause) ? index.roleClusters.everyRoleWhole() : index.roleClusters.copiesOf(matched, true))
        let set: CountingSet | undefined
        let copies: RoleCopies | undefined
        entry = { set: () => (set ??= countingSet(index, counted, sizeOf(counted), !request.postings)), counted, copies: () => (request.postings ? undefined : (copies ??= roleCopies())) }
        sets.set(omitted, entry)
      }
      return entry
    }
    const all = setFor()
    // Every card of the catalogue (no text, no filter): its counts are kept per index generation.
    const everything = !request.postings && !text && passesEveryLive(request.filters)
    const own = names.filter((facet) => request.disjunctive && selects(request.filters, facet))
    const counted = everything ? this.catalogueCounts(index, names, all) : countFacets(index, all.set(), names.filter((facet) => !own.includes(facet)), this.counting, all.copies())
    // Facets whose own selection omits the same clause (the geography group) share one counting set: one count.
    const bySet = new Map<Counted, FacetName[]>()
    for (const facet of own) {
      const entry = setFor(facet)
      bySet.set(entry, [...(bySet.get(entry) ?? []), facet])
    }
    for (const [entry, group] of bySet) Object.assign(counted, countFacets(index, entry.set(), group, this.counting, entry.copies()))
    const facets: FacetsResult['facets'] = {}
    for (const facet of names) facets[facet] = counted[facet]
    for (const flag of request.flags ?? []) facets[flag] = everything ? this.catalogueFlag(index, flag, all) : countFlag(index, all.counted, flag, all.copies())
    // Ranges over every card are kept per index generation (a set that happens to hold them all gets the same ranges counted).
    const stats = everything ? this.catalogueStats(index) : statsOf(index, all.set())
    const result: FacetsResult = { total: sizeOf(all.counted), facets, stats }
    this.answers.set(key, result)
    return result
  }

  /** Card counts over the whole catalogue, facet by facet as asked: once per index generation, kept outside the cache. */
  private catalogueCounts(index: SearchIndex, names: readonly FacetName[], all: { set: () => CountingSet; copies: () => RoleCopies | undefined }): Partial<Record<FacetName, ValueCounts>> {
    const known = this.catalogueKept(index).counts
    const missing = names.filter((facet) => !known[facet])
    if (missing.length) Object.assign(known, countFacets(index, all.set(), missing, this.counting, all.copies()))
    return Object.fromEntries(names.map((facet) => [facet, known[facet]]))
  }

  /** A flag's `{ true, false }` over every card of the catalogue: once per index generation, kept outside the cache. */
  private catalogueFlag(index: SearchIndex, flag: FlagFacet, all: { counted: DocSet; copies: () => RoleCopies | undefined }): ValueCounts {
    const { flags } = this.catalogueKept(index)
    let counts = flags.get(flag)
    if (!counts) flags.set(flag, (counts = countFlag(index, all.counted, flag, all.copies())))
    return counts
  }

  private catalogueKept(index: SearchIndex): NonNullable<SearchEngine['fullCounts']> {
    if (this.fullCounts?.index !== index) this.fullCounts = { index, counts: {}, flags: new Map() }
    return this.fullCounts
  }

  /** Ranges over the whole catalogue: computed once per index generation, kept outside the cache. */
  private catalogueStats(index: SearchIndex): FacetStats {
    if (this.fullStats?.index !== index) {
      const cards = index.roleClusters.everyCard()
      this.fullStats = { index, stats: statsOf(index, { size: countDocs(cards), matched: cards }) }
    }
    return this.fullStats.stats
  }

  /** The matching documents as a bitmap (bit d = document d) plus every document's skills as CSR over the whole index. */
  skillMarket(filters: SearchFilters, q?: string): SkillMarket {
    const index = this.current()
    const skills = index.columns.multi('skills')
    return {
      market: toBitmap(this.matched(index, this.textOf(q).text, filters), index.words),
      skillOffsets: skills.offsets,
      skillCodes: skills.values,
      skillNames: index.columns.dictionary('skills').names,
      skillPostings: index.allPostings('skills'),
      live: index.live,
    }
  }

  /** Whether the term index is in memory (until then text queries read FTS5 per word: same answers, more work). */
  termsInMemory(): boolean {
    return this.keeper.terms !== undefined
  }

  /**
   * Resolves once a request reads only memory: the index loaded (or restored from its snapshot),
   * the term index read (on the workers, beside this thread, after a full load), then everything a
   * request would otherwise build on first use built here (warmNow), and the counting threads
   * running. A start awaits it before it listens; /readyz answers isReady().
   */
  async ready(): Promise<void> {
    this.current()
    await this.keeper.termsReady()
    while (!this.warmNow()) await this.keeper.termsReady()
    await this.counting.warm()
  }

  /**
   * Whether the engine has been warmed (warmNow succeeded): what /readyz answers. A process once
   * ready stays ready; an index generation made by a later catalogue change builds its parts on
   * the requests that need them, as lateBuilds() counts.
   */
  isReady(): boolean {
    return this.wasReady
  }

  /**
   * Builds what a request would build on first use, once the term index is in memory: its typo
   * index, the index's parts (SearchIndex.warm), the whole catalogue's facet counts and ranges. False while
   * the term index is still being read.
   */
  warmNow(): boolean {
    const index = this.current()
    const terms = this.keeper.terms
    if (!terms) return false
    if (this.typos) typoIndexOf(terms)
    if (!index.warmed) {
      index.warm(this.counting.threaded())
      this.catalogueStats(index)
      // The whole catalogue's counts (kept per generation), and what counting any cards reads: which facets vary within a role, the flags' bitmaps.
      this.facets({ filters: { facets: {} }, flags: FLAG_FACETS })
    }
    this.wasReady = true
    index.lateBuild = this.lateBuild
    return true
  }

  /** Index parts built on requests since start, by part (`terms` counts requests answered without the term index). */
  lateBuilds(): ReadonlyMap<string, number> {
    return this.late
  }

  /** Forgets cached results (the benchmark measures uncached latency with it). */
  clearCache(): void {
    this.cache.clear()
    this.filterCache.clear()
    this.answers.clear()
  }

  /** Whether the index will be restored from its saved snapshot rather than loaded from the catalogue (ask before ready()). */
  restorable(): boolean {
    return this.keeper.restorable()
  }

  /** Resolves once the index snapshot scheduled so far is written (a start that indexed the file for the others waits for it). */
  saved(): Promise<void> {
    return this.keeper.saved()
  }

  async close(): Promise<void> {
    this.clearCache()
    await this.counting.close()
    await this.keeper.close()
  }

  /** Cache lookups since start by entry kind (`filter`, `match`, `cards`, `text`, `tiers`, `fix`; answers: `page`, `facets`): what GET /metrics reports. */
  cacheCounts(): Record<'hits' | 'misses', Map<string, number>> {
    return this.counts
  }

  /** The cached answer under `key`, or `compute`'s, cached. */
  private cached<T extends Cached>(key: string, compute: () => T, cache = this.cache): T {
    const found = this.lookup(key, cache) as T | undefined
    if (found !== undefined) return found
    const value = compute()
    // A cached set is shared by every request that finds it: never changed again.
    if (Array.isArray(value)) value.forEach(keep)
    else if (value instanceof Uint32Array) keep(value)
    cache.set(key, value)
    return value
  }

  private lookup<T extends Cached | Answer>(key: string, cache: LRUCache<string, T>): T | undefined {
    const found = cache.get(key)
    const kind = key.slice(0, key.indexOf('|'))
    const tally = found === undefined ? this.counts.misses : this.counts.hits
    tally.set(kind, (tally.get(kind) ?? 0) + 1)
    return found
  }

  private current(): SearchIndex {
    const { index, changed } = this.keeper.current()
    if (changed) {
      this.clearCache()
      if (this.wasReady) index.lateBuild ??= this.lateBuild
    }
    return index
  }

  private queryKey(text: TextQuery | null, filters: SearchFilters, omitted = ''): string {
    // Relative-date filters move with the clock: a cached answer lives at most one minute.
    const clock = filters.postedWithinDays !== undefined || filters.openWithinDays !== undefined ? Math.floor(this.nowSeconds() / 60) : ''
    return `${text?.key ?? ''}|${filtersKey(filters)}|${omitted}|${clock}`
  }

  /** Postings matching every word of the text. */
  private textMatches(index: SearchIndex, text: TextQuery): DocSet {
    return this.cached(`text|${text.key}`, () => textMatches(this.db, index, this.keeper.terms, text))
  }

  /** Documents matching text and filters (minus one facet's selection for disjunctive counts). */
  private matched(index: SearchIndex, text: TextQuery | null, filters: SearchFilters, omitFacet?: FacetName): DocSet {
    const omitted = omitFacet ? omittedClauseOf(omitFacet) : undefined
    if (!text) return this.filtered(index, filters, omitted)
    return this.cached(`match|${this.queryKey(text, filters, omitted ?? '')}`, () => {
      const matchedText = this.textMatches(index, text)
      // Many typed texts match nothing: no filter set is built for them. The text's set holds live
      // documents only, so a filter that passes every live one (no filter, most often) leaves it as is.
      if ((matchedText instanceof DocList && matchedText.docs.length === 0) || passesEveryLive(filters, omitted)) return matchedText
      return intersect(matchedText, this.filtered(index, filters, omitted), index.columns.docCount)
    })
  }

  /** Documents passing the filters, cached on their own: many texts share one filter set (none, most often). */
  private filtered(index: SearchIndex, filters: SearchFilters, omitted: OmittedClause): Bitmap {
    return this.cached(`filter|${this.queryKey(null, filters, omitted ?? '')}`, () => filterBitmap(index, filters, this.nowSeconds(), omitted), this.filterCache)
  }

  /** The cards among the matches: one per role cluster (role-cards.ts). */
  private cards(index: SearchIndex, text: TextQuery | null, filters: SearchFilters, omitFacet?: FacetName): DocSet {
    const omitted = omitFacet ? omittedClauseOf(omitFacet) : undefined
    // Without text the cards follow from the filters alone: kept beside the filter sets they come from.
    const cache = text ? this.cache : this.filterCache
    return this.cached(`cards|${this.queryKey(text, filters, omitted ?? '')}`, () => index.roleClusters.cardsOf(this.matched(index, text, filters, omitFacet)), cache)
  }

  /** The relevance tiers of a set, cached by query and by which set it is (`cards` or all `matched`). */
  private tiers(index: SearchIndex, text: TextQuery, filters: SearchFilters, matched: DocSet, over: 'cards' | 'matched' = 'cards'): DocSet[] {
    return this.cached(`tiers|${over}|${this.queryKey(text, filters)}`, () => relevanceTiers(this.db, index, this.keeper.terms, text, matched, this.queryLanguage))
  }
}

function withoutDocs(set: DocSet, docs: readonly number[]): DocSet {
  if (set instanceof DocList) return filterList(set.docs, new DocList(unionLists([docs])), false)
  const copy = set.slice()
  andNotDocs(copy, docs)
  return copy
}

const bytesOf = (set: DocSet) => (set instanceof DocList ? set.docs.byteLength : set.byteLength)

/** About what an answer holds in memory: a page's ids, or a facet response's values (key, count, slot). */
function answerBytes(answer: Answer): number {
  if ('ids' in answer) return 256 + 8 * answer.ids.length
  let values = 0
  for (const counts of Object.values(answer.facets)) values += counts ? Object.keys(counts).length : 0
  return 512 + 64 * values
}

/** Whether the filter selects values of this facet (for geography: of any geography facet). */
function selects(filters: SearchFilters, facet: FacetName): boolean {
  const group = GEO_FACETS.includes(facet) ? GEO_FACETS : [facet]
  return group.some((name) => (filters.facets[name]?.values.length ?? 0) > 0)
}

export function createSearchEngine(db: DB, options: SearchEngineOptions): SearchEngine {
  return new SearchEngine(db, options)
}
