import { getJson, type Envelope, type Facets, type IgnoredParam, type Job, type Suggestion } from './api.ts'
import { createCombobox } from './combobox.ts'
import { announce, h, replaceChildren } from './dom.ts'
import { saveSearchControl } from './account-page.ts'
import { assistantPanel } from './assistant-panel.ts'
import { filterChips } from './filter-chips.ts'
import { formatCount } from './format.ts'
import { jobCard, skeletonCard } from './job-card.ts'
import { pager } from './pager.ts'
import { addValue, facetsQuery, queryString, setParam, toggleValue, isPagingParam } from './query.ts'
import { navigate, restoreScroll } from './router.ts'
import { sidebar } from './sidebar.ts'
import { interpretBox } from './interpret-box.ts'
import { applySuggestion, suggestionParts } from './suggestion.ts'
import { workModeBar } from './work-mode-bar.ts'

const PAGE_SIZE = 10

// Without `sort`, the API orders a text search by relevance and anything else by posted_at, newest first.
const SORTS: [string, string][] = [
  ['', 'Best match'],
  ['sort=posted_at', 'Newest posted'],
  ['sort=created_at', 'Newest here'],
  // Comparable across currencies and periods: the stated salary as a year in one reference currency.
  ['sort=salary_normalized', 'Highest salary'],
]

export interface SearchPage {
  element: HTMLElement
  show(params: URLSearchParams): void
}

/** The search page: box with typeahead, facet sidebar, chips, results and paging, all driven by the URL. */
export function createSearchPage(): SearchPage {
  let params = new URLSearchParams()
  let sequence = 0
  let lastFacets: Envelope<Facets> | undefined
  const go = (next: URLSearchParams) => navigate(`/${queryString(next)}`, { keepScroll: true })

  const box = createCombobox<Suggestion>({
    id: 'search-input',
    label: 'Search jobs',
    placeholder: 'Role, skill or company…',
    load: async (text) => (await getJson<Suggestion[]>(`/suggest?q=${encodeURIComponent(text)}&limit=6`)).data,
    renderOption: (row) => [h('span', { class: 'option-text' }, suggestionParts(row)), h('span', { class: 'option-note' }, `${formatCount(row.jobs)} jobs`)],
    onPick: (row) => go(applySuggestion(params, row)),
  })
  const form = h(
    'form',
    {
      class: 'search-form',
      role: 'search',
      onsubmit: (event: Event) => {
        event.preventDefault()
        box.close()
        go(setParam(params, 'q', box.input.value.trim() || null))
      },
    },
    box.element,
    h('button', { type: 'submit', class: 'search-button' }, 'Search'),
  )
  const filters = h('aside', { class: 'filters', id: 'filters', 'aria-label': 'Filters' })
  const modes = workModeBar((facet, value) => go(toggleValue(params, facet, value)))
  const toggleFilters = h('button', { type: 'button', class: 'filters-toggle', 'aria-controls': 'filters', 'aria-expanded': 'false' }, 'Filters')
  toggleFilters.addEventListener('click', () => {
    const open = filters.classList.toggle('open')
    toggleFilters.setAttribute('aria-expanded', String(open))
  })
  const heading = h('h1', { id: 'results-heading', class: 'results-heading' }, 'Searching…')
  const sort = h('select', { id: 'sort', onchange: () => go(setSort(params, sort.value)) })
  const notice = h('div', { class: 'notice', role: 'status' })
  const save = saveSearchControl(() => params)
  const chips = h('div', { class: 'chips-row' })
  const list = h('ol', { class: 'job-list', 'aria-labelledby': 'results-heading' }, Array.from({ length: PAGE_SIZE }, skeletonCard))
  const paging = h('nav', { class: 'pager', 'aria-label': 'Result pages' })

  const element = h(
    'div',
    { class: 'search-page' },
    h('div', { class: 'search-bar' }, form, h('div', { class: 'search-tools' }, modes.element, toggleFilters)),
    interpretBox(),
    assistantPanel(),
    h(
      'div',
      { class: 'layout' },
      filters,
      h(
        'section',
        { class: 'results', 'aria-labelledby': 'results-heading' },
        h('div', { class: 'results-head' }, heading, h('div', { class: 'results-tools' }, h('label', { for: 'sort', class: 'sr-only' }, 'Sort by'), sort)),
        save,
        notice,
        chips,
        list,
        paging,
      ),
    ),
  )

  const renderFilters = () => {
    if (!lastFacets) return
    const onToggle = (facet: string, value: string) => go(toggleValue(params, facet, value))
    replaceChildren(filters, sidebar({ params, facets: lastFacets.data, onToggle, onAdd: (facet, value) => go(addValue(params, facet, value)), onSet: (name, value) => go(setParam(params, name, value)), onExpand: renderFilters }))
  }

  const renderNotice = (ignored: IgnoredParam[]) => {
    const unique = [...new Map(ignored.map((item) => [item.param, item])).values()]
    replaceChildren(
      notice,
      unique.length
        ? h(
            'p',
            { class: 'ignored' },
            `Ignored ${unique.length === 1 ? 'parameter' : 'parameters'} (no filter reads ${unique.length === 1 ? 'it' : 'them'}): `,
            unique.map((item, index) => [
              index ? ', ' : '',
              h('code', {}, item.param),
              item.did_you_mean ? [' (did you mean ', h('a', { href: `/${queryString(renameParam(params, item.param, item.did_you_mean))}` }, item.did_you_mean), '?)'] : '',
            ]),
          )
        : null,
    )
  }

  const show = (next: URLSearchParams) => {
    params = next
    const token = ++sequence
    const q = params.get('q') ?? ''
    box.input.value = q
    // Without text the default order already is "newest posted", so offer it once.
    replaceChildren(sort, SORTS.filter(([value]) => q || value !== 'sort=posted_at').map(([value, label]) => h('option', { value }, value || q ? label : 'Newest posted')))
    sort.value = SORTS.find(([value]) => value && value === sortOf(params))?.[0] ?? ''
    replaceChildren(chips, filterChips(params, go))
    modes.render(params, lastFacets?.data.facets.work_mode)
    const active = chips.querySelectorAll('.chip').length
    toggleFilters.textContent = active ? `Filters (${active})` : 'Filters'
    list.setAttribute('aria-busy', 'true')
    const results = getJson<Job[]>(`/jobs/search${queryString(params)}`)
    const facets = getJson<Facets>(`/jobs/facets?${facetsQuery(params)}`)
    results
      .then((response) => {
        if (token !== sequence) return
        const total = response.meta?.total ?? response.data.length
        heading.textContent = `${formatCount(total)} ${total === 1 ? 'job' : 'jobs'}${q ? ` for “${q}”` : ''}`
        document.title = `${q ? `${q} · ` : ''}${formatCount(total)} jobs · openroles`
        replaceChildren(list, response.data.length ? response.data.map(jobCard) : emptyResults(params, go))
        replaceChildren(paging, pager(params, response.meta ?? {}, PAGE_SIZE))
        list.removeAttribute('aria-busy')
        announce(heading.textContent)
        restoreScroll()
      })
      .catch((error: Error) => {
        if (token !== sequence) return
        list.removeAttribute('aria-busy')
        heading.textContent = 'Search failed'
        replaceChildren(list, h('li', { class: 'empty error', role: 'alert' }, error.message, ' ', h('button', { type: 'button', class: 'link-button retry', onclick: () => show(params) }, 'Try again')))
        replaceChildren(paging)
      })
    facets
      .then((response) => {
        if (token !== sequence) return
        lastFacets = response
        renderFilters()
        modes.render(params, response.data.facets.work_mode)
      })
      .catch((error: Error) => {
        if (token === sequence) replaceChildren(filters, h('p', { class: 'error', role: 'alert' }, `Filters unavailable: ${error.message} `, h('button', { type: 'button', class: 'link-button retry', onclick: () => show(params) }, 'Try again')))
      })
    // Both calls report ignored parameters; name each once, whichever answered.
    void Promise.allSettled([results, facets]).then((answers) => {
      if (token !== sequence) return
      renderNotice(answers.flatMap((answer) => (answer.status === 'fulfilled' ? (answer.value.meta?.ignored_params ?? []) : [])))
    })
  }

  return { element, show }
}

