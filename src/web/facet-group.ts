import { h } from './dom.ts'
import { facetLabel, formatCount, valueLabel } from './format.ts'
import { valuesOf } from './query.ts'

const SHOWN_VALUES = 6

/** Facets with a natural order keep it, so values do not jump around as counts change; the rest sort by count. */
const VALUE_ORDER: Record<string, string[]> = {
  work_mode: ['remote', 'hybrid', 'onsite'],
  seniority: ['intern', 'junior', 'middle', 'senior', 'lead', 'staff', 'principal', 'c_level'],
  reality: ['fresh', 'stale', 'likely-evergreen'],
  company_size: ['1-10', '11-50', '51-200', '201-500', '501-1000', '1000+'],
  employment_type: ['full_time', 'part_time', 'contract', 'internship', 'fellowship'],
}

function rank(facet: string, value: string): number {
  const index = VALUE_ORDER[facet]?.indexOf(value) ?? -1
  return index < 0 ? Number.MAX_SAFE_INTEGER : index
}

/** Facets whose full value list the visitor opened ("Show all"); kept across re-renders. */
const expanded = new Set<string>()

export interface FacetGroupOptions {
  facet: string
  params: URLSearchParams
  counts: Record<string, number> | undefined
  onToggle(facet: string, value: string): void
  /** Re-renders after "Show all" / "Show fewer". */
  onExpand(): void
  title?: string
}

/**
 * Checkbox list of one facet's values with their counts. Counts come from a disjunctive facets call,
 * so the other values of a selected facet keep their counts (picking "remote" still shows "hybrid").
 * Selected values stay listed even when nothing matches them, so they can be unticked.
 */
export function facetGroup(options: FacetGroupOptions): HTMLElement | null {
  const { facet, params, counts = {} } = options
  const selected = valuesOf(params, facet)
  const values = Object.entries(counts)
    .filter(([value, count]) => count > 0 || selected.includes(value))
    .sort((a, b) => rank(facet, a[0]) - rank(facet, b[0]) || b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value]) => value)
  for (const value of selected) if (!values.includes(value)) values.push(value)
  if (values.length === 0) return null
  const open = expanded.has(facet)
  const shown = open ? values : values.filter((value, index) => index < SHOWN_VALUES || selected.includes(value))
  const title = options.title ?? facetLabel(facet)
  return h(
    'fieldset',
    { class: 'facet', 'data-facet': facet },
    h('legend', {}, title),
    h(
      'ul',
      { class: 'facet-values' },
      shown.map((value) => {
        const id = `facet-${facet}-${value}`.replace(/[^\w-]/g, '_')
        return h(
          'li',
          {},
          h('input', { type: 'checkbox', id, checked: selected.includes(value), 'data-value': value, onchange: () => options.onToggle(facet, value) }),
          h('label', { for: id }, h('span', { class: 'facet-value' }, valueLabel(facet, value)), h('span', { class: 'count' }, formatCount(counts[value] ?? 0))),
        )
      }),
    ),
    values.length > shown.length || open
      ? h(
          'button',
          {
            type: 'button',
            class: 'link-button',
            id: `facet-${facet}-more`,
            'aria-expanded': String(open),
            onclick: () => {
              if (open) expanded.delete(facet)
              else expanded.add(facet)
              options.onExpand()
            },
          },
          open ? 'Show fewer' : `Show all ${values.length}`,
        )
      : null,
  )
}
