import { badRequest } from '../errors.ts'

/**
 * The `applied_on` day of POST /jobs/{slug}/apply as a time: 12:00 UTC of that day, so the day
 * reads the same in every time zone. Not in the future — judged in the earliest time zone (UTC+14),
 * so nobody's today is refused — and at most 365 days ago.
 */
export function appliedOnTime(day: string, now: Date): string {
  const at = new Date(`${day}T12:00:00.000Z`)
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw badRequest('applied_on must be a date YYYY-MM-DD')
  const latestToday = new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10)
  if (day > latestToday) throw badRequest('applied_on cannot be in the future')
  const earliest = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10)
  if (day < earliest) throw badRequest('applied_on cannot be more than 365 days ago')
  return at.toISOString()
}
