/**
 * A parsed filter -> the bitmap of live documents it selects. String facets are posting-list unions
 * (OR), intersections (`_mode=and`) and differences (`_exclude`); the geography facets form one
 * OR-group; numeric and boolean filters are one pass over the remaining documents.
 */
import { andInPlace, andNotDocs, andNotInPlace, fromDocs, orDocs, orInPlace, withScratch, type Bitmap } from './bitmap.ts'
import { FACET_NAMES, GEO_FACETS, type FacetClause, type FacetName, type SearchFilters } from './facet-spec.ts'
import type { SearchIndex } from './search-index.ts'
import { attributeOfFilter, VALUE_FILTERS, type FlagAttribute, type NumberAttribute } from '../catalogue/posting-attributes.ts'

const DAY_SECONDS = 86400

/** What a disjunctive count leaves out: one facet's included values, or the whole geography OR-group. */
export type OmittedClause = FacetName | 'geography' | undefined

export function omittedClauseOf(facet: FacetName): OmittedClause {
  return GEO_FACETS.includes(facet) ? 'geography' : facet
}

export function filterBitmap(index: SearchIndex, filters: SearchFilters, nowSeconds: number, omit?: OmittedClause): Bitmap {
  const result = index.live.slice()
  for (const facet of FACET_NAMES) {
    const clause = filters.facets[facet]
    if (!clause) continue
    if (!GEO_FACETS.includes(facet) && omit !== facet) applyIncluded(index, result, facet, clause)
    for (const value of clause.exclude) removeValue(index, result, facet, value)
  }
  if (omit !== 'geography') applyGeography(index, result, filters)
  applyNumbers(index, result, filters, nowSeconds)
  return result
}

/** Whether the filter passes every live document (it selects nothing and excludes nothing). */
export function passesEveryLive(filters: SearchFilters, omit?: OmittedClause): boolean {
  for (const facet of FACET_NAMES) {
    const clause = filters.facets[facet]
    if (!clause) continue
    if (clause.exclude.length) return false
    const omitted = GEO_FACETS.includes(facet) ? omit === 'geography' : omit === facet
    if (clause.values.length && !omitted) return false
  }
  const given = filters as unknown as Record<string, unknown>
  return VALUE_FILTERS.every((filter) => given[filter.field] === undefined)
}

function applyIncluded(index: SearchIndex, result: Bitmap, facet: FacetName, clause: FacetClause): void {
  if (clause.values.length === 0) return
  if (clause.mode === 'and') {
    for (const value of clause.values) andInPlace(result, index.denseBitmap(facet, value) ?? fromDocs(index.postingsOf(facet, value) ?? [], index.words))
    return
  }
  withScratch((scratch) => {
    const union = scratch.bitmap(index.words)
    for (const value of clause.values) addValue(index, union, facet, value)
    andInPlace(result, union)
  })
}

/** regions, countries and cities widen each other: one union over all their included values. */
function applyGeography(index: SearchIndex, result: Bitmap, filters: SearchFilters): void {
  const selected = GEO_FACETS.filter((facet) => (filters.facets[facet]?.values.length ?? 0) > 0)
  if (selected.length === 0) return
  withScratch((scratch) => {
    const union = scratch.bitmap(index.words)
    for (const facet of selected) for (const value of filters.facets[facet]!.values) addValue(index, union, facet, value)
    andInPlace(result, union)
  })
}

function addValue(index: SearchIndex, target: Bitmap, facet: FacetName, value: string): void {
  const dense = index.denseBitmap(facet, value)
  if (dense) orInPlace(target, dense)
  else orDocs(target, index.postingsOf(facet, value) ?? [])
}

function removeValue(index: SearchIndex, target: Bitmap, facet: FacetName, value: string): void {
  const dense = index.denseBitmap(facet, value)
  if (dense) andNotInPlace(target, dense)
  else andNotDocs(target, index.postingsOf(facet, value) ?? [])
}

/**
 * Numeric and boolean filters, as the attribute table defines them: each clears the documents of
 * `result` that fail it. A numeric bound is a range of the column's sort order, kept as a bitmap
 * (search-index.ts); a flag is one loop over a typed column (a closure per document and filter
 * cost several times more: the call sites are megamorphic).
 */
function applyNumbers(index: SearchIndex, result: Bitmap, filters: SearchFilters, nowSeconds: number): void {
  const { columns } = index
  const given = filters as unknown as Record<string, number | boolean | undefined>
  for (const filter of VALUE_FILTERS) {
    const wanted = given[filter.field]
    if (wanted === undefined) continue
    const attribute = attributeOfFilter(filter.param).name
    // Unknown numbers are NaN and unknown flags -1: they fail every comparison.
    if (filter.test === 'equals') keepFlag(result, columns.flag(attribute as FlagAttribute), wanted ? 1 : 0)
    else {
      const bound = filter.test === 'withinDays' ? nowSeconds - Number(wanted) * DAY_SECONDS : Number(wanted)
      andInPlace(result, filter.test === 'atMost' ? index.valueRange(attribute as NumberAttribute, -Infinity, bound) : index.valueRange(attribute as NumberAttribute, bound, Infinity))
    }
  }
}

function keepFlag(result: Bitmap, flags: Int8Array, value: number): void {
  for (let i = 0; i < result.length; i++) {
    let word = result[i]!
    let keep = word
    while (word !== 0) {
      const low = word & -word
      if (flags[(i << 5) + 31 - Math.clz32(low)] !== value) keep &= ~low
      word ^= low
    }
    result[i] = keep
  }
}
