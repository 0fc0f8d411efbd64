import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'

/**
 * Currencies as salaries write them: ISO codes, symbols and qualified dollars ("C$", "A$", "CA$"),
 * the currency a country pays in (for bare amounts), and the exchange rates of data/fx.json, used
 * only to judge an amount's magnitude when the period is not written.
 */
const MARKS: Record<string, string> = {
  '$': 'USD', 'US$': 'USD', 'USD$': 'USD', 'C$': 'CAD', 'CA$': 'CAD', 'CAD$': 'CAD', 'A$': 'AUD', 'AU$': 'AUD', 'AUD$': 'AUD',
  'NZ$': 'NZD', 'S$': 'SGD', 'SG$': 'SGD', 'HK$': 'HKD', 'R$': 'BRL', 'MX$': 'MXN', '€': 'EUR', '£': 'GBP', '¥': 'JPY', '₹': 'INR',
  '₽': 'RUB', 'руб': 'RUB', 'руб.': 'RUB', 'рублей': 'RUB', 'р.': 'RUB', 'euro': 'EUR', 'euros': 'EUR', 'zł': 'PLN', 'zl': 'PLN',
  'Fr.': 'CHF', 'lakh': 'INR',
}
/** Marks several countries share: "kr" is the krona or krone of the posting's country. */
const SHARED: Record<string, Record<string, string>> = { kr: { se: 'SEK', no: 'NOK', dk: 'DKK', is: 'ISK' } }
export const ISO_CODES = 'USD EUR GBP RUB CAD AUD NZD CHF SEK NOK DKK PLN CZK HUF RON INR SGD HKD JPY CNY BRL MXN ZAR ILS AED TRY UAH KZT'.split(' ')

/** Every way a currency is written, longest first (so "CA$" wins over "$"), for building patterns. */
export const CURRENCY_MARKS = [...Object.keys(MARKS), ...Object.keys(SHARED), ...ISO_CODES].sort((a, b) => b.length - a.length)

/** The countries whose own dollar a bare "$" means; elsewhere it is the US dollar. */
const DOLLAR_COUNTRIES: Record<string, string> = { us: 'USD', ca: 'CAD', au: 'AUD', nz: 'NZD', sg: 'SGD', hk: 'HKD' }

const EURO = 'at be cy de ee es fi fr gr hr ie it lt lu lv mt nl pt si sk'.split(' ')
const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO.map((c) => [c, 'EUR'])), ...DOLLAR_COUNTRIES, gb: 'GBP', ru: 'RUB', ch: 'CHF', li: 'CHF', se: 'SEK',
  no: 'NOK', dk: 'DKK', pl: 'PLN', cz: 'CZK', hu: 'HUF', ro: 'RON', in: 'INR', jp: 'JPY', cn: 'CNY', br: 'BRL', mx: 'MXN', za: 'ZAR',
  il: 'ILS', ae: 'AED', tr: 'TRY', ua: 'UAH', kz: 'KZT',
}

/** Rank of a mark when several name a range's currency: an ISO code beats a qualified dollar, which beats a bare symbol. */
export function markStrength(mark: string): number {
  return ISO_CODES.includes(mark) ? 3 : mark.length > 1 ? 2 : 1
}

/** ISO code of a written mark; a bare "$" is the dollar of the posting's country (US dollar when unknown). */
export function currencyOfMark(mark: string, country: string | null): string | null {
  if (ISO_CODES.includes(mark)) return mark
  if (mark === '$') return (country && DOLLAR_COUNTRIES[country]) || 'USD'
  if (SHARED[mark]) return (country && SHARED[mark]![country]) || Object.values(SHARED[mark]!)[0]!
  return MARKS[mark] ?? MARKS[mark.toLowerCase()] ?? null
}

/** The currency a country pays salaries in, or null. */
export function currencyOfCountry(country: string | null): string | null {
  return (country && COUNTRY_CURRENCY[country]) || null
}

let rates: Record<string, number> | undefined

/** The amount in US dollars (for magnitude only); the amount itself when the rate is unknown. */
export function roughUsd(amount: number, currency: string | null): number {
  rates ??= (JSON.parse(readFileSync(dataFile('fx.json'), 'utf8')) as { unitsPerUSD: Record<string, number> }).unitsPerUSD
  const rate = currency ? rates[currency] : undefined
  return rate ? amount / rate : amount
}
