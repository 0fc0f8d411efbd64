import type { DB } from '../db/connection.ts'
import { addDays, periodOf } from './days.ts'

/**
 * Weekly demand for a set of skills (a profile's): for each skill with open postings now, the open
 * postings at the end of each of the last `weeks` weeks (the current week: now), read from the
 * rollup: open at the end of a day = open now minus what was added and plus what was removed on
 * every later day. `change_pct` compares the first week with now (one decimal); null with fewer
 * than two weeks or none open in the first. A skill no open posting names is left out.
 */
export interface PulseSkill {
  skill: string
  open_count: number
  change_pct: number | null
  series: { week_start: string; open_count: number }[]
}

export function marketPulse(db: DB, skills: readonly string[], today: string, weeks = 8): { skills: PulseSkill[]; weekStart: string } {
  const weekStart = periodOf(today, 'week')
  const starts = Array.from({ length: weeks }, (_, i) => addDays(weekStart, -7 * (weeks - 1 - i)))
  const since = addDays(starts[0]!, 6)
  const openNow = db.prepare("SELECT open_count FROM insight_open WHERE dimension = 'skill' AND value = ?").pluck()
  const later = db.prepare("SELECT day, added - removed AS net FROM insight_daily WHERE dimension = 'skill' AND value = ? AND day > ? ORDER BY day DESC")
  const out: PulseSkill[] = []
  for (const skill of new Set(skills)) {
    const now = (openNow.get(skill) as number | undefined) ?? 0
    if (now <= 0) continue
    const changes = later.all(skill, since) as { day: string; net: number }[]
    const series = starts.map((start) => {
      const end = addDays(start, 6)
      const after = start === weekStart ? 0 : changes.reduce((sum, change) => (change.day > end ? sum + change.net : sum), 0)
      return { week_start: start, open_count: Math.max(0, now - after) }
    })
    const first = series[0]!.open_count
    const change_pct = series.length < 2 || first === 0 ? null : Math.round(((now - first) / first) * 1000) / 10
    out.push({ skill, open_count: now, change_pct, series })
  }
  return { skills: out.sort((a, b) => b.open_count - a.open_count || a.skill.localeCompare(b.skill)), weekStart }
}
