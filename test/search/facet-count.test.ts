import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { generateJobRecords } from '../../src/ingest/seed.ts'
import { countDocs, fromDocs, toDocs, type Bitmap } from '../../src/search/bitmap.ts'
import { countFacets, countFlag, countingSet } from '../../src/search/facet-count.ts'
import { rowArrays, rowTables, rowTableWords, type FacetRows } from '../../src/search/facet-rows.ts'
import { countWhole } from '../../src/search/facet-split.ts'
import { COUNTED_FACETS, FLAG_FACETS, REGIONS_NONE, type FacetName, type FlagFacet } from '../../src/search/facet-spec.ts'
import { filterBitmap } from '../../src/search/filter.ts'
import { loadAllOpen } from '../../src/search/index-load.ts'
import { SearchIndex } from '../../src/search/search-index.ts'
import { parseJobQuery } from '../../src/search/search-params.ts'
import { DocList } from '../../src/search/doc-set.ts'
import type { RoleCopies } from '../../src/search/role-cards.ts'

/** A seeded catalogue of a few hundred postings, loaded into a search index. */
function seededIndex(): SearchIndex {
  const db = openDatabase(':memory:')
  db.transaction(() => {
    for (const job of generateJobRecords(400, 7, new Date(Date.UTC(2026, 10, 1)))) upsertJob(db, job)
  })()
  return new SearchIndex(loadAllOpen(db))
}

/** The reference: every matched document visited, every value read from its column. */
function bruteForce(index: SearchIndex, matched: Bitmap, facet: FacetName): Record<string, number> {
  const { columns } = index
  const names = columns.dictionary(facet).names
  const counts = new Map<string, number>()
  const add = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1)
  for (const doc of toDocs(matched)) {
    if (columns.multis.has(facet)) {
      const values = columns.multi(facet).valuesOf(doc)
      if (facet === 'regions' && values.length === 0) add(REGIONS_NONE)
      for (const code of values) add(names[code]!)
    } else {
      const code = columns.single(facet)[doc]!
      if (code > 0) add(names[code - 1]!)
    }
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
}

const index = seededIndex()
const matchedBy = (query: string) => filterBitmap(index, parseJobQuery(new URLSearchParams(query), { maxQueryLength: 200 }).filters, Date.UTC(2026, 10, 1) / 1000)

// Small sets (scattered: counted from the packed rows), middling and large ones (the large ones through their complement).
const QUERIES = ['seniority=senior&category=backend', 'work_mode=remote&seniority=senior', 'category=backend', 'seniority=senior', 'work_mode_exclude=onsite', '', 'regions=none', 'salary_min=100000']

test('facet counts equal a count of every matched posting, whichever way each facet is counted', () => {
  for (const query of QUERIES) {
    const matched = matchedBy(query)
    const set = countingSet(index, matched, countDocs(matched))
    const counted = countFacets(index, set, COUNTED_FACETS)
    assert.deepEqual(Object.keys(counted), [...COUNTED_FACETS], query)
    for (const facet of COUNTED_FACETS) assert.deepEqual(counted[facet], bruteForce(index, matched, facet), `${facet} for "${query}"`)
  }
})

test('a set of cards is counted through its difference from every card of the catalogue when that is smaller', () => {
  assert.ok(index.roleClusters.count > 0, 'the seeded catalogue has roles with several postings')
  const allCards = index.roleClusters.cardsOf(index.live)
  for (const query of QUERIES) {
    const cards = index.roleClusters.cardsOf(matchedBy(query))
    const size = countDocs(cards)
    const set = countingSet(index, cards, size, true)
    const counted = countFacets(index, set, COUNTED_FACETS)
    for (const facet of COUNTED_FACETS) assert.deepEqual(counted[facet], bruteForce(index, cards, facet), `${facet} for "${query}"`)
    // A role's card is its last matching posting: a query's cards need not be cards of the whole catalogue.
    if (size > countDocs(allCards) / 2) assert.ok(set.base, `"${query}" (${size} cards) is counted through a base`)
  }
  const [first] = toDocs(allCards)
  const withoutOne = allCards.slice()
  withoutOne[first! >>> 5]! &= ~(1 << (first! & 31))
  const set = countingSet(index, withoutOne, countDocs(withoutOne), true)
  assert.deepEqual(set.base?.minus, Uint32Array.of(first!), 'all cards but one: one document taken off')
  for (const facet of COUNTED_FACETS) assert.deepEqual(countFacets(index, set, [facet])[facet], bruteForce(index, withoutOne, facet), facet)
  // Without a role's newest posting its card is an older one, which no catalogue card is: added to the base's counts.
  const newest = toDocs(allCards).find((doc) => (index.roleClusters.shared[doc >>> 5]! & (1 << (doc & 31))) !== 0)!
  const matched = index.live.slice()
  matched[newest >>> 5]! &= ~(1 << (newest & 31))
  const cards = index.roleClusters.cardsOf(matched)
  const older = countingSet(index, cards, countDocs(cards), true)
  assert.equal(older.base?.plus.length, 1, 'the older posting is the one card added')
  const counted = countFacets(index, older, COUNTED_FACETS)
  for (const facet of COUNTED_FACETS) assert.deepEqual(counted[facet], bruteForce(index, cards, facet), `${facet} without a role's newest posting`)
})

