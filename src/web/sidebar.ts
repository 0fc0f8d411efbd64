import type { Facets } from './api.ts'
import { h } from './dom.ts'
import { facetGroup } from './facet-group.ts'
import { rangeFilters } from './range-filters.ts'
import { whereFilter } from './where-filter.ts'

/** String facets shown as checkbox lists, in this order, after the Where block. */
const LISTED_FACETS = ['work_mode', 'seniority', 'category', 'skills', 'employment_type', 'reality', 'company_type', 'company_size', 'domains', 'collections']

export interface SidebarOptions {
  params: URLSearchParams
  facets: Facets
  onToggle(facet: string, value: string): void
  onAdd(facet: string, value: string): void
  onSet(name: string, value: string | null): void
  onExpand(): void
}

const POSTED_WITHIN: [string, string][] = [['', 'Any time'], ['1', 'Last 24 hours'], ['7', 'Last 7 days'], ['30', 'Last 30 days']]

function postedWithin(params: URLSearchParams, onSet: SidebarOptions['onSet']): HTMLElement {
  const current = params.get('posted_within_days') ?? ''
  const options = POSTED_WITHIN.some(([value]) => value === current) ? POSTED_WITHIN : [...POSTED_WITHIN, [current, `Last ${current} days`] as [string, string]]
  return h(
    'fieldset',
    { class: 'facet range', 'data-facet': 'posted' },
    h('legend', {}, 'Posted'),
    h(
      'select',
      { id: 'posted-within', 'aria-label': 'Posted within', onchange: (event: Event) => onSet('posted_within_days', (event.target as HTMLSelectElement).value || null) },
      options.map(([value, label]) => h('option', { value, selected: value === current }, label)),
    ),
  )
}

/** The facet sidebar: Where, the listed facets with disjunctive counts, then salary and experience ranges. */
export function sidebar(options: SidebarOptions): HTMLElement[] {
  const { params, facets } = options
  const groups = LISTED_FACETS.map((facet) =>
    facetGroup({ facet, params, counts: facets.facets[facet], onToggle: options.onToggle, onExpand: options.onExpand }),
  )
  const [salary, experience] = rangeFilters({ params, facets: facets.facets, stats: facets.stats ?? {}, onSet: options.onSet })
  return [
    h('h2', { class: 'sr-only' }, 'Filters'),
    whereFilter({ params, facets: facets.facets, onToggle: options.onToggle, onAdd: options.onAdd, onExpand: options.onExpand }),
    groups[0],
    postedWithin(params, options.onSet),
    salary,
    ...groups.slice(1, 3),
    experience,
    ...groups.slice(3),
  ].filter((group): group is HTMLElement => group !== null)
}
