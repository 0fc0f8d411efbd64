import type { Suggestion } from './api.ts'
import { h } from './dom.ts'
import { withFilters } from './query.ts'

/** Suggestion part kinds that name a facet value: picking one filters instead of searching text. */
const FACET_OF_KIND: Record<string, string> = {
  skill: 'skills',
  skills: 'skills',
  category: 'category',
  role: 'role',
  company: 'company_slug',
  company_slug: 'company_slug',
  city: 'cities',
  cities: 'cities',
  country: 'countries',
  countries: 'countries',
  region: 'regions',
  regions: 'regions',
  seniority: 'seniority',
  work_mode: 'work_mode',
  domain: 'domains',
  domains: 'domains',
}

/**
 * A picked suggestion replaces the typed text: parts naming a facet value (with a slug) become
 * filters, the remaining words become `q`.
 */
export function applySuggestion(params: URLSearchParams, suggestion: Suggestion): URLSearchParams {
  return withFilters(params, (next) => {
    const words: string[] = []
    for (const part of suggestion.parts) {
      const facet = FACET_OF_KIND[part.kind]
      if (facet && part.slug) {
        if (!next.getAll(facet).includes(part.slug)) next.append(facet, part.slug)
      } else words.push(part.text.trim())
    }
    const text = suggestion.parts.length ? words.filter(Boolean).join(' ') : suggestion.text
    if (text) next.set('q', text)
    else next.delete('q')
  })
}

/** The suggestion's words, each tagged with its kind so the list shows what a pick will do. */
export function suggestionParts(suggestion: Suggestion): (Node | string)[] {
  if (!suggestion.parts.length) return [suggestion.text]
  return suggestion.parts.flatMap((part, index) => [
    index ? ' ' : '',
    h('span', { class: `part part-${part.kind}`, title: FACET_OF_KIND[part.kind] && part.slug ? `filter: ${part.kind}` : undefined }, part.text),
  ])
}