/** The packed facets' counts over the documents, as a count job with the rows alone gives them (facet-split.ts). */
const countRows = (rows: FacetRows, docs: Uint32Array, fields: readonly string[], sizes: readonly number[]) =>
  rowTables(rows, countWhole({ docCount: index.columns.docCount, docs, rows: rowArrays(rows, fields), passes: [], values: [], tableWords: rowTableWords(rows) }), fields, sizes)

test('the packed rows count several facets in one pass, as their own columns do', () => {
  const rows = index.facetRows()
  const packed = [...rows.singles.keys(), ...rows.lists.keys()]
  assert.ok(rows.singles.size >= 10 && rows.lists.size >= 4, `most facets fit in a byte (packed: ${packed.join(', ')})`)
  // Every tenth live posting: a set sparse enough that its rows are touched ahead of counting (facet-rows.ts).
  const sparse = toDocs(index.live).filter((_, i) => i % 10 === 0)
  for (const [query, docs] of [...QUERIES.map((query) => [query, toDocs(matchedBy(query))] as const), ['every tenth posting', sparse] as const]) {
    // Every packed facet, then a few of them (the others' bytes are skipped over).
    for (const fields of [packed, packed.filter((_, i) => i % 3 === 0)]) {
      const counts = countRows(rows, docs, fields, fields.map((facet) => index.columns.dictionary(facet).names.length))
      for (const facet of fields) {
        const expected = new Uint32Array(index.columns.dictionary(facet).names.length + 1)
        for (const doc of docs) {
          if (!index.columns.multis.has(facet)) expected[index.columns.single(facet)[doc]!]!++
          else {
            const values = index.columns.multi(facet).valuesOf(doc)
            if (values.length === 0) expected[0]!++
            for (const code of values) expected[code + 1]!++
          }
        }
        assert.deepEqual([...counts.get(facet)!], [...expected], `${facet} for "${query}"`)
      }
    }
  }
})

/**
 * The reference for cards: each card counted once under every value any matched posting of its
 * role carries (a role's postings grouped by their cluster number; an unclustered posting alone).
 */
function bruteForceCards(index: SearchIndex, matched: Bitmap, facet: FacetName | FlagFacet): Record<string, number> {
  const { columns, roleClusters } = index
  const flag = (FLAG_FACETS as readonly string[]).includes(facet)
  const names = flag ? ['false', 'true'] : columns.dictionary(facet).names
  const byRole = new Map<string, Set<string>>()
  for (const doc of toDocs(matched)) {
    const shared = (roleClusters.shared[doc >>> 5]! & (1 << (doc & 31))) !== 0
    const key = shared ? `role ${roleClusters.clusterOf(doc)}` : `doc ${doc}`
    const values = byRole.get(key) ?? new Set<string>()
    byRole.set(key, values)
    if (flag) {
      const value = columns.flag(facet as FlagFacet)[doc]!
      if (value === 0 || value === 1) values.add(names[value]!)
    } else if (columns.multis.has(facet)) {
      const codes = columns.multi(facet).valuesOf(doc)
      if (facet === 'regions' && codes.length === 0) values.add(REGIONS_NONE)
      for (const code of codes) values.add(names[code]!)
    } else {
      const code = columns.single(facet)[doc]!
      if (code > 0) values.add(names[code - 1]!)
    }
  }
  const counts = new Map<string, number>()
  for (const values of byRole.values()) for (const name of values) counts.set(name, (counts.get(name) ?? 0) + 1)
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)))
}

/**
 * The reference for RoleClusters.copiesOf: the matched postings of each role with two or more,
 * by cluster number, ascending; with `apart`, a role all of whose live postings matched in `whole`.
 */
