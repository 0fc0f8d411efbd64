/**
 * Salaries you can compare: a posting's stated salary as an annual amount in one reference currency
 * (`enrichment.salary_normalized`, the `sort=salary_normalized` key). It is computed from the stored
 * facts (amounts, currency, period) and the dated exchange rates of data/fx.json whenever it is
 * read, never stored: a newer rate table or another reference currency then needs no re-enrichment
 * of the catalogue, and the stored salary stays what the posting said (the contract's
 * `salary_min`/`salary_max` filters and sorts compare those own numbers).
 */
import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'

/** Working periods per year: 40-hour weeks, 5-day weeks, 52 weeks. */
export const PERIODS_PER_YEAR: Readonly<Record<string, number>> = { year: 1, month: 12, week: 52, day: 260, hour: 2080 }

export interface NormalizedSalary {
  min: number | null
  max: number | null
  currency: string
  period: 'year'
  /** The date of the exchange rates used (YYYY-MM-DD). */
  rates_date: string
}

interface Rates {
  date: string
  unitsPerUSD: Record<string, number>
}

let rates: Rates | undefined
const ratesTable = (): Rates => (rates ??= JSON.parse(readFileSync(dataFile('fx.json'), 'utf8')) as Rates)

let reference = 'USD'

/** Sets the reference currency (the SALARY_REFERENCE_CURRENCY setting); throws for one the rate table lacks. */
export function useReferenceCurrency(code: string): void {
  const upper = code.trim().toUpperCase()
  if (!ratesTable().unitsPerUSD[upper]) throw new Error(`SALARY_REFERENCE_CURRENCY must be a currency of data/fx.json (e.g. USD, EUR), not "${code}"`)
  reference = upper
}

export const referenceCurrency = (): string => reference

/** Multiplier from an amount per `period` in `currency` to a year in the reference currency; undefined when either is unknown. */
export function annualFactor(currency: string | null | undefined, period: string | null | undefined): number | undefined {
  const table = ratesTable().unitsPerUSD
  const perYear = PERIODS_PER_YEAR[period ?? 'year']
  const units = currency ? table[currency.toUpperCase()] : undefined
  if (perYear === undefined || !units) return undefined
  return (perYear * table[reference]!) / units
}

/** The comparable annual salary, or null when no amount is stated or its currency or period is unknown. Whole units. */
export function normalizeSalary(min: number | null, max: number | null, currency: string | null, period: string | null): NormalizedSalary | null {
  if (min === null && max === null) return null
  const factor = annualFactor(currency, period)
  if (factor === undefined) return null
  const convert = (amount: number | null) => (amount === null ? null : Math.round(amount * factor))
  return { min: convert(min), max: convert(max), currency: reference, period: 'year', rates_date: ratesTable().date }
}

/** The sort key of `sort=salary_normalized`: the top of the annual range (its lower end when only that is stated); NaN when unknown. */
export function salarySortValue(min: number, max: number, currency: string | null, period: string | null): number {
  const top = Number.isNaN(max) ? min : max
  if (Number.isNaN(top)) return NaN
  const factor = annualFactor(currency, period)
  return factor === undefined ? NaN : Math.round(top * factor)
}
