/**
 * Facet distributions and numeric ranges over a set of documents, never SQL GROUP BY: the facets
 * whose codes fit in a byte in one pass over the set's packed rows (facet-rows.ts), any other one
 * by a pass over its code column, or value by value over bitmaps when that is cheaper. Counts over
 * the whole catalogue are the posting-list lengths, and those over all its cards are counted once
 * per index generation; a set close to either is counted through what separates it from them.
 */
import { andNotInPlace, countAnd, countAndNot, countDocs, hasDoc, toDocs, withScratch, type Bitmap } from './bitmap.ts'
import type { NumberColumn } from './doc-columns.ts'
import { FACET_NAMES, FLAG_FACETS, REGIONS_NONE, type FacetName, type FlagFacet } from './facet-spec.ts'
import type { SearchIndex } from './search-index.ts'
import { isPacked, rowArrays, rowTables, rowTableWords } from './facet-rows.ts'
import { DocList, listHas, type DocSet } from './doc-set.ts'
import { countWhole, type ColumnPass, type CountJob, type ValueCount } from './facet-split.ts'
import type { CountThreads } from './count-threads.ts'
import type { RoleCopies } from './role-cards.ts'

export type ValueCounts = Record<string, number>

export interface Range {
  min: number
  max: number
}

/** A range is absent when no matched posting states the value (never `{ min: null, max: null }`). */
export interface FacetStats {
  salary_min?: Range
  salary_max?: Range
  experience_years_min?: Range
}

/** Slot 0: documents without a value (for regions: `none`); slot code + 1: documents with that value. */
type CodeCounts = Uint32Array

/** Counts over every live document, from the posting lists. */
export function catalogueCounts(index: SearchIndex, facet: FacetName): CodeCounts {
  const postings = index.allPostings(facet)
  const counts = new Uint32Array(postings.length + 1)
  for (let code = 0; code < postings.length; code++) counts[code + 1] = postings[code]!.length
  counts[0] = facet === 'regions' ? index.regionsNone.length : 0
  return counts
}

function toValueCounts(index: SearchIndex, facet: FacetName, counts: CodeCounts): ValueCounts {
  const names = index.columns.dictionary(facet).names
  const entries: [string, number][] = []
  for (let code = 0; code < names.length; code++) if (counts[code + 1]! > 0) entries.push([names[code]!, counts[code + 1]!])
  if (facet === 'regions' && counts[0]! > 0) entries.push([REGIONS_NONE, counts[0]!])
  entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return Object.fromEntries(entries)
}

/** Documents whose counts are known: the facet counts of a set close to them follow from its difference. */
interface CountBase {
  members: Bitmap
  size: number
  /** The base's counts of the facets (fresh arrays or kept ones: never changed). */
  counts(facets: readonly FacetName[], threads?: CountThreads): Map<FacetName, CodeCounts>
}

/**
 * A set counted as its difference from a base: counts(set) = counts(base) - counts(base \\ set)
 * + counts(set \\ base). Counting a set is a visit per listed document, so a set close to a base
 * costs only what separates them.
 */
export interface BaseDifference {
  of: CountBase
  minus: Uint32Array
  plus: Uint32Array
}

/** A matched set, ready for counting: its bitmap (a large set), and its documents or its difference from a base, whichever lists fewer. */
export interface CountingSet {
  size: number
  matched?: Bitmap
  docs?: Uint32Array
  base?: BaseDifference
}

/** Every live posting: its counts are the posting lists' lengths. */
const liveBase = (index: SearchIndex): CountBase => ({
  members: index.live,
  size: index.liveCount,
  counts: (facets) => new Map(facets.map((facet) => [facet, catalogueCounts(index, facet)])),
})

/**
 * Every card of the catalogue (one per role), per index generation: a query's cards are most of
 * them when it matches much of the catalogue (a common word: 650k of 726k cards at 1M, where every
 * live posting is 916k). Its counts are counted on first use, facet by facet as asked.
 */
const cardBases = new WeakMap<SearchIndex, CountBase>()

