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
    const term = tokenize(part).lower.join(' ')
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

interface Tokens {
  lower: string[]
  /** The first letter is upper case in the original text. */
  capitalised: boolean[]
  /** The character right after the token ("&" in "R&D" disqualifies R). */
  next: string[]
  /** Punctuation stands between this token and the previous one: phrases never span it. */
  breakBefore: boolean[]
}

const BREAK_CHARS = new Set(['.', ',', ';', ':', '!', '?', '(', ')', '|', '•', '\n'])

/** Letters and digits (Latin, Latin-1/Extended, Cyrillic) start and continue a token; "+#." continue it. */
function isWordChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57) || (code >= 0xc0 && code <= 0x24f) || (code >= 0x400 && code <= 0x4ff)
}
const isJoinChar = (code: number) => code === 43 || code === 35 || code === 46

/** Words with technology punctuation kept ("c++", ".net", "node.js"); a trailing sentence dot is dropped. */
export function tokenize(text: string): Tokens {
  const lowerText = text.toLowerCase()
  // Lowercasing can change the length of rare characters; then case is simply unknown.
  const sameLength = lowerText.length === text.length
  const tokens: Tokens = { lower: [], capitalised: [], next: [], breakBefore: [] }
  const length = lowerText.length
  let previousEnd = 0
  let i = 0
  while (i < length) {
    const code = lowerText.charCodeAt(i)
    // A token starts at a word character, or at a dot directly followed by one (".net").
    const dotted = code === 46 && i + 1 < length && isWordChar(lowerText.charCodeAt(i + 1))
    if (!isWordChar(code) && !dotted) {
      i++
      continue
    }
    const start = i
    i++
    while (i < length) {
      const c = lowerText.charCodeAt(i)
      if (!isWordChar(c) && !isJoinChar(c)) break
      i++
    }
    let end = i
    while (end - start > 1 && lowerText.charCodeAt(end - 1) === 46) end--
    let broken = false
    for (let k = previousEnd; k < start && !broken; k++) broken = BREAK_CHARS.has(lowerText[k]!)
    tokens.lower.push(lowerText.slice(start, end))
    tokens.capitalised.push(sameLength && text.charCodeAt(start) !== code)
    tokens.next.push(end < i ? '.' : (text[end] ?? ''))
    tokens.breakBefore.push(broken)
    previousEnd = end
  }
  return tokens
}

function isLanguageNeighbour(word: string | undefined, dict: Dictionary): boolean {
  if (word === undefined) return false
  const term = dict.terms.get(word)
  return Boolean(term && !term.context && !term.proper)
}

/** Canonical skills mentioned in the text, in order of first mention. */
export function extractSkills(text: string): Skill[] {
  const dict = load()
  const tokens = tokenize(text)
  const words = tokens.lower
  const found = new Map<string, Skill>()
  for (let i = 0; i < words.length; i++) {
    if (!dict.firstWords.has(words[i]!)) continue
    let phrase = ''
    let best: { term: Term; words: number } | undefined
    for (let n = 1; n <= MAX_WORDS && i + n <= words.length; n++) {
      if (n > 1 && tokens.breakBefore[i + n - 1]) break
      phrase = n === 1 ? words[i]! : `${phrase} ${words[i + n - 1]}`
      const term = dict.terms.get(phrase)
      if (term) best = { term, words: n }
    }
    if (!best) continue
    const { term } = best
    if (best.words === 1 && term.proper && !tokens.capitalised[i]) continue
    if (best.words === 1 && term.context) {
      if (!tokens.capitalised[i] || tokens.next[i] === '&' || tokens.next[i] === "'") continue
      const before = tokens.breakBefore[i] ? undefined : words[i - 1]
      const after = tokens.breakBefore[i + 1] ? undefined : words[i + 1]
      const fits =
        (before !== undefined && CONTEXT_BEFORE.has(before)) ||
        (after !== undefined && CONTEXT_AFTER.has(after)) ||
        isLanguageNeighbour(words[i - 1], dict) ||
        isLanguageNeighbour(words[i + 1], dict)
      if (!fits) continue
    }
    if (!found.has(term.skill.slug)) found.set(term.skill.slug, term.skill)
    i += best.words - 1
  }
  return [...found.values()]
}

/** The skill behind a slug or a name/alias ("golang" -> go), or undefined. */
export function findSkill(nameOrSlug: string): Skill | undefined {
  const dict = load()
  const key = nameOrSlug.trim().toLowerCase()
  return dict.bySlug.get(key) ?? dict.terms.get(termsOf(nameOrSlug)[0] ?? '')?.skill
}
