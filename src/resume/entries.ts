import { BULLET, stripBullet } from './sections.ts'
import { findRange } from './dates.ts'

/**
 * Experience and project entries out of a section's lines. An entry is anchored on the line with
 * its date range; the non-bullet lines just above it (and the rest of the date line) are its
 * header: title, company and place in whichever order the layout uses; bullet lines below are its
 * highlights, other lines its summary.
 */
export interface ExperienceEntry {
  title?: string
  company?: string
  location?: string
  start?: string
  end?: string
  summary?: string
  highlights?: string[]
  stack?: string[]
}

/** "Stack: Rust, PostgreSQL" under a role lists its tools: it belongs to that role, never heads the next one. */
const STACK_LINE = /^(?:tech(?:nology)?\s+stack|stack|technologies|tools|environment|built with|technologien|outils|herramientas)\s*[:：]\s*/i

/** A legal form names a company even beside a title word; the weaker words only when no title word is there. */
const LEGAL_FORM = /\b(gmbh|ag|inc|llc|ltd|limited|corp|corporation|s\.a\.s?|s\.l\.|sarl|bv|oy|plc|kg|se)\b\.?/i
const COMPANY_WORD = /\b(group|labs|technologies|solutions|software|systems|bank|university|agency|consulting)\b/i
/** German compounds (Softwareentwickler, Projektleiter) carry the title word at their end. */
const TITLE_WORD = /\b(engineer|developer|manager|designer|analyst|scientist|consultant|lead|architect|intern|administrator|specialist|director|head|officer|devops|sre|programmer|tester|qa|cto|ceo|founder|researcher|ingenieur|entwickler|leiter|berater|werkstudent|praktikant|développeur|developpeur|ingénieur|chef|responsable|stagiaire|desarrollador|ingeniero|jefe|analista|programador|técnico|becario)|entwickler|ingenieur|leiter|berater/i
const LOCATION = /^[\p{Lu}][\p{L} .'-]{1,30}(,\s*[\p{L} .'-]{2,30})?$/u

export function parseEntries(lines: string[]): ExperienceEntry[] {
  const anchors = lines.map((line, i) => (findRange(line) ? i : -1)).filter((i) => i >= 0)
  const entries: ExperienceEntry[] = []
  anchors.forEach((anchor, n) => {
    const range = findRange(lines[anchor]!)!
    const floor = n === 0 ? 0 : anchors[n - 1]! + 1
    const headerLines: string[] = []
    for (let i = anchor - 1; i >= floor && headerLines.length < 2; i--) {
      if (BULLET.test(lines[i]!) || STACK_LINE.test(lines[i]!) || (n > 0 && !belongsAbove(lines, i, anchors[n - 1]!))) break
      headerLines.unshift(lines[i]!)
    }
    const next = anchors[n + 1] ?? lines.length
    let bodyEnd = next
    // The header of the next entry sits just above its date line.
    if (n + 1 < anchors.length) while (bodyEnd - 1 > anchor && !BULLET.test(lines[bodyEnd - 1]!) && !STACK_LINE.test(lines[bodyEnd - 1]!) && next - bodyEnd < 2) bodyEnd--
    const body = lines.slice(anchor + 1, bodyEnd)
    if (range.rest) headerLines.push(range.rest)
    if (headerLines.length === 0 && body.length && !BULLET.test(body[0]!)) headerLines.push(body.shift()!)
    else if (headerLines.length === 1 && body.length && !BULLET.test(body[0]!) && body[0]!.length <= 60 && !/[.!?]$/.test(body[0]!)) headerLines.push(body.shift()!)
    const entry: ExperienceEntry = { ...headerParts(headerLines), start: range.start, end: range.end }
    const highlights = body.filter((line) => BULLET.test(line)).map(stripBullet).filter(Boolean)
    const stack = body.filter((line) => STACK_LINE.test(line)).flatMap((line) => {
      const list = line.replace(STACK_LINE, '')
      return list.split(list.includes(',') ? /\s*,\s*/ : /\s+/).map((item) => item.trim()).filter(Boolean)
    })
    const prose = body.filter((line) => !BULLET.test(line) && !STACK_LINE.test(line)).join(' ').trim()
    if (highlights.length) entry.highlights = highlights
    if (stack.length) entry.stack = stack
    if (prose) entry.summary = prose.slice(0, 600)
    entries.push(entry)
  })
  return entries
}

/** A line right after the previous entry's date line with no bullet between belongs to it, not here. */
function belongsAbove(lines: string[], i: number, previousAnchor: number): boolean {
  return lines.slice(previousAnchor + 1, i).some((line) => BULLET.test(line)) || i - previousAnchor > 2
}

function headerParts(headerLines: string[]): Pick<ExperienceEntry, 'title' | 'company' | 'location'> {
  const parts = headerLines
    .flatMap((line) => line.split(/\s+(?:at|@|bei|chez|en)\s+|\s+[|–—·•]\s+|\s+-\s+|,\s+(?=[\p{Lu}])/u))
    .map((part) => part.replace(/^[,|\s]+|[,|\s]+$/g, ''))
    .filter(Boolean)
  const out: Pick<ExperienceEntry, 'title' | 'company' | 'location'> = {}
  const rest: string[] = []
  for (const part of parts) {
    const legal = LEGAL_FORM.test(part)
    if (!out.title && TITLE_WORD.test(part) && !legal) out.title = part
    else if (!out.company && (legal || (COMPANY_WORD.test(part) && !TITLE_WORD.test(part)))) out.company = part
    else rest.push(part)
  }
  for (const part of rest) {
    if (!out.title) out.title = part
    else if (!out.company) out.company = part
    else if (!out.location && LOCATION.test(part)) out.location = part
  }
  return out
}
