/**
 * Facet distributions and numeric ranges over a set of documents: one pass over the documents per
 * facet, reading the in-memory code columns (never SQL GROUP BY).
 */
import { REGIONS_NONE, type FacetName } from './facet-spec.ts'
import type { SearchIndex } from './search-index.ts'

export type ValueCounts = Record<string, number>

export interface Range {
  min: number | null
  max: number | null
}

export interface FacetStats {
  salary_min: Range
  salary_max: Range
  experience_years_min: Range
}

/** Values with at least one posting, most frequent first, ties by value. */
export function countFacet(index: SearchIndex, docs: Uint32Array, facet: FacetName): ValueCounts {
  const { columns } = index
  const names = columns.dictionary(facet).names
  const counts = new Uint32Array(names.length + 1)
  let none = 0
  if (columns.multis.has(facet)) {
    const { offsets, values } = columns.multi(facet)
    for (let i = 0; i < docs.length; i++) {
      const doc = docs[i]!
      const start = offsets[doc]!
      const end = offsets[doc + 1]!
      if (start === end) none++
      for (let k = start; k < end; k++) counts[values[k]! + 1]!++
    }
  } else {
    const codes = columns.single(facet)
    for (let i = 0; i < docs.length; i++) counts[codes[docs[i]!]!]!++
  }
  const entries: [string, number][] = []
  for (let code = 0; code < names.length; code++) if (counts[code + 1]! > 0) entries.push([names[code]!, counts[code + 1]!])
  if (facet === 'regions' && none > 0) entries.push([REGIONS_NONE, none])
  entries.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  return Object.fromEntries(entries)
}

function rangeOf(column: Float64Array, docs: Uint32Array): Range {
  let min = Infinity
  let max = -Infinity
  for (let i = 0; i < docs.length; i++) {
    const value = column[docs[i]!]!
    if (value < min) min = value
    if (value > max) max = value
  }
  return min === Infinity ? { min: null, max: null } : { min, max }
}

export function statsOf(index: SearchIndex, docs: Uint32Array): FacetStats {
  const { columns } = index
  return {
    salary_min: rangeOf(columns.number('salaryMin'), docs),
    salary_max: rangeOf(columns.number('salaryMax'), docs),
    experience_years_min: rangeOf(columns.number('experienceYearsMin'), docs),
  }
}