function cardBase(index: SearchIndex): CountBase {
  let base = cardBases.get(index)
  if (!base) {
    const members = index.roleClusters.everyCard()
    const size = countDocs(members)
    const known = new Map<FacetName, CodeCounts>()
    base = {
      members,
      size,
      counts(facets, threads) {
        const missing = facets.filter((facet) => !known.has(facet))
        if (missing.length) for (const [facet, codes] of countCodes(index, countingSet(index, members, size), missing, threads)) known.set(facet, codes)
        return new Map(facets.map((facet) => [facet, known.get(facet)!]))
      },
    }
    cardBases.set(index, base)
  }
  return base
}

/**
 * The set ready for counting, listed the cheapest way: its own documents, or its difference from
 * every live posting or (`cards`: a set of cards) from every card, whichever lists fewer.
 */
export function countingSet(index: SearchIndex, matched: DocSet, size: number, cards = false): CountingSet {
  if (matched instanceof DocList) return { size, docs: matched.docs }
  // Every matched document is live; a query's cards need not be catalogue cards (a role's card is its last matching posting).
  const bases = [{ of: liveBase(index), plus: 0 }]
  if (cards && index.roleClusters.count > 0) {
    const of = cardBase(index)
    bases.push({ of, plus: countAndNot(matched, of.members) })
  }
  let best: { of: CountBase; minus: number; plus: number } | undefined
  for (const { of, plus } of bases) {
    const minus = of.size - (size - plus)
    if (minus + plus < (best ? best.minus + best.plus : size)) best = { of, minus, plus }
  }
  if (!best) return { size, matched, docs: toDocs(matched, size) }
  const { of } = best
  return { size, matched, base: { of, minus: difference(of.members, matched, best.minus), plus: best.plus ? difference(matched, of.members, best.plus) : EMPTY } }
}

/** The `count` documents of `a` that `b` has not. */
function difference(a: Bitmap, b: Bitmap, count: number): Uint32Array {
  return withScratch((scratch) => {
    const rest = scratch.copy(a)
    andNotInPlace(rest, b)
    return toDocs(rest, count)
  })
}

const EMPTY = new Uint32Array(0)

/** One word of a bitmap pass costs about this much of one random per-document access. */
const WORD_COST = 0.25

/** With fewer packed facets to count than this, reading their columns one by one is as cheap. */
const MIN_PACKED_FACETS = 3

/**
 * Whether counting value by value (dense values: AND + popcount over bitmap words; sparse ones:
 * probing their postings) is cheaper than visiting every document of the set, as it is for
 * facets with a few large values (work_mode, regions, seniority) over a large set.
 */
function cheaperByValue(index: SearchIndex, set: CountingSet, facet: FacetName): boolean {
  if (!set.matched) return false
  const budget = set.docs?.length ?? set.base!.minus.length + set.base!.plus.length
  let cost = facet === 'regions' ? index.regionsNone.length : 0
  for (const list of index.allPostings(facet)) cost += list.length * 32 >= index.columns.docCount ? index.words * WORD_COST : list.length
  return cost < budget
}

/**
 * A facet counted value by value over the matched bitmap, into table[at ..] (slot 0: regions=none;
 * code + 1: that value): dense values by AND + popcount over bitmap words, sparse ones by probing
 * their postings. Cheaper than visiting every document of a large set for facets with a few large
 * values (work_mode, regions, seniority).
 */
function valueCounts(index: SearchIndex, facet: FacetName, at: number): ValueCount[] {
  const names = index.columns.dictionary(facet).names
  const out: ValueCount[] = index.allPostings(facet).map((postings, code) => {
    const bitmap = index.denseBitmap(facet, names[code]!)
    return bitmap ? { slot: at + code + 1, bitmap } : { slot: at + code + 1, postings }
  })
  if (facet === 'regions') out.push({ slot: at, postings: index.regionsNone })
  return out
}

/**
 * Each facet's values with at least one posting in the set, most frequent first, ties by value.
 * With `copies` (the set is cards: the matched postings of roles with several, role-cards.ts), a
 * card counts under every value any of its role's matching postings carries.
 */
