/**
 * The page's state is the query string, written in the API's own filter grammar (docs/search.md),
 * so a page URL can be bookmarked, shared, and replayed against /api/v1/jobs/search unchanged.
 */

import { VALUE_FILTERS } from '../catalogue/posting-attributes.ts'

/** Parameters that page rather than filter: dropped from the facets call and from filter chips. */
const PAGING = ['limit', 'offset', 'sort', 'order']

/** Numeric filter parameters, from the posting-attribute table. */
export const NUMERIC_FILTERS: readonly string[] = VALUE_FILTERS.filter((filter) => filter.test !== 'equals').map((filter) => filter.param)

/** Values of a facet, whether repeated (`p=a&p=b`) or comma-separated (`p=a,b`). */
export function valuesOf(params: URLSearchParams, name: string): string[] {
  return params.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter(Boolean)
}

/** A copy with paging reset: any change of filters starts again at the first page. */
export function withFilters(params: URLSearchParams, change: (next: URLSearchParams) => void): URLSearchParams {
  const next = new URLSearchParams(params)
  change(next)
  next.delete('offset')
  return next
}

function setValues(params: URLSearchParams, name: string, values: string[]): void {
  params.delete(name)
  for (const value of values) params.append(name, value)
}

export function toggleValue(params: URLSearchParams, name: string, value: string): URLSearchParams {
  return withFilters(params, (next) => {
    const current = valuesOf(next, name)
    setValues(next, name, current.includes(value) ? current.filter((item) => item !== value) : [...current, value])
  })
}

export function addValue(params: URLSearchParams, name: string, value: string): URLSearchParams {
  return valuesOf(params, name).includes(value) ? params : toggleValue(params, name, value)
}

export function setParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  return withFilters(params, (next) => {
    if (value === null || value === '') next.delete(name)
    else next.set(name, value)
  })
}

/** The query for /jobs/facets: the same filters, no paging, each facet counted without its own selection. */
export function facetsQuery(params: URLSearchParams): string {
  const facets = new URLSearchParams(params)
  // `facets=` cannot be combined with `disjunctive` (a 400), and the sidebar wants every facet anyway.
  for (const name of [...PAGING, 'facets']) facets.delete(name)
  facets.set('disjunctive', 'true')
  return facets.toString()
}

export function isPagingParam(name: string): boolean {
  return PAGING.includes(name)
}

/** `?a=b` or '' when empty, for building page and API URLs. */
export function queryString(params: URLSearchParams): string {
  const text = params.toString()
  return text ? `?${text}` : ''
}
