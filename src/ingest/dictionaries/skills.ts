import { readFileSync } from 'node:fs'
import { dataFile } from '../../paths.ts'
import { EXTRA_SKILLS } from './tech-extra.ts'

/**
 * The skill dictionary: GitHub explore topics (data/skills.json) plus a curated list (tech-extra.ts).
 * Text is split into tokens that keep technology punctuation ("c++", "c#", ".net", "node.js"), and
 * phrases of up to four tokens are looked up, so "reactive" never matches React and "Go" the verb
 * never matches Go the language.
 */
export interface Skill {
  slug: string
  name: string
}

interface Term {
  skill: Skill
  proper: boolean
  context: boolean
}

interface Dictionary {
  terms: Map<string, Term>
  firstWords: Set<string>
  bySlug: Map<string, Skill>
}

const MAX_WORDS = 4
/** Words before or after a bare "Go"/"R"/"C" that show it is the language. */
const CONTEXT_BEFORE = new Set(['in', 'with', 'using', 'like', 'and', 'or', 'of', 'e.g', 'including', 'write', 'writing', 'modern', 'idiomatic', 'strong', 'proficient'])
const CONTEXT_AFTER = new Set(['developer', 'developers', 'engineer', 'engineers', 'programming', 'language', 'code', 'services', 'microservices', 'backend', 'experience', 'programmer', 'studio', 'and', 'or', 'shiny'])

/**
 * "Google Cloud Platform (GCP)" -> ["google cloud platform", "gcp"]: a parenthesis counts only when it
 * is an acronym ("WoodpeckerCI (Pipelines)" must not match "pipelines"). Hyphens are spaces.
 */
function termsOf(text: string): string[] {
  const out: string[] = []
  const paren = /^(.*?)\s*\(([^)]+)\)\s*$/.exec(text)
  const parts = paren ? (/^[A-Z0-9][A-Z0-9.-]{1,7}$/.test(paren[2]!) ? [paren[1]!, paren[2]!] : [paren[1]!]) : [text]
  for (const part of parts) {
    const term = tokenize(part).map((t) => t.lower).join(' ')
    if (term) out.push(term)
  }
  return out
}

let dictionary: Dictionary | undefined

function load(): Dictionary {
  if (dictionary) return dictionary
  const terms = new Map<string, Term>()
  const bySlug = new Map<string, Skill>()
  const extras = new Map(EXTRA_SKILLS.map((extra) => [extra.slug, extra]))
  const add = (skill: Skill, term: string, proper: boolean, context: boolean) => {
    if (!terms.has(term)) terms.set(term, { skill, proper, context })
  }
  // Curated terms first: their rules win over a topic's plain term.
  for (const extra of EXTRA_SKILLS) {
    const skill = { slug: extra.slug, name: extra.name }
    bySlug.set(skill.slug, skill)
    for (const term of extra.terms) add(skill, termsOf(term)[0]!, extra.proper?.includes(term) ?? false, extra.context?.includes(term) ?? false)
  }
  const topics = JSON.parse(readFileSync(dataFile('skills.json'), 'utf8')) as [string, string, string[]][]
  for (const [slug, name, aliases] of topics) {
    const skill = bySlug.get(slug) ?? { slug, name }
    bySlug.set(slug, skill)
    const dropped = new Set(extras.get(slug)?.drop ?? [])
    for (const text of [name, slug, ...aliases]) {
      for (const term of termsOf(text)) if (!dropped.has(term)) add(skill, term, false, false)
    }
  }
  const firstWords = new Set([...terms.keys()].map((term) => term.split(' ')[0]!))
  dictionary = { terms, firstWords, bySlug }
  return dictionary
}

interface Token {
  lower: string
  capitalised: boolean
  /** The character right after the token ("&" in "R&D" disqualifies R). */
  next: string
  /** Punctuation (.,;:!?()) stands between this token and the previous one: phrases never span it. */
  breakBefore: boolean
}

const TOKEN = /\.?[a-z0-9\u00c0-\u024f\u0400-\u04ff][a-z0-9\u00c0-\u024f\u0400-\u04ff+#.]*/g
const BREAK = /[.,;:!?()|•]/

/** Words with technology punctuation kept ("c++", ".net", "node.js"); a trailing sentence dot is dropped. */
export function tokenize(text: string): Token[] {
  const lower = text.toLowerCase()
  // Case-insensitive characters can change length when lowercased (rare); then case is simply unknown.
  const sameLength = lower.length === text.length
  const out: Token[] = []
  let previousEnd = 0
  for (const match of lower.matchAll(TOKEN)) {
    let raw = match[0]
    const end = match.index + raw.length
    const dotted = raw.endsWith('.')
    while (raw.endsWith('.') && raw.length > 1) raw = raw.slice(0, -1)
    const start = match.index
    const original = sameLength ? text.slice(start, start + raw.length) : raw
    out.push({
      lower: raw,
      capitalised: original !== raw,
      next: dotted ? '.' : (text[end] ?? ''),
      breakBefore: BREAK.test(lower.slice(previousEnd, start)),
    })
    previousEnd = dotted ? start + raw.length : end
  }
  return out
}

function isLanguageNeighbour(token: Token | undefined, dict: Dictionary): boolean {
  if (!token) return false
  const term = dict.terms.get(token.lower)
  return Boolean(term && !term.context && !term.proper)
}

/** Canonical skills mentioned in the text, in order of first mention. */
export function extractSkills(text: string): Skill[] {
  const dict = load()
  const tokens = tokenize(text)
  const found = new Map<string, Skill>()
  for (let i = 0; i < tokens.length; i++) {
    if (!dict.firstWords.has(tokens[i]!.lower)) continue
    let phrase = ''
    let best: { term: Term; words: number } | undefined
    for (let n = 1; n <= MAX_WORDS && i + n <= tokens.length; n++) {
      if (n > 1 && tokens[i + n - 1]!.breakBefore) break
      phrase = n === 1 ? tokens[i]!.lower : `${phrase} ${tokens[i + n - 1]!.lower}`
      const term = dict.terms.get(phrase)
      if (term) best = { term, words: n }
    }
    if (!best) continue
    const { term, words } = best
    const token = tokens[i]!
    if (words === 1 && term.proper && !token.capitalised) continue
    if (words === 1 && term.context) {
      if (!token.capitalised || token.next === '&' || token.next === "'") continue
      const before = tokens[i - 1]
      const after = tokens[i + 1]
      const fits =
        (before && CONTEXT_BEFORE.has(before.lower)) ||
        (after && CONTEXT_AFTER.has(after.lower)) ||
        isLanguageNeighbour(before, dict) ||
        isLanguageNeighbour(after, dict)
      if (!fits) continue
    }
    if (!found.has(term.skill.slug)) found.set(term.skill.slug, term.skill)
    i += words - 1
  }
  return [...found.values()]
}

/** The skill behind a slug or a name/alias ("golang" -> go), or undefined. */
export function findSkill(nameOrSlug: string): Skill | undefined {
  const dict = load()
  const key = nameOrSlug.trim().toLowerCase()
  return dict.bySlug.get(key) ?? dict.terms.get(termsOf(nameOrSlug)[0] ?? '')?.skill
}