export function countFacets(index: SearchIndex, set: CountingSet, facets: readonly FacetName[], threads?: CountThreads, copies?: RoleCopies): Partial<Record<FacetName, ValueCounts>> {
  const counted = countCodes(index, set, facets, threads)
  if (copies && (copies.docs.length || copies.whole?.length)) addCopyValues(index, counted, copies)
  const out: Partial<Record<FacetName, ValueCounts>> = {}
  for (const [facet, codes] of counted) out[facet] = toValueCounts(index, facet, codes)
  return out
}

/**
 * Per index generation, of every facet: the roles whose postings carry different values, and what
 * every role's postings add to its head's (newest posting's) values. A query matching all of a
 * role's live postings (most do: a search that does not name a place matches each of a role's
 * per-city listings) has the head as card, and the others then add these to its counts. A facet
 * of the company or of the title (collections, company size, seniority, category…) never varies,
 * and of a role listed per city only the places do: the copies of every other role add nothing to
 * any set of cards, so they are not visited. Found by one pass per facet over every role's
 * postings, once per index generation (warmed before readiness: SearchEngine.warmNow counts).
 */
export interface RoleVariance {
  /** By facet (its place in FACET_NAMES), then cluster number: 1 when the role's postings do not all carry its head's values; null when no role's do. */
  roles: (Uint8Array | null)[]
  /** What role r's other postings add are entries[starts[r] .. starts[r + 1]), each a facet's place << 24 | a slot of its counts. */
  starts: Uint32Array
  entries: Uint32Array
  /** The roles with an entry, ascending. */
  adding: Uint32Array
  /** By facet place, what every role's entries add up to (null: nothing). */
  totals: (Uint32Array | null)[]
}

const variances = new WeakMap<SearchIndex, RoleVariance>()

function roleVariance(index: SearchIndex): RoleVariance {
  let variance = variances.get(index)
  if (!variance) {
    index.lateBuild?.('role_variance')
    const clusters = index.roleClusters
    const added: number[][] = []
    const roles = FACET_NAMES.map((facet, place) => facetVariance(index, facet, (cluster, slot) => (added[cluster] ??= []).push((place << 24) | slot)))
    const starts = new Uint32Array(clusters.count + 1)
    for (let cluster = 0; cluster < clusters.count; cluster++) starts[cluster + 1] = starts[cluster]! + (added[cluster]?.length ?? 0)
    const entries = new Uint32Array(starts[clusters.count]!)
    const adding: number[] = []
    for (let cluster = 0; cluster < clusters.count; cluster++) {
      if (!added[cluster]) continue
      entries.set(added[cluster]!, starts[cluster])
      adding.push(cluster)
    }
    const totals = FACET_NAMES.map((facet, place) => (roles[place] ? new Uint32Array(index.columns.dictionary(facet).names.length + 1) : null))
    for (const entry of entries) totals[entry >>> 24]![entry & 0xffffff]!++
    variance = { roles, starts, entries, adding: Uint32Array.from(adding), totals }
    variances.set(index, variance)
  }
  return variance
}

/**
 * What a snapshot saves of a generation (index-snapshot.ts): its role variance and every flag's,
 * built now when not yet, so a restart does not derive them (~0.25 s of each serving process at a
 * million postings).
 */
export interface SavedVariance {
  facets: RoleVariance
  flags: Map<FlagFacet, Uint8Array>
}

export function savedVariance(index: SearchIndex): SavedVariance {
  const facets = roleVariance(index)
  for (const flag of FLAG_FACETS) flagVariance(index, flag)
  return { facets, flags: new Map(flagAdds.get(index)) }
}

/** Gives a generation restored from a snapshot the variance saved with it. */
export function restoreVariance(index: SearchIndex, saved: SavedVariance): void {
  variances.set(index, saved.facets)
  flagAdds.set(index, new Map(saved.flags))
}

