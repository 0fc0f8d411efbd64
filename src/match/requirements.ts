import { extractSkills, findSkill } from '../vocabulary/skills.ts'

/**
 * Requirements read from a posting's text, deterministically: the text is cut into lines and
 * bullets, a heading ("Requirements", "Nice to have"…) sets whether what follows is required or
 * preferred, and each line yields the skills it names (the enrichment dictionary), a years-of-
 * experience figure, a degree, a spoken language or a certification. At most 30 are kept.
 */
export type Priority = 'required' | 'preferred'
export type RequirementKind = 'skill' | 'years' | 'education' | 'language' | 'certification'

export interface Requirement {
  text: string
  priority: Priority
  kind: RequirementKind
  /** The canonical skill slug (kind skill), the years (kind years) or the language name (kind language). */
  skill?: string
  years?: number
  language?: string
  /** The line of the posting the requirement was read from. */
  quote: string
}

export const MAX_REQUIREMENTS = 30

const PREFERRED_HEADING = /\b(nice to have|nice-to-have|preferred|bonus|good to have|a plus|desirable|pluses|extra credit)\b/i
const REQUIRED_HEADING = /\b(requirements?|qualifications?|must[- ]haves?|you have|you bring|what you('ll)? bring|what we('re)? looking for|about you|skills|profile|experience)\b/i
const INLINE_PREFERRED = /\b(nice to have|is a plus|are a plus|a bonus|preferred|preferably|ideally|desirable)\b/i
const YEARS = /(\d{1,2})\s*\+?\s*(?:-|–|to)?\s*(?:\d{1,2}\s*)?\+?\s*years?/i
const DEGREE = /\b(bachelor'?s?|master'?s?|ph\.?d|degree|diploma|b\.?sc|m\.?sc)\b/i
const CERTIFICATION = /\b(certified|certification|certificate)\b/i
const LANGUAGE_CUE = /\b(fluent|fluency|native|proficien\w*|business[- ]level|speak\w*|written and spoken|spoken and written|language|[abc][12])\b/i
export const LANGUAGES = ['English', 'German', 'French', 'Spanish', 'Dutch', 'Italian', 'Portuguese', 'Polish', 'Swedish', 'Danish', 'Norwegian', 'Finnish', 'Czech', 'Japanese', 'Mandarin', 'Chinese', 'Korean', 'Arabic', 'Hebrew', 'Turkish', 'Russian', 'Ukrainian']

/** Lines of the text: paragraphs, bullets and (for long paragraphs) sentences. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n|•|·|(?<=[.;])\s+(?=[A-Z])/)
    .map((line) => line.replace(/^\s*(?:[-*–—]+|\d{1,2}[.)])\s*/, '').trim())
    .filter((line) => line.length > 1)
}

/** A short line ending in a colon, or a few words without figures, that names a section. */
const isHeading = (line: string) =>
  line.length <= 60 && (/:$/.test(line) || (line.split(/\s+/).length <= 4 && !/[\d.,;]/.test(line))) && (PREFERRED_HEADING.test(line) || REQUIRED_HEADING.test(line))

export function extractRequirements(title: string, text: string, postingSkills: readonly string[], yearsMin?: number): Requirement[] {
  const found: Requirement[] = []
  const seen = new Set<string>()
  const add = (requirement: Requirement, key: string) => {
    if (seen.has(key) || found.length >= MAX_REQUIREMENTS) return
    seen.add(key)
    found.push(requirement)
  }
  let section: Priority = 'required'
  for (const line of linesOf(text)) {
    if (isHeading(line)) {
      section = PREFERRED_HEADING.test(line) ? 'preferred' : 'required'
      continue
    }
    const priority: Priority = section === 'preferred' || INLINE_PREFERRED.test(line) ? 'preferred' : 'required'
    const quote = line.slice(0, 240)
    const years = YEARS.exec(line)
    if (years && /experience|years of|\byears\b.*\bin\b|\bwith\b/i.test(line)) {
      const n = Number(years[1])
      if (n > 0 && n <= 30) add({ text: `${n}+ years of experience`, priority, kind: 'years', years: n, quote }, 'years')
    }
    if (DEGREE.test(line)) add({ text: 'A degree', priority, kind: 'education', quote }, 'education')
    if (CERTIFICATION.test(line)) add({ text: `Certification: ${quote.slice(0, 80)}`, priority, kind: 'certification', quote }, 'certification')
    if (LANGUAGE_CUE.test(line)) {
      for (const language of LANGUAGES) {
        if (new RegExp(`\\b${language}\\b`).test(line)) add({ text: `${language} language`, priority, kind: 'language', language, quote }, `language:${language}`)
      }
    }
    for (const skill of extractSkills(line)) add({ text: skill.name, priority, kind: 'skill', skill: skill.slug, quote }, `skill:${skill.slug}`)
  }
  if (yearsMin !== undefined && yearsMin > 0) add({ text: `${yearsMin}+ years of experience`, priority: 'required', kind: 'years', years: yearsMin, quote: '' }, 'years')
  // Skills the source tagged (or the title names) that no line spelled out are still asked for.
  for (const slug of [...postingSkills, ...extractSkills(title).map((skill) => skill.slug)]) {
    const skill = findSkill(slug)
    add({ text: skill?.name ?? slug, priority: 'required', kind: 'skill', skill: skill?.slug ?? slug, quote: '' }, `skill:${skill?.slug ?? slug}`)
  }
  return found
}