function referenceCopies(matched: Uint32Array, apart: boolean): RoleCopies {
  const { roleClusters } = index
  const byRole = new Map<number, number[]>()
  for (const doc of matched) if ((roleClusters.shared[doc >>> 5]! & (1 << (doc & 31))) !== 0) byRole.set(roleClusters.clusterOf(doc), [...(byRole.get(roleClusters.clusterOf(doc)) ?? []), doc])
  const whole: number[] = []
  const docs: number[] = []
  const starts = [0]
  for (const [cluster, postings] of [...byRole].sort((a, b) => a[0] - b[0])) {
    if (postings.length < 2) continue
    if (apart && postings.length === roleClusters.othersOf(postings[0]!) + 1) whole.push(cluster)
    else starts.push(docs.push(...postings))
  }
  const copies = { docs: Uint32Array.from(docs), starts: Uint32Array.from(starts) }
  return apart ? { ...copies, whole: Uint32Array.from(whole) } : copies
}

test('a role\'s matched postings are grouped by role, the roles all of whose postings match listed apart, for sets of any size', () => {
  const { roleClusters } = index
  const byRole = new Map<number, number[]>()
  for (const doc of toDocs(roleClusters.shared)) byRole.set(roleClusters.clusterOf(doc), [...(byRole.get(roleClusters.clusterOf(doc)) ?? []), doc])
  const [one, two, three] = [...byRole.values()].filter((docs) => docs.length >= 3)
  const unclustered = toDocs(index.live).find((doc) => roleClusters.othersOf(doc) === 0)!
  // A few postings (sorted by role), many (counted per role), most (found from the ones the set lacks).
  const sets = [
    [...one!], one!.slice(0, 2), [...one!, ...two!.slice(1), three![0]!, unclustered],
    ...QUERIES.map((query) => [...toDocs(matchedBy(query))]),
    [...toDocs(index.live)].filter((doc) => doc !== one![0] && doc !== two![1]),
  ].map((docs) => Uint32Array.from(docs).sort())
  for (const docs of sets) {
    for (const apart of [false, true]) {
      const expected = referenceCopies(docs, apart)
      assert.deepEqual(roleClusters.copiesOf(new DocList(docs), apart), expected, `${docs.length} listed postings, apart: ${apart}`)
      assert.deepEqual(roleClusters.copiesOf(fromDocs(docs, index.words), apart), expected, `${docs.length} postings as a bitmap, apart: ${apart}`)
    }
  }
})

test('a card counts under its role\'s matching postings\' values, whether the query matches all of a role\'s postings or only some', () => {
  const { roleClusters } = index
  // A role listed in three cities: a filter on two of them, or leaving one out, matches two of its postings.
  const cities = index.columns.multi('cities')
  const byRole = new Map<number, number[]>()
  for (const doc of toDocs(roleClusters.shared)) byRole.set(roleClusters.clusterOf(doc), [...(byRole.get(roleClusters.clusterOf(doc)) ?? []), doc])
  const places = [...byRole.values()].filter((docs) => docs.length === 3).map((docs) => [...new Set(docs.flatMap((doc) => [...cities.valuesOf(doc)]))]).find((codes) => codes.length === 3)
  assert.ok(places, 'a role of three postings in three cities')
  const two = places.slice(0, 2).map((code) => encodeURIComponent(index.columns.dictionary('cities').names[code]!)).join(',')
  const queries = [...QUERIES, `cities=${two}`, `cities=${two}&work_mode_exclude=remote`, `cities_exclude=${two.split(',')[0]}`]
  let whole = 0
  let part = 0
  for (const query of queries) {
    const matched = matchedBy(query)
    // Roles all of whose postings match are listed apart, the others as groups of their matching postings.
    const copies = roleClusters.copiesOf(matched, true)
    whole += copies.whole!.length
    part += copies.starts.length - 1
    const cards = roleClusters.cardsOf(matched)
    const counted = countFacets(index, countingSet(index, cards, countDocs(cards), true), COUNTED_FACETS, undefined, copies)
    for (const facet of COUNTED_FACETS) assert.deepEqual(counted[facet], bruteForceCards(index, matched, facet), `${facet} for "${query}"`)
    for (const flag of FLAG_FACETS) assert.deepEqual(countFlag(index, cards, flag, copies), { true: 0, false: 0, ...bruteForceCards(index, matched, flag) }, `${flag} for "${query}"`)
  }
  assert.ok(whole > 0 && part > 0, `groups holding all of their role's postings (${whole}) and some of them (${part})`)
})
