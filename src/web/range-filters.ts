import type { Range } from './api.ts'
import { h } from './dom.ts'
import { formatCount, valueLabel } from './format.ts'
import { valuesOf } from './query.ts'

export interface RangeFiltersOptions {
  params: URLSearchParams
  facets: Record<string, Record<string, number>>
  stats: Record<string, Range>
  onSet(name: string, value: string | null): void
}

function numberInput(id: string, label: string, name: string, options: RangeFiltersOptions, placeholder: number | null | undefined): HTMLElement {
  return h(
    'label',
    { class: 'range-input', for: id },
    h('span', {}, label),
    h('input', {
      id,
      type: 'number',
      inputmode: 'numeric',
      min: 0,
      step: 1,
      value: options.params.get(name) ?? '',
      placeholder: placeholder == null ? '' : String(placeholder),
      // change fires on Enter and on leaving the field, not on every keystroke.
      onchange: (event: Event) => {
        const value = (event.target as HTMLInputElement).value.trim()
        options.onSet(name, /^\d+$/.test(value) ? value : null)
      },
    }),
  )
}

/** Salary (a converted year without a currency; in the chosen currency's own amounts with one) and years of experience. */
export function rangeFilters(options: RangeFiltersOptions): HTMLElement[] {
  const { params, facets, stats } = options
  const currencies = Object.keys(facets.salary_currency ?? {})
  const selectedCurrency = valuesOf(params, 'salary_currency')[0] ?? ''
  // Amounts in different currencies and periods compare only as a converted year; with one currency chosen, its own amounts do.
  const yearly = !selectedCurrency
  if (selectedCurrency && !currencies.includes(selectedCurrency)) currencies.push(selectedCurrency)
  const salary = h(
    'fieldset',
    { class: 'facet range', 'data-facet': 'salary' },
    h('legend', {}, yearly ? 'Salary (a year, any currency converted)' : 'Salary'),
    h(
      'label',
      { class: 'range-input', for: 'salary-currency' },
      h('span', {}, 'Currency'),
      h(
        'select',
        { id: 'salary-currency', onchange: (event: Event) => options.onSet('salary_currency', (event.target as HTMLSelectElement).value || null) },
        h('option', { value: '' }, 'Any'),
        currencies.map((currency) =>
          h('option', { value: currency, selected: currency === selectedCurrency }, `${valueLabel('salary_currency', currency)} (${formatCount(facets.salary_currency?.[currency] ?? 0)})`),
        ),
      ),
    ),
    h(
      'div',
      { class: 'range-pair' },
      yearly ? numberInput('salary-min', 'From', 'salary_normalized_min', options, null) : numberInput('salary-min', 'From', 'salary_min', options, stats.salary_min?.min),
      yearly ? numberInput('salary-max', 'Up to', 'salary_normalized_max', options, null) : numberInput('salary-max', 'Up to', 'salary_max', options, stats.salary_max?.max),
    ),
  )
  const experience = h(
    'fieldset',
    { class: 'facet range', 'data-facet': 'experience' },
    h('legend', {}, 'Experience (years)'),
    h(
      'div',
      { class: 'range-pair' },
      numberInput('experience-min', 'At least', 'experience_years_min', options, stats.experience_years_min?.min),
      numberInput('experience-max', 'At most', 'experience_years_max', options, stats.experience_years_min?.max),
    ),
  )
  return [salary, experience]
}
