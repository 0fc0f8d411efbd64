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
  return load().get(key) ?? null
}
