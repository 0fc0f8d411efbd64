import { foldText } from './fold.ts'
import { knownCountries } from './regions.ts'

/** English country names (from Intl) plus the short and local forms postings use, folded -> ISO alpha-2 lowercase. */
const EXTRA: Record<string, string> = {
  usa: 'us', 'u.s.': 'us', 'u.s.a.': 'us', america: 'us', 'united states of america': 'us',
  uk: 'gb', 'u.k.': 'gb', 'great britain': 'gb', britain: 'gb', england: 'gb', scotland: 'gb', wales: 'gb', 'northern ireland': 'gb',
  deutschland: 'de', holland: 'nl', 'the netherlands': 'nl', espana: 'es', italia: 'it', polska: 'pl', schweiz: 'ch', suisse: 'ch',
  osterreich: 'at', 'czech republic': 'cz', czechia: 'cz', turkiye: 'tr', uae: 'ae', 'south korea': 'kr', korea: 'kr',
  россия: 'ru', рф: 'ru', russia: 'ru', 'russian federation': 'ru', беларусь: 'by', казахстан: 'kz', украина: 'ua', 'hong kong sar': 'hk',
  brasil: 'br', mexico: 'mx', 'viet nam': 'vn', vietnam: 'vn',
}

/** US state codes: "Austin, TX" names the US, not a country called TX. */
export const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(' '),
)
const US_STATE_NAMES = new Set(
  ['california', 'texas', 'new york', 'washington', 'massachusetts', 'illinois', 'colorado', 'florida', 'georgia', 'oregon', 'virginia', 'north carolina', 'pennsylvania', 'new jersey', 'arizona', 'utah', 'ohio', 'michigan', 'minnesota', 'maryland'],
)

let byName: Map<string, string> | undefined

function load(): Map<string, string> {
  if (byName) return byName
  byName = new Map()
  const names = new Intl.DisplayNames(['en'], { type: 'region' })
  for (const code of knownCountries()) {
    const name = names.of(code)
    if (name && name !== code) byName.set(foldText(name), code.toLowerCase())
  }
  for (const [name, code] of Object.entries(EXTRA)) byName.set(foldText(name), code)
  return byName
}

/** ISO alpha-2 (lowercase) of a country name, a code ("DE", "de") or a common short form; null when unknown. */
export function findCountry(text: string): string | null {
  const key = foldText(text).replace(/\s+/g, ' ').trim()
  if (!key) return null
  if (/^[a-z]{2}$/.test(key) && knownCountries().has(key.toUpperCase())) return key
  return load().get(key) ?? (US_STATE_NAMES.has(key) ? 'us' : null)
}