/** Of each role's live postings (every role's, its head last), whether any carries a value set other than the head's (null: none does); `add` is told the slots they add. */
function facetVariance(index: SearchIndex, facet: FacetName, add: (cluster: number, slot: number) => void): Uint8Array | null {
  const { docs, starts } = index.roleClusters.everyCopy()
  const clusters = index.roleClusters
  const roles = new Uint8Array(clusters.count)
  const multi = index.columns.multis.has(facet) ? index.columns.multi(facet) : undefined
  const codes = multi ? undefined : index.columns.single(facet)
  const names = index.columns.dictionary(facet).names.length
  if (names >= 1 << 24) throw new Error(`${facet}: too many values for a role's added slots`)
  const table: CopyTable = { multi, codes, seen: new Uint32Array(names + 1) }
  let any = false
  for (let group = 0; group + 1 < starts.length; group++) {
    const card = docs[starts[group + 1]! - 1]!
    let differs = false
    for (let i = starts[group]!; i < starts[group + 1]! - 1 && !differs; i++) differs = multi ? !sameValues(multi, docs[i]!, card) : codes![docs[i]!] !== codes![card]
    if (!differs) continue
    const cluster = clusters.clusterOf(card)
    roles[cluster] = 1
    any = true
    walkGroup(table, docs, starts[group]!, starts[group + 1]!, group + 1, (slot) => add(cluster, slot))
  }
  return any ? roles : null
}

/** Whether two documents carry the same values of a multi-valued column (its values kept in one order per document). */
function sameValues({ offsets, values }: { offsets: Uint32Array; values: Uint32Array | Uint16Array | Uint8Array }, a: number, b: number): boolean {
  const length = offsets[a + 1]! - offsets[a]!
  if (length !== offsets[b + 1]! - offsets[b]!) return false
  for (let k = 0; k < length; k++) if (values[offsets[a]! + k] !== values[offsets[b]! + k]) return false
  return true
}

/** One facet's column and, per slot, the group (its mark) that has counted the slot already. */
interface CopyTable {
  multi: { offsets: Uint32Array; values: Uint32Array | Uint16Array | Uint8Array } | undefined
  codes: Uint32Array | Uint16Array | Uint8Array | undefined
  seen: Uint32Array
}

/** Each slot that the postings docs[from .. to - 1) carry and docs[to - 1] (the card) does not, once. */
function walkGroup({ multi, codes, seen }: CopyTable, docs: Uint32Array, from: number, to: number, mark: number, add: (slot: number) => void): void {
  const card = docs[to - 1]!
  if (multi) {
    const { offsets, values } = multi
    if (offsets[card] === offsets[card + 1]) seen[0] = mark
    for (let k = offsets[card]!; k < offsets[card + 1]!; k++) seen[values[k]! + 1] = mark
    for (let i = from; i < to - 1; i++) {
      const doc = docs[i]!
      const start = offsets[doc]!
      const end = offsets[doc + 1]!
      if (start === end && seen[0] !== mark) {
        seen[0] = mark
        add(0)
      }
      for (let k = start; k < end; k++) {
        const slot = values[k]! + 1
        if (seen[slot] !== mark) {
          seen[slot] = mark
          add(slot)
        }
      }
    }
    return
  }
  seen[codes![card]!] = mark
  for (let i = from; i < to - 1; i++) {
    const slot = codes![docs[i]!]!
    if (seen[slot] !== mark) {
      seen[slot] = mark
      add(slot)
    }
  }
}

/**
 * Adds to a card's counts the values its role's other matching postings carry and the card does
 * not, each once per role: "Remote" then counts every role with a matching remote posting, which
 * is what the search with work_mode=remote added answers. A role all of whose live postings match
 * (copies.whole) adds its precomputed entries, every facet's at once: over the whole roles, or
 * over the roles that add any when they are fewer. Any other group is read posting by posting,
 * only for the facets in which its role's values differ (RoleVariance.roles).
 */
