import type { Label } from './labels.ts'
import { ATS_DOMAINS, BOARD_DOMAINS, OTHER_MARKERS, PHRASES } from './phrases.ts'

/**
 * Deterministic triage: one of the nine labels from the sender, the subject, the new text of the
 * body (quoted replies cut off; a forwarded message's own text kept) and calendar parts.
 * Labels are tried in a fixed precedence, because recruiting mail mixes courtesy and news: a
 * rejection thanks you for applying, an interview invitation mentions the application it follows.
 */
export interface TriageInput {
  fromAddr: string
  fromName?: string
  subject: string
  bodyText: string
  hasInvitation?: boolean
}

export interface Triage {
  label: Label
  confidence: number
}

const PRECEDENCE = ['offer', 'rejection', 'assessment', 'interview_invitation', 'screening', 'incomplete_application', 'info_request', 'acknowledgement'] as const

const compiled = Object.fromEntries(PRECEDENCE.map((label) => [label, new RegExp(PHRASES[label].join('|'), 'iu')])) as Record<(typeof PRECEDENCE)[number], RegExp>
const otherPattern = new RegExp(OTHER_MARKERS.join('|'), 'iu')

/** Reply openers ("On … wrote:") in the six languages: the text under them is the quoted thread. */
const QUOTE_OPENER = /^(on .{4,120} wrote:|am .{4,120} schrieb .{0,80}:|le .{4,120} a écrit ?:|el .{4,120} escribió:|op .{4,120} schreef .{0,80}:|.{4,120} (написал|написала)\s*(\(а\))?:|-{2,} ?original message ?-{2,}|-{2,} ?ursprüngliche nachricht ?-{2,}|from: .+ sent: .+)$/i
const FORWARD_OPENER = /^(-{2,} ?forwarded message ?-{2,}|begin forwarded message:|-{2,} ?weitergeleitete nachricht ?-{2,}|-{2,} ?message transféré ?-{2,}|-{2,} ?mensaje reenviado ?-{2,}|-{2,} ?doorgestuurd bericht ?-{2,}|-{2,} ?пересылаемое сообщение ?-{2,})$/i

export interface ForwardedPart {
  fromAddr?: string
  fromName?: string
  subject?: string
}

/**
 * The text the sender wrote (quoted replies dropped) and, for a forward, the original sender and
 * subject from the forwarded header block — the employer, not the person who forwarded it.
 */
export function ownText(bodyText: string): { text: string; forwarded?: ForwardedPart } {
  const lines = bodyText.replace(/\r/g, '').split('\n')
  const kept: string[] = []
  let forwarded: ForwardedPart | undefined
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (FORWARD_OPENER.test(line)) {
      forwarded = {}
      for (let j = i + 1; j < Math.min(lines.length, i + 8); j++) {
        const header = /^(from|von|de|van|от|subject|betreff|objet|asunto|onderwerp|тема)\s*:\s*(.*)$/i.exec(lines[j]!.trim())
        if (!header) continue
        if (/^(from|von|de|van|от)$/i.test(header[1]!)) {
          const m = /^(.*?)\s*<([^>]+)>/.exec(header[2]!)
          forwarded.fromAddr = (m ? m[2]! : header[2]!).trim().toLowerCase()
          if (m?.[1]) forwarded.fromName = m[1].replace(/^"|"$/g, '').trim()
        } else forwarded.subject = header[2]!.trim()
      }
      continue
    }
    if (!forwarded && QUOTE_OPENER.test(line)) break
    if (line.startsWith('>')) continue
    kept.push(line)
  }
  return { text: kept.join(' ').replace(/\s+/g, ' ').trim(), ...(forwarded && { forwarded }) }
}

export const domainOf = (address: string): string => address.slice(address.lastIndexOf('@') + 1).toLowerCase()
const endsWithDomain = (domain: string, list: string[]) => list.some((d) => domain === d || domain.endsWith(`.${d}`))

export function isAtsSender(address: string): boolean {
  return endsWithDomain(domainOf(address), ATS_DOMAINS)
}

export function classify(input: TriageInput): Triage {
  const { text, forwarded } = ownText(input.bodyText)
  const sender = forwarded?.fromAddr ?? input.fromAddr
  const subject = (forwarded?.subject ?? input.subject).replace(/^((re|fwd?|wg|tr|rv|aw|доб|fw)\s*:\s*)+/i, '')
  const haystack = `${subject} ${text}`.toLowerCase()
  const domain = domainOf(sender)
  const ats = endsWithDomain(domain, ATS_DOMAINS)
  if (input.hasInvitation) return { label: 'interview_invitation', confidence: 0.95 }
  const alert = otherPattern.test(subject) || (endsWithDomain(domain, BOARD_DOMAINS) && otherPattern.test(haystack))
  if (alert) return { label: 'other', confidence: 0.8 }
  for (const label of PRECEDENCE) {
    if (compiled[label].test(haystack)) return { label, confidence: ats ? 0.9 : 0.8 }
  }
  if (ats) return { label: 'acknowledgement', confidence: 0.6 }
  return { label: 'other', confidence: 0.5 }
}

/**
 * The label stored for a message: `other` only for mail that is about no application. Mail the
 * matcher tied to an application but no phrase explains stays unclassified (visible, and listed
 * by `unclassified=1`) rather than hidden as `other`.
 */
export function labelFor(triage: Triage, aboutAnApplication: boolean): Label | null {
  return triage.label === 'other' && triage.confidence < 0.8 && aboutAnApplication ? null : triage.label
}
