/** ISO timestamps relative to a clock reading. */
export const addSeconds = (now: Date, seconds: number): string => new Date(now.getTime() + seconds * 1000).toISOString()
export const addMinutes = (now: Date, minutes: number): string => addSeconds(now, minutes * 60)
export const addDays = (now: Date, days: number): string => addSeconds(now, days * 86400)
