import * as v from 'valibot'

/**
 * The CV document: its shape (a valibot schema every write passes through, so wrong types are a
 * clear 400/422) and the sanitiser every write ends in (caps, rune limits, clamps, unknown fonts
 * dropped). The document is plain text by design: no HTML survives a write.
 */
export const FONT_IDS = ['libertinus-serif', 'tinos', 'liberation-sans', 'carlito'] as const

const s = v.string()
const list = <T extends v.GenericSchema>(item: T) => v.optional(v.array(item))
const Link = v.union([s, v.object({ label: v.optional(s), url: s })])

export const DocumentSchema = v.object({
  margins: v.optional(v.object({ top: v.optional(v.number()), right: v.optional(v.number()), bottom: v.optional(v.number()), left: v.optional(v.number()) })),
  style: v.optional(v.object({ font_family: v.optional(v.nullable(s)), font_size: v.optional(v.nullable(v.number())), line_height: v.optional(v.nullable(v.number())) })),
  header: v.optional(v.object({ full_name: v.optional(s), headline: v.optional(s), email: v.optional(s), phone: v.optional(s), location: v.optional(s), links: list(Link) })),
  summary: v.optional(s),
  experience: list(
    v.object({ role: v.optional(s), company: v.optional(s), location: v.optional(s), start: v.optional(s), end: v.optional(s), current: v.optional(v.boolean()), summary: v.optional(s), bullets: list(s), stack: list(s) }),
  ),
  education: list(v.object({ institution: v.optional(s), degree: v.optional(s), field: v.optional(s), start: v.optional(s), end: v.optional(s) })),
  skills: list(v.object({ group: v.optional(s), items: list(s) })),
  languages: list(v.object({ name: v.optional(s), level: v.optional(s) })),
  projects: list(v.object({ name: v.optional(s), link: v.optional(s), bullets: list(s) })),
  certifications: list(v.object({ name: v.optional(s), issuer: v.optional(s), year: v.optional(v.union([s, v.number()])) })),
})

export type CvDocument = v.InferOutput<typeof DocumentSchema>

export interface Caps {
  /** Bullets per role (CV_MAX_BULLETS). */
  bullets: number
}

const CAP = { experience: 30, education: 20, skills: 20, languages: 20, links: 20, projects: 30, certifications: 30, skillItems: 60 }
const RUNES = { name: 120, email: 200, phone: 60, location: 160, summary: 2000, bullet: 600, short: 200 }

/** Control characters and anything tag-like go; runes (not UTF-16 units) are counted. */
function text(value: string | undefined, max: number): string | undefined {
  if (value === undefined) return undefined
  const clean = value
    .replace(/<[^>]*>/g, '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim()
  return Array.from(clean).slice(0, max).join('')
}

const texts = (items: string[] | undefined, cap: number, max: number) =>
  items === undefined ? undefined : items.map((item) => text(item, max)!).filter((item) => item !== '').slice(0, cap)

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n))

/** Absent keys stay absent, so a stored document reads back as it was written (minus what was capped). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T
}

function safeUrl(url: string | undefined): string | undefined {
  const clean = text(url, RUNES.short)
  if (!clean) return clean
  return /^(https?:\/\/|mailto:)/i.test(clean) ? clean : /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(clean) ? `https://${clean}` : undefined
}

/** The one sanitiser: every write (create, replace, patch, undo, seed) stores its output. */
export function sanitizeDocument(doc: CvDocument, caps: Caps): CvDocument {
  const m = doc.margins ?? {}
  const margin = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 0.5 : clamp(n, 0.25, 1.5))
  const style = doc.style ?? {}
  const fontFamily = style.font_family && (FONT_IDS as readonly string[]).includes(style.font_family) ? style.font_family : undefined
  const fontSize = typeof style.font_size === 'number' && Number.isFinite(style.font_size) ? clamp(Math.round(style.font_size * 2) / 2, 8.5, 12) : undefined
  const lineHeight = typeof style.line_height === 'number' && Number.isFinite(style.line_height) ? clamp(style.line_height, 0.3, 0.9) : undefined
  const h = doc.header ?? {}
  const links = h.links
    ?.map((link) => (typeof link === 'string' ? safeUrl(link) : compact({ label: text(link.label, RUNES.short), url: safeUrl(link.url) })))
    .filter((link) => (typeof link === 'string' ? link !== '' : link !== undefined && !!link.url))
    .slice(0, CAP.links) as NonNullable<CvDocument['header']>['links']
  return compact({
    margins: { top: margin(m.top), right: margin(m.right), bottom: margin(m.bottom), left: margin(m.left) },
    style: compact({ font_family: fontFamily, font_size: fontSize, line_height: lineHeight }),
    header: compact({ full_name: text(h.full_name, RUNES.name), headline: text(h.headline, RUNES.short), email: text(h.email, RUNES.email), phone: text(h.phone, RUNES.phone), location: text(h.location, RUNES.location), links }),
    summary: text(doc.summary, RUNES.summary),
    experience: doc.experience?.slice(0, CAP.experience).map((e) =>
      compact({
        role: text(e.role, RUNES.short), company: text(e.company, RUNES.short), location: text(e.location, RUNES.location), start: text(e.start, RUNES.short), end: text(e.end, RUNES.short),
        current: e.current, summary: text(e.summary, RUNES.summary), bullets: texts(e.bullets, caps.bullets, RUNES.bullet), stack: texts(e.stack, CAP.skillItems, RUNES.short),
      }),
    ),
    education: doc.education?.slice(0, CAP.education).map((e) => compact({ institution: text(e.institution, RUNES.short), degree: text(e.degree, RUNES.short), field: text(e.field, RUNES.short), start: text(e.start, RUNES.short), end: text(e.end, RUNES.short) })),
    skills: doc.skills?.slice(0, CAP.skills).map((g) => compact({ group: text(g.group, RUNES.short), items: texts(g.items, CAP.skillItems, RUNES.short) })),
    languages: doc.languages?.slice(0, CAP.languages).map((l) => compact({ name: text(l.name, RUNES.short), level: text(l.level, RUNES.short) })),
    projects: doc.projects?.slice(0, CAP.projects).map((p) => compact({ name: text(p.name, RUNES.short), link: safeUrl(p.link), bullets: texts(p.bullets, caps.bullets, RUNES.bullet) })),
    certifications: doc.certifications?.slice(0, CAP.certifications).map((c) => compact({ name: text(c.name, RUNES.short), issuer: text(c.issuer, RUNES.short), year: typeof c.year === 'number' ? c.year : text(c.year, RUNES.short) })),
  })
}

export function emptyDocument(caps: Caps): CvDocument {
  return sanitizeDocument({}, caps)
}