function addCopyValues(index: SearchIndex, counted: ReadonlyMap<FacetName, CodeCounts>, copies: RoleCopies): void {
  const { docs, starts, whole } = copies
  const variance = roleVariance(index)
  const clusters = index.roleClusters
  // By facet place, the counts to add to: only of the facets asked for whose values differ somewhere.
  const tables: (CodeCounts | undefined)[] = new Array(FACET_NAMES.length)
  const varying: { facet: FacetName; place: number; counts: CodeCounts; roles: Uint8Array }[] = []
  for (const [facet, counts] of counted) {
    const place = FACET_NAMES.indexOf(facet)
    const roles = variance.roles[place]
    if (!roles) continue
    tables[place] = counts
    varying.push({ facet, place, counts, roles })
  }
  if (!varying.length) return
  if (whole?.length) {
    const { starts, entries, adding } = variance
    const add = (cluster: number, by: number) => {
      for (let k = starts[cluster]!; k < starts[cluster + 1]!; k++) {
        const counts = tables[entries[k]! >>> 24]
        if (counts) counts[entries[k]! & 0xffffff]! += by
      }
    }
    if (whole.length <= adding.length / 2) for (const cluster of whole) add(cluster, 1)
    else {
      // Most roles whole (a search matching most of the catalogue): every role's entries, less those of the roles not whole.
      for (const { place, counts } of varying) {
        const total = variance.totals[place]!
        for (let slot = 0; slot < counts.length; slot++) counts[slot]! += total[slot]!
      }
      if (whole.length < clusters.count) {
        const isWhole = new Uint8Array(clusters.count)
        for (const cluster of whole) isWhole[cluster] = 1
        for (const cluster of adding) if (isWhole[cluster] === 0) add(cluster, -1)
      }
    }
  }
  if (starts.length < 2) return
  const walks = varying.map(({ facet, counts, roles }) => {
    const multi = index.columns.multis.has(facet) ? index.columns.multi(facet) : undefined
    const table: CopyTable = { multi, codes: multi ? undefined : index.columns.single(facet), seen: new Uint32Array(counts.length) }
    return { table, roles, add: (slot: number) => counts[slot]!++ }
  })
  for (let group = 0; group + 1 < starts.length; group++) {
    const from = starts[group]!
    const to = starts[group + 1]!
    const cluster = clusters.clusterOf(docs[to - 1]!)
    for (const { table, roles, add } of walks) if (roles[cluster] === 1) walkGroup(table, docs, from, to, group + 1, add)
  }
}

/**
 * Each facet's counts by code over the set. Per facet the cheapest way: value by value, from the
 * packed rows (several facets in one pass, facet-rows.ts), or a pass over its own column: all of
 * them one job (facet-split.ts), shared with the counting threads when it is large (count-threads.ts).
 */