function sortOf(params: URLSearchParams): string {
  return params.get('sort') ? `sort=${params.get('sort')}` : ''
}

function setSort(params: URLSearchParams, value: string): URLSearchParams {
  const next = setParam(setParam(params, 'sort', null), 'order', null)
  for (const [name, item] of new URLSearchParams(value)) next.set(name, item)
  return next
}

function renameParam(params: URLSearchParams, from: string, to: string): URLSearchParams {
  const next = new URLSearchParams()
  for (const [name, value] of params) next.append(name === from ? to : name, value)
  return next
}

/**
 * No results: say what to try instead of a dead end. With text, searching without the filters;
 * with filters, removing them one at a time (the page's own chips) or all at once.
 */
function emptyResults(params: URLSearchParams, go: (next: URLSearchParams) => void): HTMLElement {
  const q = params.get('q')
  const onlyText = new URLSearchParams(q ? { q } : {})
  const hasFilters = [...params.keys()].some((name) => name !== 'q' && !isPagingParam(name))
  return h(
    'li',
    { class: 'empty' },
    h('p', {}, 'No open jobs match.'),
    hasFilters && q ? h('p', {}, h('button', { type: 'button', class: 'link-button', onclick: () => go(onlyText) }, `Search “${q}” without filters`)) : null,
    hasFilters && !q ? h('p', {}, 'Remove a filter above, or ', h('button', { type: 'button', class: 'link-button', onclick: () => go(new URLSearchParams()) }, 'clear them all'), '.') : null,
    !hasFilters && q ? h('p', {}, 'Check the spelling, or try a shorter or more general word (the last word matches as a prefix: “kube” finds Kubernetes).') : null,
  )
}
