/**
 * Calendar invitations (.ics, RFC 5545) found in mail: the first VEVENT's UID, start, end, title
 * and a meeting link. A METHOD:CANCEL or STATUS:CANCELLED event cancels the interview it names.
 * Times given with a TZID are converted with the runtime's time-zone database.
 */
export interface Invitation {
  uid: string
  startsAt: string
  endsAt?: string
  title?: string
  joinUrl?: string
  cancelled: boolean
}

function unfold(ics: string): string[] {
  return ics.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '').split('\n')
}

const unescape = (value: string): string => value.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1').trim()

/** Offset (ms) of `zone` at the given UTC instant: local wall time minus UTC. */
function zoneOffset(zone: string, utc: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(utc))
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - utc
}

/** DTSTART/DTEND value (with its parameters) → ISO instant, or undefined when unreadable. */
export function icsTime(params: string, value: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/.exec(value.trim())
  if (!m) return undefined
  const wall = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0))
  if (Number.isNaN(wall)) return undefined
  const zone = /TZID=("?)([^";:]+)\1/i.exec(params)?.[2]
  if (m[7] || !zone) return new Date(wall).toISOString()
  try {
    // Two passes settle the offset across a daylight-saving change.
    const first = wall - zoneOffset(zone, wall)
    return new Date(wall - zoneOffset(zone, first)).toISOString()
  } catch {
    return new Date(wall).toISOString()
  }
}

const MEETING_LINK = /https:\/\/[^\s<>"]*(zoom\.us|meet\.google\.com|teams\.microsoft\.com|teams\.live\.com|webex\.com|whereby\.com|jit\.si)[^\s<>"]*/i

export function parseInvitation(ics: string): Invitation | undefined {
  const lines = unfold(ics)
  const method = lines.find((l) => /^METHOD:/i.test(l))?.slice(7).trim().toUpperCase()
  const start = lines.findIndex((l) => /^BEGIN:VEVENT/i.test(l))
  if (start < 0) return undefined
  const fields = new Map<string, { params: string; value: string }>()
  for (const line of lines.slice(start + 1)) {
    if (/^END:VEVENT/i.test(line)) break
    const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/i.exec(line)
    if (m && !fields.has(m[1]!.toUpperCase())) fields.set(m[1]!.toUpperCase(), { params: m[2]!, value: m[3]! })
  }
  const uid = fields.get('UID')?.value.trim()
  const dtstart = fields.get('DTSTART')
  const startsAt = dtstart && icsTime(dtstart.params, dtstart.value)
  if (!uid || !startsAt) return undefined
  const dtend = fields.get('DTEND')
  const endsAt = dtend && icsTime(dtend.params, dtend.value)
  const title = fields.get('SUMMARY') && unescape(fields.get('SUMMARY')!.value)
  const linkSource = [fields.get('URL')?.value, fields.get('LOCATION')?.value, fields.get('DESCRIPTION')?.value].filter(Boolean).map((v) => unescape(v!)).join(' ')
  const joinUrl = MEETING_LINK.exec(linkSource)?.[0]
  const cancelled = method === 'CANCEL' || /^CANCELLED$/i.test(fields.get('STATUS')?.value.trim() ?? '')
  return { uid, startsAt, ...(endsAt && { endsAt }), ...(title && { title }), ...(joinUrl && { joinUrl }), cancelled }
}