function countCodes(index: SearchIndex, set: CountingSet, facets: readonly FacetName[], threads?: CountThreads): Map<FacetName, CodeCounts> {
  const listed = set.docs ?? set.base!.minus
  const plus = set.base?.plus.length ? set.base.plus : undefined
  // The rows (built on first use) count the packed facets at every density: with the written-out
  // loop, one pass over the rows measured 35-40% under a pass per column or counting value by
  // value (1M postings, sets of 63k to 650k documents), and far under them for scattered sets.
  const rows = listed.length + (plus?.length ?? 0) > 0 && facets.length >= MIN_PACKED_FACETS ? index.facetRows() : undefined
  const packable = rows ? facets.filter((facet) => isPacked(rows, facet)) : []
  const packed = packable.length >= MIN_PACKED_FACETS ? packable : []
  const byValue = new Set(facets.filter((facet) => !packed.includes(facet) && cheaperByValue(index, set, facet)))
  const byColumn = facets.filter((facet) => !byValue.has(facet) && !packed.includes(facet))
  // One table for every pass: the rows' tables, then each facet's counted value by value, then each column's.
  let tableWords = packed.length ? rowTableWords(rows!) : 0
  const at = new Map<FacetName, number>()
  /** The facet's slots in the table, from the next free one. */
  const place = (facet: FacetName) => {
    const start = tableWords
    at.set(facet, start)
    tableWords += index.columns.dictionary(facet).names.length + 1
    return start
  }
  const values = [...byValue].flatMap((facet) => valueCounts(index, facet, place(facet)))
  // The work in visits of a document: a pass over the listed ones, and over each value's postings or bitmap words.
  const perDoc = packed.length + byColumn.length > 0
  let work = perDoc ? listed.length + (plus?.length ?? 0) : 0
  for (const value of values) work += 'bitmap' in value ? index.words * WORD_COST : value.postings.length
  if (threads?.wants(work)) index.shareColumns()
  const passes = byColumn.map((facet): ColumnPass => {
    const start = place(facet)
    if (!index.columns.multis.has(facet)) return { at: start, codes: index.columns.single(facet) }
    const { offsets, values } = index.columns.multi(facet)
    return { at: start, offsets, values }
  })
  const job: CountJob = { docCount: index.columns.docCount, docs: listed, rows: packed.length ? rowArrays(rows!, packed) : undefined, passes, matched: set.matched, values, tableWords }
  const count = (job: CountJob, work: number) => (threads ? threads.count(job, work) : countWhole(job))
  /** The table's counts by facet. */
  const split = (table: Uint32Array) => {
    const tables = packed.length ? rowTables(rows!, table, packed, packed.map((facet) => index.columns.dictionary(facet).names.length)) : new Map<string, CodeCounts>()
    for (const [facet, start] of at) tables.set(facet, table.subarray(start, start + index.columns.dictionary(facet).names.length + 1))
    return tables
  }
  const tables = split(count(job, work))
  // The base's documents the set has not are taken off its counts, the set's own are added.
  const added = plus && perDoc ? split(count({ ...job, docs: plus, values: [] }, plus.length)) : undefined
  const fromBase = facets.filter((facet) => !set.docs && !byValue.has(facet))
  const baseCounts = fromBase.length ? set.base!.of.counts(fromBase, threads) : undefined
  return new Map(facets.map((facet) => {
    const codes = tables.get(facet)!
    if (!baseCounts?.has(facet)) return [facet, codes]
    const counts = Uint32Array.from(baseCounts.get(facet)!)
    const own = added?.get(facet)
    for (let i = 0; i < counts.length; i++) counts[i] = counts[i]! - codes[i]! + (own ? own[i]! : 0)
    return [facet, counts]
  }))
}

/** A part kept per index generation and key, built on first use (and told to the generation's lateBuild as `part`). */
function kept<K, V>(store: WeakMap<SearchIndex, Map<K, V>>, index: SearchIndex, key: K, part: string, build: () => V): V {
  let byKey = store.get(index)
  if (!byKey) store.set(index, (byKey = new Map()))
  let value = byKey.get(key)
  if (value === undefined) {
    index.lateBuild?.(part)
    byKey.set(key, (value = build()))
  }
  return value
}

/** Per index generation, each flag's documents stating no and stating yes, as bitmaps. */
const flagBitmaps = new WeakMap<SearchIndex, Map<FlagFacet, [Bitmap, Bitmap]>>()

function flagSets(index: SearchIndex, flag: FlagFacet): [Bitmap, Bitmap] {
  return kept(flagBitmaps, index, flag, 'flag_bitmaps', () => {
    const values = index.columns.flag(flag)
    const sets: [Bitmap, Bitmap] = [new Uint32Array(index.words), new Uint32Array(index.words)]
    for (let doc = 0; doc < index.columns.docCount; doc++) {
      const value = values[doc]!
      if (value === 0 || value === 1) sets[value]![doc >>> 5]! |= 1 << (doc & 31)
    }
    return sets
  })
}

/** Per index generation and flag, what each role's postings add to its head's value. */
const flagAdds = new WeakMap<SearchIndex, Map<FlagFacet, Uint8Array>>()

/**
 * By cluster number, the values a role's postings state and its head does not: bit 0 no, bit 1
 * yes. Built once per index generation and flag, from every role's postings (their head last).
 */
function flagVariance(index: SearchIndex, flag: FlagFacet): Uint8Array {
  return kept(flagAdds, index, flag, 'role_variance', () => {
    const values = index.columns.flag(flag)
    const { docs, starts } = index.roleClusters.everyCopy()
    const adds = new Uint8Array(index.roleClusters.count)
    for (let group = 0; group + 1 < starts.length; group++) {
      const head = values[docs[starts[group + 1]! - 1]!]!
      let bits = 0
      for (let i = starts[group]!; i < starts[group + 1]! - 1; i++) {
        const value = values[docs[i]!]!
        if ((value === 0 || value === 1) && value !== head) bits |= 1 << value
      }
      adds[index.roleClusters.clusterOf(docs[starts[group + 1]! - 1]!)] = bits
    }
    return adds
  })
}

