import { createHash } from 'node:crypto'
import { resolveLocation } from './location.ts'

/**
 * The role part of a posting's cluster key (src/ingest/enrich.ts clusterKeyOf): what tells one job
 * of an employer from another. Only what names the same job twice is dropped — level, gender and
 * work-mode markers, employment terms, places ("- Berlin", "(Remote, US)") and requisition codes —
 * so "Sales Manager, Enterprise" and "Sales Manager, Public Sector", "Software Engineer, Android"
 * and "Software Engineer, iOS", "Team Lead, Payments Operations" and "Team Lead, Risk" stay apart.
 * Letters of every script are kept ("Инженер-программист" is not an empty role), and a title of
 * nothing but markers keys on itself: never an empty key.
 */
const MARKERS =
  /\b(senior|sr|snr|junior|jr|mid[- ]level|middle|intermediate|principal|staff|lead|intern|internship|trainee|graduate|entry[- ]level|new grad|associate|i{1,3}|iv|l[3-7]|level \d|remote|hybrid|onsite|on-site|in[- ]office|contract|contractor|freelance|full[- ]time|part[- ]time|permanent|temporary|fixed[- ]term|m\/w\/d|m\/f\/d|w\/m\/d|f\/m\/d|d\/f\/m|m\/w\/x|h\/f|f\/h|all genders|gn)\b/giu
const GENDER_ONLY = /^\s*(?:[mwfdxhn*]\s*[/|]\s*)+[mwfdxhn*]\s*$/i
// "R-10422", "#4411", "Req 88", "JR123456": a board's code for the opening, not for the job.
const REQUISITION = /^(?:req(?:uisition)?\.?\s*#?\s*|job\s*(?:id|#)\s*:?\s*|#\s*)?[a-z]{0,4}[-_ ]?\d{2,}$/i

// Segments and teams that share a spelling with some town ("Enterprise", AL; "Mobile", AL): never a place here.
const NOT_PLACES = new Set([
  'enterprise', 'mobile', 'federal', 'central', 'north', 'south', 'east', 'west', 'commerce', 'mission', 'normal', 'liberty', 'independence',
  'surprise', 'paradise', 'orange', 'reading', 'nice', 'bath', 'plano', 'victory', 'justice', 'opportunity', 'security', 'progress',
])

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\+/g, 'p')
    .replace(/#/g, 'sharp')

/** Lowercase words of any script joined by hyphens ("Sr. Go Engineer" -> "sr-go-engineer"). */
function keyWords(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '')
}

/** A part of the title that only says where, how, or which opening: not which job. */
function saysNothingOfTheJob(part: string): boolean {
  const bare = part.replace(MARKERS, ' ').replace(/[\s,.;:]+/g, ' ').trim()
  if (!bare || GENDER_ONLY.test(part.trim()) || REQUISITION.test(bare)) return true
  if (NOT_PLACES.has(bare.toLowerCase())) return false
  const place = resolveLocation(bare)
  return place.countries.length > 0 || place.regions.length > 0 || place.cities.length > 0
}

export function roleKeyOf(title: string): string {
  const parts: string[] = []
  // Brackets, then separators: " - ", " | ", ", ", " / ", ": ", " @ ".
  const brackets = [...title.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)].map((m) => m[1] ?? m[2] ?? '')
  const rest = title.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
  const [core = '', ...qualifiers] = rest.split(/\s[-–—|@]\s|,\s*|\s\/\s|:\s/)
  for (const part of [core, ...qualifiers, ...brackets]) {
    if (part !== core && saysNothingOfTheJob(part)) continue
    const words = keyWords(part.replace(MARKERS, ' '))
    if (words) parts.push(words)
  }
  const key = parts.join('-').slice(0, 120).replace(/-+$/, '')
  if (key) return key
  // Nothing but markers ("Senior (m/w/d)"), or symbols: the title itself, hashed when it has no letters.
  return keyWords(title) || `t-${createHash('sha256').update(title).digest('hex').slice(0, 12)}`
}
