/** UTC calendar days as 'YYYY-MM-DD' strings: the unit of the insights rollup. */
const DAY_MS = 86_400_000
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10)
}

/** Whether the text is a real calendar day (2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false
  // A month or day out of range (2026-99-99) is an invalid Date, which toISOString would throw on.
  const date = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && dayOf(date) === text
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS))
}

export function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(1)
  date.setUTCMonth(date.getUTCMonth() + months)
  return dayOf(date)
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS)
}

export type Granularity = 'day' | 'week' | 'month'

/** The period a day falls in: the day itself, the Monday of its ISO week, or 'YYYY-MM'. */
export function periodOf(day: string, granularity: Granularity): string {
  if (granularity === 'day') return day
  if (granularity === 'month') return day.slice(0, 7)
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7
  return addDays(day, -weekday)
}