/**
 * A boolean attribute's `{ true, false }` over a set of cards (postings that state nothing count
 * under neither): two AND + popcount passes for a large set, a look per document for a listed one.
 * With `copies`, a card also counts under the value another matching posting of its role states.
 */
export function countFlag(index: SearchIndex, cards: DocSet, flag: FlagFacet, copies?: RoleCopies): ValueCounts {
  const values = index.columns.flag(flag)
  const counts = [0, 0]
  if (cards instanceof DocList) {
    for (const doc of cards.docs) if (values[doc] === 0 || values[doc] === 1) counts[values[doc]!]!++
  } else {
    const [no, yes] = flagSets(index, flag)
    counts[0] = countAnd(cards, no, 0, Math.min(cards.length, no.length))
    counts[1] = countAnd(cards, yes, 0, Math.min(cards.length, yes.length))
  }
  if (copies) {
    const { docs, starts, whole } = copies
    if (whole?.length) {
      const adds = flagVariance(index, flag)
      for (const cluster of whole) {
        const bits = adds[cluster]!
        counts[0]! += bits & 1
        counts[1]! += bits >>> 1
      }
    }
    for (let group = 0; group + 1 < starts.length; group++) {
      const card = values[docs[starts[group + 1]! - 1]!]!
      let seen = card === 0 ? 1 : card === 1 ? 2 : 0
      for (let i = starts[group]!; i < starts[group + 1]! - 1 && seen !== 3; i++) {
        const value = values[docs[i]!]!
        if ((value === 0 || value === 1) && !(seen & (1 << value))) {
          seen |= 1 << value
          counts[value]!++
        }
      }
    }
  }
  return { true: counts[1]!, false: counts[0]! }
}

function rangeOf(column: Float64Array, docs: Uint32Array): Range | undefined {
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < docs.length; i++) {
    const value = column[docs[i]!]!
    if (value < min) min = value
    if (value > max) max = value
  }
  return min === Infinity ? undefined : { min, max }
}

/**
 * The range from the column's sort order: the first and the last document of the order that the
 * set holds. In a set of many documents both are a few steps from the ends, instead of a pass over
 * every document of the set. `null` when either walk passes `budget` steps (a small set: the
 * caller passes over its documents instead).
 */
function rangeBySortOrder(index: SearchIndex, column: NumberColumn, has: (doc: number) => boolean, budget: number): Range | undefined | null {
  const { known } = index.sortPermutation(column)
  const values = index.columns.number(column)
  let low = 0
  while (low < known.length && !has(known[low]!)) if (++low > budget) return null
  if (low === known.length) return undefined
  let high = known.length - 1
  while (!has(known[high]!)) if (known.length - --high > budget) return null
  return { min: values[known[low]!]!, max: values[known[high]!]! }
}

const STATS_COLUMNS = ['salary_min', 'salary_max', 'experience_years_min'] as const satisfies readonly NumberColumn[]

/**
 * Ranges over a counting set: from the sort orders, or a pass over a small set's documents.
 * A column with no value in the set is left out (never `{ min: null, max: null }`).
 */
export function statsOf(index: SearchIndex, set: CountingSet): FacetStats {
  const stats: FacetStats = {}
  const { matched, docs } = set
  // A walk step costs a bit test, measured about as much as the pass's read of a value (the set's
  // length bounds the walks), or a bisection of a listed set (a sixteenth of its length).
  const has = matched ? (doc: number) => hasDoc(matched, doc) : (doc: number) => listHas(docs!, doc)
  const budget = docs ? (matched ? docs.length : docs.length / 16) : Infinity
  for (const column of STATS_COLUMNS) {
    const walked = rangeBySortOrder(index, column, has, budget)
    const range = walked === null ? rangeOf(index.columns.number(column), docs!) : walked
    if (range) stats[column] = range
  }
  return stats
}
