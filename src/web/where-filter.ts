import { getJson, type CityMatch } from './api.ts'
import { createCombobox } from './combobox.ts'
import { h } from './dom.ts'
import { countryName } from './format.ts'
import { facetGroup } from './facet-group.ts'

const CITY_OPTIONS = 8

export interface WhereFilterOptions {
  params: URLSearchParams
  facets: Record<string, Record<string, number>>
  onToggle(facet: string, value: string): void
  onAdd(facet: string, value: string): void
  onExpand(): void
}

/**
 * Regions, countries and cities as ONE block: the API ORs them into one geography group, so the
 * page presents them together and says that they widen each other. Cities are found by lookup
 * (/geo/cities) because there are far too many to list.
 */
export function whereFilter(options: WhereFilterOptions): HTMLElement {
  const { params, facets } = options
  const lookup = createCombobox<CityMatch>({
    id: 'city-lookup',
    label: 'Find a city',
    placeholder: 'Find a city…',
    load: async (text) => (await getJson<CityMatch[]>(`/geo/cities?q=${encodeURIComponent(text)}`)).data.slice(0, CITY_OPTIONS),
    renderOption: (city) => [h('span', {}, city.value), h('span', { class: 'option-note' }, countryName(city.country))],
    onPick: (city) => options.onAdd('cities', city.value),
  })
  const group = (facet: string, title: string) =>
    facetGroup({ facet, title, params, counts: facets[facet], onToggle: options.onToggle, onExpand: options.onExpand })
  return h(
    'fieldset',
    { class: 'facet where', 'data-facet': 'where' },
    h('legend', {}, 'Where'),
    h('p', { class: 'hint' }, 'Places widen each other: a job in any of them matches.'),
    group('regions', 'Region'),
    group('countries', 'Country'),
    group('cities', 'City'),
    lookup.element,
  )
}
