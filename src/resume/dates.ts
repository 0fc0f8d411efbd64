/**
 * Dates as résumés write them, in English, German, French and Spanish: "03/2019", "03.2019",
 * "2019-03", "Mar 2019", "März 2019", "janvier 2019", "ene. 2019", "2019", and the words for "now".
 * A range is two of them around a dash or "to / bis / à / a / hasta". Normalised to `YYYY-MM` or
 * `YYYY`; an open end is `present`.
 */
const MONTHS: Record<string, number> = {}
const MONTH_NAMES = [
  ['jan', 'january', 'januar', 'jänner', 'janvier', 'janv', 'enero', 'ene'],
  ['feb', 'february', 'februar', 'février', 'fevrier', 'févr', 'fevr', 'febrero'],
  ['mar', 'march', 'märz', 'maerz', 'mars', 'marzo'],
  ['apr', 'april', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mayo'],
  ['jun', 'june', 'juni', 'juin', 'junio'],
  ['jul', 'july', 'juli', 'juillet', 'juil', 'julio'],
  ['aug', 'august', 'août', 'aout', 'agosto', 'ago'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'setiembre'],
  ['oct', 'october', 'oktober', 'okt', 'octobre', 'octubre'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'december', 'dezember', 'dez', 'décembre', 'decembre', 'déc', 'diciembre', 'dic'],
]
MONTH_NAMES.forEach((names, i) => names.forEach((name) => (MONTHS[name] = i + 1)))

const MONTH_WORD = `(?:${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')})\\.?`
const NOW_WORD = "(?:present|current|now|today|ongoing|heute|aktuell|jetzt|derzeit|bis heute|présent|aujourd'hui|aujourd’hui|actuel|actuellement|en cours|presente|actualidad|actual|hoy)"
const ONE_DATE = `(?:${MONTH_WORD}\\s+\\d{4}|\\d{1,2}[./]\\d{4}|\\d{4}[-/.]\\d{1,2}(?!\\d)|(?:19|20)\\d{2})`
const SEPARATOR = '\\s*(?:[-–—~]|to|bis|à|au|a|hasta|until)\\s*'

export const DATE_RANGE = new RegExp(`(${ONE_DATE})${SEPARATOR}(${ONE_DATE}|${NOW_WORD})`, 'iu')
export const SINGLE_DATE = new RegExp(`(?<![\\d.])(${ONE_DATE})(?![\\d])`, 'iu')
const NOW = new RegExp(`^${NOW_WORD}$`, 'iu')

export function normaliseDate(raw: string): string | null {
  const text = raw.trim().toLowerCase()
  if (NOW.test(text)) return 'present'
  let match = /^(\p{L}+)\.?\s+(\d{4})$/u.exec(text)
  if (match && MONTHS[match[1]!]) return `${match[2]}-${String(MONTHS[match[1]!]).padStart(2, '0')}`
  match = /^(\d{1,2})[./](\d{4})$/.exec(text)
  if (match && Number(match[1]) >= 1 && Number(match[1]) <= 12) return `${match[2]}-${match[1]!.padStart(2, '0')}`
  match = /^(\d{4})[-/.](\d{1,2})$/.exec(text)
  if (match && Number(match[2]) >= 1 && Number(match[2]) <= 12) return `${match[1]}-${match[2]!.padStart(2, '0')}`
  if (/^(19|20)\d{2}$/.test(text)) return text
  return null
}

/** The date range in a line, normalised, and the line without it. */
export function findRange(line: string): { start: string; end: string; rest: string } | null {
  const match = DATE_RANGE.exec(line)
  if (!match) return null
  const start = normaliseDate(match[1]!)
  const end = normaliseDate(match[2]!)
  if (!start || !end) return null
  const rest = (line.slice(0, match.index) + ' ' + line.slice(match.index + match[0].length)).replace(/[()[\]]/g, ' ')
  return { start, end, rest: rest.replace(/\s*[|,·•–—-]\s*$/, '').replace(/^\s*[|,·•–—-]\s*/, '').replace(/\s+/g, ' ').trim() }
}

/** Months covered by ranges, overlaps counted once; `present` is `today`. */
export function totalYears(ranges: { start?: string; end?: string }[], today: Date): number | undefined {
  const month = (date: string | undefined): number | null => {
    if (!date) return null
    if (date === 'present') return today.getUTCFullYear() * 12 + today.getUTCMonth()
    const [year, m] = date.split('-')
    return Number(year) * 12 + (m ? Number(m) - 1 : 0)
  }
  const covered = new Set<number>()
  for (const range of ranges) {
    const from = month(range.start)
    const to = month(range.end)
    if (from === null || to === null || to < from || to - from > 600) continue
    for (let m = from; m <= to; m++) covered.add(m)
  }
  return covered.size ? Math.floor(covered.size / 12) : undefined
}
