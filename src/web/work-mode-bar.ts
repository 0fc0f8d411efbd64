import { h, replaceChildren } from './dom.ts'
import { formatCount, valueLabel } from './format.ts'
import { valuesOf } from './query.ts'

/**
 * Remote / Hybrid / On-site as toggle buttons right under the search box: the filter people reach
 * for first stays above the fold on a phone (where the sidebar hides behind "Filters") and on a
 * laptop (where it sits below the place lists). Same parameter and counts as the sidebar group.
 */
const MODES = ['remote', 'hybrid', 'onsite']

export interface WorkModeBar {
  element: HTMLElement
  render(params: URLSearchParams, counts: Record<string, number> | undefined): void
}

export function workModeBar(onToggle: (facet: string, value: string) => void): WorkModeBar {
  const element = h('div', { class: 'work-modes', role: 'group', 'aria-label': 'Work mode' })
  const render = (params: URLSearchParams, counts: Record<string, number> | undefined) => {
    const selected = valuesOf(params, 'work_mode')
    replaceChildren(
      element,
      MODES.map((mode) =>
        h(
          'button',
          { type: 'button', class: 'work-mode', 'data-mode': mode, 'aria-pressed': String(selected.includes(mode)), onclick: () => onToggle('work_mode', mode) },
          valueLabel('work_mode', mode),
          // Counts arrive with the facets call; the slot keeps its width meanwhile.
          h('span', { class: 'count' }, counts ? formatCount(counts[mode] ?? 0) : ''),
        ),
      ),
    )
  }
  render(new URLSearchParams(), undefined)
  return { element, render }
}
