/**
 * Salary stated in free text: "$120k–150k", "€60.000 - €75.000 per year", "CHF 120'000 - 140'000",
 * "₹25,00,000", "$140k+", "up to €80k", "6,000 EUR/month", a bare "150-200k". Amounts are kept in
 * the posting's own currency and period (the API compares without conversion).
 *
 * The text is read as a list of amounts, each with the currency marks written around it; two
 * amounts joined by a dash, "to" or "~" are a range. A range is preferred over a single amount. A
 * single amount needs a reason to be a salary (a pay word before it, a bound such as "up to" or
 * "+", or a period after it), and nothing counts next to funding, revenue, budgets, stipends,
 * bonuses, commission, trial pay or 401(k) matching: no salary is ever invented.
 */
import { CURRENCY_MARKS, currencyOfCountry, currencyOfMark, markStrength, roughUsd } from '../vocabulary/currencies.ts'

export interface Salary {
  min: number | null
  max: number | null
  /** ISO 4217; null for a bare k-range in a posting whose country does not tell the currency. */
  currency: string | null
  period: 'year' | 'month' | 'day' | 'hour'
}

export interface SalaryContext {
  /** The posting's one country (ISO alpha-2, lowercase): the currency of a bare k-range and of a bare "$". */
  country?: string | null
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const MARK = `(${CURRENCY_MARKS.map(escape).join('|')})`
// Indian lakh grouping (25,00,000), thousands grouped by comma, dot, space or apostrophe, or plain digits.
// Cents after a grouped amount ("$70,000.00") are dropped.
const NUMBER = String.raw`(\d{1,2}(?:,\d\d)+,\d{3}|\d{1,3}(?:[ ,.\u00a0\u202f'’]\d{3})+(?:\.\d\d(?!\d))?|\d+(?:[.,]\d{1,2})?)`
// "k" is thousands; "LPA" (lakhs per annum) and "lakh" are hundred thousands of rupees.
const AMOUNT = new RegExp(String.raw`(?<![\w$€£¥₹₽.,])(?:${MARK}\s?)?${NUMBER}(?:\s?(k|K|thousand|тыс\.?|LPA|lakhs?|lacs?)(?![a-zA-Z]))?(?:\s?${MARK}(?![a-zA-Z]))?`, 'g')
const JOIN = /^\s*(?:-|–|—|~|to|до|bis|and)\s*$/i
const PAY_WORD = /(salary|salaries|compensation|\bcomp\b|\bpay\b|pay range|rate|\bbase\b|\bctc\b|wage|gehalt|salaire|sueldo|lön|зарплат|оклад|доход|вознагражд|ставка)/i
// On-target earnings include commission: not a salary.
const NOT_PAY_BEFORE = /(raised|rais|funding|funded|series [a-e]|valuation|revenue|\barr\b|budget|stipend|allowance|bonus|commission|\bote\b|on-target|trial|401|match|save|saves|saved|worth|grant|prize|referral|credit|relocation package|signing)/i
// A benefit's amount is not pay, however it is written ("up to $5,000 per year for courses").
const BENEFIT = /\b(budget|stipend|allowance|reimburs\w*|learning|training|courses?|conferences?|professional development|education|tuition|wellness|wellbeing|gym|fitness|home[- ]office|equipment|coworking|co-working|phone|internet|mobile plan|meals?|lunch|childcare|per diem|referral|relocation|signing|sign-on|bonus|commission|equity|401|pension|match(ing)?|parental|vacation|holiday|insurance|perks?|benefits?)\b/i
const NOT_PAY_AFTER = /^\s*(\+?\s*)?(m\b|mm\b|bn\b|b\b|million|billion|млн|млрд|in (funding|revenue|sales)|(of )?(funding|revenue|arr|budget|stipend|allowance|credit|users|customers|downloads|employees|people|extra|in commission|commission)|(learning|home[- ]office|equipment|wellness|training|conference) (budget|stipend|allowance))/i
// Written without \b: JavaScript's \b does not see Cyrillic letters as word characters.
const FROM = /(?:^|[\s(:])(?:from|starting at|at least|min(?:imum)?\.?|ab|от)\s*$/i
const UP_TO = /(?:^|[\s(:])(?:up to|max(?:imum)?\.?|до)\s*$/i

interface Amount {
  start: number
  end: number
  value: number
  /** Thousands ("k") or lakhs ("LPA") were written: the unit applies to a bare lower bound too ("120–150k"). */
  scale: number
  marks: string[]
}

function valueOf(digits: string): number {
  const whole = digits.replace(/\.\d\d$/, '')
  if (/^\d{1,3}(?:[ ,.\u00a0\u202f'’]\d{3})+$/.test(whole) || /^\d{1,2}(?:,\d\d)+,\d{3}$/.test(whole)) return Number(whole.replace(/\D/g, ''))
  return Number(digits.replace(',', '.'))
}

function amountsOf(text: string): Amount[] {
  const out: Amount[] = []
  for (const m of text.matchAll(AMOUNT)) {
    const unit = m[3] ?? ''
    const lakh = /^(lpa|lakhs?|lacs?)$/i.test(unit)
    const marks = [m[1], m[4], lakh ? 'lakh' : undefined].filter((x): x is string => Boolean(x))
    const scale = lakh ? 100000 : unit ? 1000 : 1
    out.push({ start: m.index, end: m.index + m[0].length, value: valueOf(m[2]!) * scale, scale, marks })
  }
  return out
}

/** The period from the words right after the amount (up to a "plus"/"bonus" clause), then right before it. */
function periodOf(after: string, before: string, currency: string | null, amount: number): Salary['period'] {
  // A sentence ends at a dot before a capital: "руб. в месяц" goes on.
  const near = after.slice(0, 40).split(/\b(?:[Pp]lus|[Bb]onus|and a|with a)\b|[+;\n]|\.\s+(?=\p{Lu})/u)[0]!
  const lead = before.slice(-30).split(/\b[Bb]onus\b|[;\n]|\.\s+(?=\p{Lu})/u).at(-1)!
  for (const context of [near, lead]) {
    if (/\b(per|an|\/|a)\s*(hour|hr|h)\b|hourly|\/\s*h\b|в час|stundenlohn/i.test(context)) return 'hour'
    if (/\b(per|a|\/)\s*day\b|daily|day rate|в день|tagessatz|\bTJM\b/i.test(context)) return 'day'
    if (/(\bper|\ba|\/)\s*(month|mo|mth)\b|monthly|в месяц|\/\s*мес|мес\.|pro monat|par mois|monatlich|\/\s*(månad|mån|mnd)|i månaden|mensuel/i.test(context)) return 'month'
    if (/\b(per|a|\/)\s*(year|annum|yr)\b|annual|yearly|p\.?a\.?\b|\bpa\b|\blpa\b|в год|jährlich|\/\s*jahr|pro jahr|par an|annuel/i.test(context)) return 'year'
  }
  // Unstated: the magnitude tells (Russian salaries are quoted per month).
  if (currency === 'RUB') return amount < 5000 ? 'hour' : amount < 30000 ? 'day' : amount < 2_000_000 ? 'month' : 'year'
  const usd = roughUsd(amount, currency)
  return usd < 300 ? 'hour' : usd < 2000 ? 'day' : usd < 25000 ? 'month' : 'year'
}

function currencyOf(marks: string[], country: string | null): string | null {
  const best = [...marks].sort((a, b) => markStrength(b) - markStrength(a))[0]
  return best ? currencyOfMark(best, country) : currencyOfCountry(country)
}

/** The words before an amount within its sentence, at most `size` characters. */
function beforeOf(text: string, start: number, size: number): string {
  const window = text.slice(Math.max(0, start - size), start)
  return window.split(/[.!?;]\s|\n(?!\s*[|])/).at(-1)!
}

/** The amount is a field of its own: a header segment ("Acme | Engineer | 95,000 EUR |") or a line (a table cell). */
function standsAlone(text: string, a: Amount): boolean {
  const start = Math.max(text.lastIndexOf('\n', a.start - 1), text.lastIndexOf('|', a.start - 1)) + 1
  const ends = [text.indexOf('\n', a.end), text.indexOf('|', a.end)].filter((i) => i >= 0)
  const end = ends.length ? Math.min(...ends) : text.length
  return !text.slice(start, a.start).trim() && !text.slice(a.end, end).trim()
}

const plausible = (usdYear: number) => usdYear >= 1 && usdYear < 5_000_000
/** Hourly pay keeps its cents ($27.45); other periods are whole amounts. */
const amountIn = (value: number, period: Salary['period']) => (period === 'hour' ? Math.round(value * 100) / 100 : Math.round(value))
/** The words after an amount up to the end of its clause: where a benefit would be named ("… per year for courses"). */
const clauseAfter = (text: string, end: number) => text.slice(end, end + 50).split(/\n|[.;]\s|\b(?:plus|and a|with a)\b|\+/)[0]!

export function parseSalary(text: string, context: SalaryContext = {}): Salary | null {
  const country = context.country ?? null
  const amounts = amountsOf(text)
  // Ranges first: "120–150k", "$130,000 - $150,000 CAD", "90k ~ 110k".
  for (let i = 0; i + 1 < amounts.length; i++) {
    const [a, b] = [amounts[i]!, amounts[i + 1]!]
    if (!JOIN.test(text.slice(a.end, b.start))) continue
    const after = text.slice(b.end, b.end + 60)
    const before = beforeOf(text, a.start, 60)
    if (NOT_PAY_AFTER.test(after) || NOT_PAY_BEFORE.test(before) || (BENEFIT.test(clauseAfter(text, b.end)) && !PAY_WORD.test(before))) continue
    const marks = [...a.marks, ...b.marks]
    // A bare range needs thousands ("150-200k"), never years or counts ("2019-2023", "10-20 people").
    if (!marks.length && !(b.scale > 1 && b.value >= 10000)) continue
    const min = a.scale === 1 && b.scale > 1 && a.value < 1000 ? a.value * b.scale : a.value
    const max = b.value
    if (!(min > 0 && max >= min && max < min * 5)) continue
    const currency = currencyOf(marks, country)
    if (!plausible(roughUsd(max, currency))) continue
    const period = periodOf(text.slice(b.start, b.end + 60), before, currency, max)
    return { min: amountIn(min, period), max: amountIn(max, period), currency, period }
  }
  for (const a of amounts) {
    if (!a.marks.length) continue
    const after = text.slice(a.end, a.end + 60)
    const before = beforeOf(text, a.start, 60)
    if (NOT_PAY_AFTER.test(after) || NOT_PAY_BEFORE.test(before) || BENEFIT.test(before) || BENEFIT.test(clauseAfter(text, a.end))) continue
    const plus = /^\s*\+(?!\s*(equity|bonus|benefits|super))/i.test(after)
    const upTo = UP_TO.test(before)
    const from = FROM.test(before) || plus
    const periodStated = /^\s*(\/|per\b|an? (hour|day|month|year)|hourly|monthly|yearly|annually|p\.?a\.?\b|brutto)/i.test(after)
    if (!PAY_WORD.test(before) && !upTo && !from && !periodStated && !standsAlone(text, a)) continue
    const currency = currencyOf(a.marks, country)
    if (!(a.value > 0) || !plausible(roughUsd(a.value, currency))) continue
    const period = periodOf(after.replace(/^\s*\+/, ''), before, currency, a.value)
    const amount = amountIn(a.value, period)
    return { min: upTo ? null : amount, max: from ? null : amount, currency, period }
  }
  return null
}
