/**
 * Salary stated in free text: "$120k–150k", "€60.000 - €75.000 per year", "£45 per hour",
 * "120 000 – 150 000 руб.", "от 200 000 ₽". Amounts are kept in the posting's own currency and
 * period (the API compares without conversion). A range is preferred; a single amount counts only
 * next to a pay word, so "$1,000 learning budget" or "raised $20M" is not a salary.
 */
export interface Salary {
  min: number | null
  max: number | null
  currency: 'USD' | 'EUR' | 'GBP' | 'RUB'
  period: 'year' | 'month' | 'day' | 'hour'
}

const CURRENCY = String.raw`(US\$|\$|USD|€|EUR|euros?|£|GBP|₽|руб\.?|рублей|RUB|р\.)`
const NUMBER = String.raw`(\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+|\d+(?:[.,]\d{1,2})?)\s*(k|K|тыс\.?)?`
const DASH = String.raw`\s*(?:-|–|—|to|до|bis)\s*`
const RANGE = new RegExp(String.raw`(?:${CURRENCY}\s*)?${NUMBER}\s*(?:${CURRENCY})?${DASH}(?:${CURRENCY}\s*)?${NUMBER}(?:\s*${CURRENCY})?`, 'gi')
const SINGLE = new RegExp(String.raw`(up to|from|от|до|starting at|ab)?\s*(?:${CURRENCY}\s*${NUMBER}|${NUMBER}\s*${CURRENCY})`, 'gi')
const PAY_WORD = /(salary|compensation|pay|rate|base|gehalt|salaire|sueldo|зарплат|оклад|доход|вознагражд|ставка)/i
const NOT_PAY = /^\s*(m\b|mm\b|bn\b|b\b|million|billion|млн|млрд|\+? ?(in )?(funding|revenue|budget|stipend|allowance|bonus|credit)|(learning|home office|equipment|wellness|training|conference) (budget|stipend|allowance))/i

function currencyOf(mark: string | undefined): Salary['currency'] | null {
  if (!mark) return null
  const m = mark.toLowerCase()
  if (m.includes('$') || m === 'usd') return 'USD'
  if (m === '€' || m === 'eur' || m.startsWith('euro')) return 'EUR'
  if (m === '£' || m === 'gbp') return 'GBP'
  return 'RUB'
}

function amountOf(digits: string, suffix: string | undefined): number {
  const grouped = /^\d{1,3}(?:[ ,.\u00a0\u202f]\d{3})+$/.test(digits)
  const value = grouped ? Number(digits.replace(/[^\d]/g, '')) : Number(digits.replace(',', '.'))
  return suffix ? value * 1000 : value
}

function periodOf(context: string, currency: Salary['currency'], amount: number): Salary['period'] {
  if (/\b(per|an|\/|a)\s*(hour|hr|h)\b|hourly|\/\s*h\b|в час|stundenlohn/i.test(context)) return 'hour'
  if (/\b(per|a|\/)\s*day\b|daily|day rate|в день|tagessatz|\bTJM\b/i.test(context)) return 'day'
  if (/\b(per|a|\/)\s*(month|mo|mth)\b|monthly|в месяц|\/\s*мес|мес\.|pro monat|par mois|brutto monatlich/i.test(context)) return 'month'
  if (/\b(per|a|\/)\s*(year|annum|yr)\b|annual|yearly|p\.?a\.?\b|\bpa\b|в год|jährlich|pro jahr|par an/i.test(context)) return 'year'
  // Unstated: the magnitude tells the period (Russian salaries are quoted per month).
  if (currency === 'RUB') return amount < 5000 ? 'hour' : amount < 30000 ? 'day' : amount < 2_000_000 ? 'month' : 'year'
  return amount < 300 ? 'hour' : amount < 2000 ? 'day' : amount < 25000 ? 'month' : 'year'
}

export function parseSalary(text: string): Salary | null {
  if (!/[$€£₽]|usd|eur|gbp|rub|руб|р\./i.test(text)) return null
  for (const m of text.matchAll(RANGE)) {
    const currency = currencyOf(m[1] ?? m[4] ?? m[5] ?? m[8])
    if (!currency) continue
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 40)
    if (NOT_PAY.test(after)) continue
    // "120–150k": the k on the upper bound applies to both.
    let min = amountOf(m[2]!, m[3] ?? (m[7] && Number(m[2]) < 1000 ? m[7] : undefined))
    const max = amountOf(m[6]!, m[7])
    if (!(min > 0 && max >= min && max < min * 5)) continue
    const context = text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 40)
    min = Math.round(min)
    return { min, max: Math.round(max), currency, period: periodOf(context, currency, max) }
  }
  for (const m of text.matchAll(SINGLE)) {
    const currency = currencyOf(m[2] ?? m[7])
    if (!currency) continue
    const end = m.index + m[0].length
    if (NOT_PAY.test(text.slice(end, end + 40))) continue
    const before = text.slice(Math.max(0, m.index - 60), m.index + (m[1]?.length ?? 0) + 1)
    if (!PAY_WORD.test(before)) continue
    const amount = Math.round(m[3] ? amountOf(m[3], m[4]) : amountOf(m[5]!, m[6]))
    if (!(amount > 0)) continue
    const bound = (m[1] ?? '').toLowerCase()
    const upTo = bound === 'up to' || bound === 'до'
    const from = bound === 'from' || bound === 'от' || bound === 'starting at' || bound === 'ab'
    const context = text.slice(Math.max(0, m.index - 30), end + 40)
    return { min: upTo ? null : amount, max: from ? null : amount, currency, period: periodOf(context, currency, amount) }
  }
  return null
}
