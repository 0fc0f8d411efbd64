import type { Job } from './api.ts'
import { POSTING_ATTRIBUTES, type PostingAttribute } from '../catalogue/posting-attributes.ts'

const ATTRIBUTES: readonly PostingAttribute[] = POSTING_ATTRIBUTES

/** Human labels for facet and filter names (from the posting-attribute table); values not listed below are derived from their slug. */
export const FACET_LABELS: Record<string, string> = {
  ...Object.fromEntries(ATTRIBUTES.map((row) => [row.name, row.label])),
  ...Object.fromEntries(ATTRIBUTES.flatMap((row) => row.filters ?? []).map((filter) => [filter.param, filter.label])),
  q: 'Search',
}

const VALUE_LABELS: Record<string, string> = {
  onsite: 'On-site',
  'likely-evergreen': 'Evergreen',
  north_america: 'North America',
  latam: 'Latin America',
  eu: 'European Union',
  uk: 'United Kingdom',
  mena: 'Middle East & North Africa',
  apac: 'Asia-Pacific',
  cis: 'CIS',
  none: 'Unresolved',
  tech: 'Tech',
  non_tech: 'Non-tech',
  ml_ai: 'ML / AI',
  ai_engineering: 'AI engineering',
  qa: 'QA',
  sre: 'SRE',
  devops: 'DevOps',
  c_level: 'C-level',
  ai: 'AI',
  mag7: 'Magnificent 7',
  bigtech: 'Big Tech',
  yc: 'Y Combinator',
  techstars: 'Techstars',
  'a16z-portfolio': 'a16z portfolio',
  'a16z-speedrun': 'a16z speedrun',
  fortune500: 'Fortune 500',
  'ai-native': 'AI-native',
  'uk-skilled-worker-sponsor': 'UK skilled-worker sponsor',
  'nl-recognised-sponsor': 'NL recognised sponsor',
  'us-h1b-sponsor': 'US H-1B sponsor',
  gamedev: 'Game development',
  edtech: 'EdTech',
  fintech: 'FinTech',
  govtech: 'GovTech',
  hrtech: 'HR tech',
  adtech: 'AdTech',
  proptech: 'PropTech',
  climatetech: 'Climate tech',
  devtools: 'Developer tools',
  fullstack: 'Full-stack',
  people_manager: 'People manager',
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })

export function facetLabel(name: string): string {
  return FACET_LABELS[name] ?? humanize(name)
}

export function humanize(slug: string): string {
  const text = slug.replace(/[_-]+/g, ' ').trim()
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code.toUpperCase()
  } catch {
    return code.toUpperCase()
  }
}

export function valueLabel(facet: string, value: string): string {
  if (facet === 'countries') return countryName(value)
  // Skills are canonical slugs ("typescript", "c++"); shown as such, like tags, rather than guessed capitals.
  if (facet === 'cities' || facet === 'salary_currency' || facet === 'skills') return value
  if (facet === 'company_slug') return humanize(value)
  if (facet === 'english_level' || facet === 'company_size') return value.toUpperCase()
  return VALUE_LABELS[value] ?? humanize(value)
}

const PERIOD_SUFFIX: Record<string, string> = { year: '/yr', month: '/mo', day: '/day', hour: '/hr' }

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(amount)
  } catch {
    return `${new Intl.NumberFormat('en', { notation: 'compact' }).format(amount)} ${currency}`
  }
}

/** "€60K–80K/yr", "from $120K/yr", or null when the posting states no salary. */
export function formatSalary(job: Job): string | null {
  const e = job.enrichment ?? {}
  if (e.salary_min == null && e.salary_max == null) return null
  const currency = e.salary_currency ?? 'USD'
  const suffix = PERIOD_SUFFIX[e.salary_period ?? ''] ?? ''
  if (e.salary_min != null && e.salary_max != null && e.salary_min !== e.salary_max) {
    return `${money(e.salary_min, currency)}–${money(e.salary_max, currency).replace(/^[^\d]+/, '')}${suffix}`
  }
  if (e.salary_min != null) return `${e.salary_max == null ? 'from ' : ''}${money(e.salary_min, currency)}${suffix}`
  return `up to ${money(e.salary_max as number, currency)}${suffix}`
}

export function formatLocation(job: Job): string {
  if (job.location) return job.location
  if (job.cities?.length) return job.cities.join(' · ')
  if (job.countries?.length) return job.countries.map(countryName).join(' · ')
  if (job.regions?.length) return job.regions.map((region) => valueLabel('regions', region)).join(' · ')
  return 'Location not stated'
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto', style: 'short' })

/** "today", "3 days ago", "2 wk. ago": the age of the posting by its stated date. */
export function formatAge(iso: string | null | undefined, now = Date.now()): string | null {
  if (!iso) return null
  const days = Math.max(0, Math.floor((now - Date.parse(iso)) / 86_400_000))
  if (Number.isNaN(days)) return null
  if (days < 14) return relative.format(-days, 'day')
  if (days < 60) return relative.format(-Math.floor(days / 7), 'week')
  if (days < 730) return relative.format(-Math.floor(days / 30), 'month')
  return relative.format(-Math.floor(days / 365), 'year')
}

export const formatCount = (n: number) => new Intl.NumberFormat('en').format(n)
