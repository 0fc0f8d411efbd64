import { h } from './dom.ts'
import { facetLabel, formatCount, valueLabel } from './format.ts'
import { isPagingParam, setParam, toggleValue, valuesOf, NUMERIC_FILTERS } from './query.ts'

interface Chip {
  label: string
  without: URLSearchParams
}

/** Parameters holding one value each, so their chip removes the whole parameter. */
const SINGLE_VALUED = new Set<string>(['q', ...NUMERIC_FILTERS, 'visa_sponsorship', 'requires_clearance'])

function chipsOf(params: URLSearchParams): Chip[] {
  const chips: Chip[] = []
  for (const name of new Set(params.keys())) {
    if (isPagingParam(name)) continue
    const value = params.get(name) ?? ''
    if (name === 'q') chips.push({ label: `“${value}”`, without: setParam(params, name, null) })
    else if (NUMERIC_FILTERS.includes(name)) {
      const unit = name.startsWith('experience') ? ' yrs' : name.endsWith('_within_days') ? ' days' : ''
      // A hand-typed value the API will refuse ("50k") is shown as typed, never as NaN.
      const shown = /^\d+$/.test(value.trim()) ? formatCount(Number(value)) : value
      chips.push({ label: `${facetLabel(name)} ${shown}${unit}`, without: setParam(params, name, null) })
    } else if (SINGLE_VALUED.has(name)) chips.push({ label: `${facetLabel(name)}: ${value === 'true' || value === '1' ? 'yes' : 'no'}`, without: setParam(params, name, null) })
    else if (name.endsWith('_mode') && (value === 'and' || value === 'or')) chips.push({ label: `${facetLabel(name.slice(0, -5))}: ${value === 'and' ? 'all of' : 'any of'}`, without: setParam(params, name, null) })
    else if (name.endsWith('_exclude')) {
      const facet = name.slice(0, -8)
      for (const item of valuesOf(params, name)) chips.push({ label: `${facetLabel(facet)}: not ${valueLabel(facet, item)}`, without: toggleValue(params, name, item) })
    } else for (const item of valuesOf(params, name)) chips.push({ label: `${facetLabel(name)}: ${valueLabel(name, item)}`, without: toggleValue(params, name, item) })
  }
  return chips
}

/** Active filters as removable chips, plus "Clear all". Removing one keeps keyboard focus in the row. */
export function filterChips(params: URLSearchParams, go: (next: URLSearchParams) => void): HTMLElement | null {
  const chips = chipsOf(params)
  if (!chips.length) return null
  return h(
    'div',
    { class: 'chips', role: 'group', 'aria-label': 'Active filters' },
    chips.map((chip, index) =>
      h(
        'button',
        { type: 'button', class: 'chip', id: `chip-${index}`, 'aria-label': `Remove filter ${chip.label}`, onclick: () => go(chip.without) },
        chip.label,
        h('span', { class: 'chip-x', 'aria-hidden': 'true' }, '×'),
      ),
    ),
    chips.length > 1 ? h('button', { type: 'button', class: 'link-button', id: 'chips-clear', onclick: () => go(new URLSearchParams()) }, 'Clear all') : null,
  )
}
