import { readFileSync } from 'node:fs'
import { dataFile } from '../paths.ts'
import { CONCEPTS, EXTRA_SKILLS } from './tech-extra.ts'
import { tokenize, type Tokens } from './tokens.ts'

/**
 * The skill dictionary: a curated list (tech-extra.ts), GitHub explore topics (data/skills.json) and
 * named technologies from O*NET (data/tools.json), the last two filtered for common English words when
 * data/ was built. Text is split into tokens that keep technology punctuation ("c++", "c#", ".net",
 * "node.js"), and phrases of up to four tokens are looked up, so "reactive" never matches React and
 * "Go" the verb never matches Go the language. Links and e-mail addresses are masked first.
 */
export interface Skill {
  slug: string
  name: string
}

interface Term {
  skill: Skill
  proper: boolean
  context: boolean
  /** An abbreviation of a longer name ("ATS" of "Automate the Schools"): it counts only when the text names that too. */
  spelledOut?: string
  /** An everyday word too (EVERYDAY_NAMES): alone it needs a neighbour that shows the technology. */
  everyday?: boolean
}

/** A vocabulary row of data/: slug, display name, spellings, spellings that need a capital. */
type Row = [slug: string, name: string, terms: string[], proper: string[]]

interface Dictionary {
  terms: Map<string, Term>
  firstWords: Set<string>
  bySlug: Map<string, Skill>
  /** Skills a longer term names too ("Ruby on Rails": Ruby; "SQL Server": SQL). */
  implies: Map<string, Skill[]>
}

const MAX_WORDS = 4
/**
 * Abbreviations that mean their technology wherever a posting writes them. Every other short
 * abbreviation of a longer skill name ("ATS", "EOR", "CIS", "LCU", "FTC") stands for something else
 * in most postings (an applicant tracking system, an employer of record, a region, a game, an
 * agency), so it needs its long name in the same text.
 */
const PLAIN_ABBREVIATIONS = new Set([
  'aws', 'gcp', 'gce', 'emr', 'aem', 'iac', 'tdd', 'bdd', 'ddd', 'oop', 'orm', 'mvc', 'pwa', 'spa', 'sso', 'jwt', 'tls', 'ssl', 'dns', 'ftp',
  'uml', 'iis', 'ide', 'plc', 'hmi', 'rtl', 'hdl', 'ddl', 'dml', 'eda', 'cae', 'jcl', 'cgi', 'vnc', 'vpn', 'nlp', 'llm', 'rag', 'sre', 'vba',
  'abap', 'apl', 'ampl', 'vhdl', 'vrml', 'xpath', 'xui', 'ci', 'cd', 'fem', 'fea', 'k8s', 'js', 'ts', 'ror', 'jdk', 'jvm', 'cpp', 'fsm', 'gis',
  'erp', 'crm', 'cms', 'seo', 'sql', 'api', 'ux', 'ui', 'ios', 'php', 'css', 'xml', 'svg', 'rpc', 'iot', 'cli', 'gui',
])

/**
 * Skill names that are also everyday words or names ("a swift response", "Ada es nuestra
 * fundadora", "Kafka-esque", "pandas at the zoo"): alone they count only beside a technology, a
 * role noun, a usage word ("with Rust", "Rust and Go", "Rust developer") or as an item of a list.
 */
/** Nouns after a capitalised everyday name that show the technology ("our Rust SDK", "the Swift team", "Kafka topics"). */
const TECH_NOUNS = new Set(['sdk', 'sdks', 'team', 'teams', 'app', 'apps', 'codebase', 'code', 'service', 'services', 'library', 'libraries', 'stack', 'client', 'clients', 'project', 'projects', 'ecosystem', 'api', 'apis', 'jobs', 'pipelines', 'cluster', 'clusters', 'streams', 'topics', 'plugin', 'plugins', 'scripts', 'tests', 'components', 'backend', 'frontend', 'expertise', 'knowledge', 'skills', 'proficiency', 'applications', 'cookbooks', 'manifests', 'dataframes'])
const EVERYDAY_NAMES = new Set(['ada', 'swift', 'chef', 'rust', 'ruby', 'spark', 'flask', 'express', 'jest', 'mocha', 'sketch', 'rocket', 'pandas', 'kafka', 'unity', 'puppet', 'salt', 'dart', 'julia', 'crystal', 'elm', 'nim', 'zig', 'keras', 'spring'])

/** The abbreviation's long name when `spelling` abbreviates `name` ("ATS" of "Automate the Schools ATS"), else undefined. */
function spelledOutOf(spelling: string, name: string): string | undefined {
  const term = termsOf(spelling)[0]
  if (!term || !/^[A-Za-z][A-Za-z0-9]{1,4}$/.test(spelling) || PLAIN_ABBREVIATIONS.has(term)) return undefined
  const long = termsOf(name.replace(new RegExp(`\\s*\\(?${spelling}\\)?\\s*$`), ''))[0]
  return long && long !== term && long.includes(' ') ? long : undefined
}
/** Words before or after a bare "Go"/"R"/"C" that show it is the language. */
const CONTEXT_BEFORE = new Set(['in', 'with', 'using', 'like', 'and', 'or', 'of', 'e.g', 'including', 'write', 'writing', 'modern', 'idiomatic', 'strong', 'proficient', 'languages', 'skills', 'stack', 'technologies', 'frameworks', 'tools'])
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
  const add = (skill: Skill, term: string, proper: boolean, context: boolean, spelledOut?: string) => {
    if (!terms.has(term)) terms.set(term, { skill, proper, context, spelledOut })
  }
  // Curated terms first: their rules win over a topic's plain term.
  for (const extra of EXTRA_SKILLS) {
    const skill = { slug: extra.slug, name: extra.name }
    bySlug.set(skill.slug, skill)
    for (const term of extra.terms) add(skill, termsOf(term)[0]!, extra.proper?.includes(term) ?? false, extra.context?.includes(term) ?? false)
  }
  const read = (file: string) => JSON.parse(readFileSync(dataFile(file), 'utf8')) as Row[]
  for (const [slug, name, spellings, proper] of read('skills.json')) {
    const skill = bySlug.get(slug) ?? { slug, name }
    bySlug.set(slug, skill)
    const dropped = new Set(extras.get(slug)?.drop ?? [])
    for (const text of spellings) {
      for (const term of termsOf(text)) if (!dropped.has(term)) add(skill, term, proper.includes(text), false, spelledOutOf(text, name))
    }
  }
  // An O*NET technology that shares a spelling with a known skill ("Apache Kafka") joins that skill.
  const tools = new Map<string, Skill>()
  for (const [slug, name, spellings, proper] of read('tools.json')) {
    const known = spellings.flatMap(termsOf).map((term) => terms.get(term)?.skill).find(Boolean)
    const skill = known ?? bySlug.get(slug) ?? { slug, name }
    bySlug.set(skill.slug, skill)
    if (!known) tools.set(termsOf(spellings[0]!)[0]!, skill)
    for (const text of spellings) for (const term of termsOf(text)) add(skill, term, proper.includes(text), false, spelledOutOf(text, name))
  }
  const implies = new Map<string, Skill[]>()
  // A product line names its product: "Informatica PowerCenter" is Informatica, "Autodesk AutoCAD Civil 3D" AutoCAD.
  for (const [term, skill] of tools) {
    const words = term.split(' ')
    for (let n = words.length - 1; n >= 1; n--) {
      const prefix = words.slice(0, n).join(' ')
      const parent = terms.get(prefix)?.skill
      // The prefix must be the product's own name, not a vendor's ("Dassault Systemes CATIA").
      if (parent && parent !== skill && tools.get(prefix) === parent && termsOf(parent.name)[0] === prefix) {
        implies.set(skill.slug, [parent])
        break
      }
    }
  }
  for (const extra of EXTRA_SKILLS) {
    const implied = (extra.implies ?? []).map((slug) => bySlug.get(slug)).filter((s): s is Skill => Boolean(s))
    if (implied.length) implies.set(extra.slug, [...(implies.get(extra.slug) ?? []), ...implied])
  }
  for (const word of EVERYDAY_NAMES) {
    const term = terms.get(word)
    if (term) terms.set(word, { ...term, everyday: true })
  }
  const firstWords = new Set([...terms.keys()].map((term) => term.split(' ')[0]!))
  dictionary = { terms, firstWords, bySlug, implies }
  return dictionary
}


function isLanguageNeighbour(word: string | undefined, dict: Dictionary): boolean {
  if (word === undefined) return false
  const term = dict.terms.get(word)
  return Boolean(term && !term.context && !term.proper)
}

const LIST_EDGE = /[,;:()|•·\n/]/
const SENTENCE_EDGE = /[.!?•·\n]/
const URL_OR_EMAIL = /\b(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+\.[\w.-]+/gi

/** The token is an item of its own in a list, a header field or a line ("Go, C, Python", "• Go"). */
function standsAlone(tokens: Tokens, i: number): boolean {
  const before = i === 0 || LIST_EDGE.test(tokens.gap[i]!)
  const after = i + 1 >= tokens.lower.length ? true : LIST_EDGE.test(tokens.gap[i + 1]!) || /^\.\s*\n/.test(tokens.gap[i + 1]!)
  return before && after
}

const ROLE_WORDS = new Set(['engineer', 'engineers', 'developer', 'developers', 'programmer', 'architect', 'administrator', 'admin', 'consultant', 'specialist', 'analyst', 'expert', 'certified', 'certification'])

/** A technology next to it ("Python, Go", "React and TypeScript"), or a role noun ("Android Engineer"). */
function hasTechNeighbour(tokens: Tokens, i: number, dict: Dictionary): boolean {
  const words = tokens.lower
  if (!tokens.breakBefore[i + 1] && ROLE_WORDS.has(words[i + 1] ?? '')) return true
  const after = tokens.breakBefore[i + 1] && !LIST_EDGE.test(tokens.gap[i + 1] ?? '') ? undefined : words[i + 1]
  const joined = after === 'and' || after === 'or' ? words[i + 2] : after
  return isLanguageNeighbour(words[i - 1], dict) || isLanguageNeighbour(joined, dict)
}

/**
 * Canonical skills mentioned in the text, in order of first mention. Concept words (AI, SaaS,
 * database, API, DevOps…) are not read from text: they describe a business or a discipline far more
 * often than a skill asked for, so only a source's own skill tags give them.
 */
export function extractSkills(text: string): Skill[] {
  const dict = load()
  const tokens = tokenize(text.replace(URL_OR_EMAIL, ' '))
  const words = tokens.lower
  const found = new Map<string, Skill>()
  let spelledText: string | undefined
  const addFound = (skill: Skill) => {
    if (CONCEPTS.has(skill.slug) || found.has(skill.slug)) return
    found.set(skill.slug, skill)
    for (const implied of dict.implies.get(skill.slug) ?? []) if (!found.has(implied.slug)) found.set(implied.slug, implied)
  }
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
    if (term.spelledOut && !(spelledText ??= ` ${words.join(' ')} `).includes(` ${term.spelledOut} `)) continue
    if (best.words === 1 && term.proper) {
      if (!tokens.capitalised[i]) continue
      // A capital at the start of a sentence is grammar, not a name ("Excel at communication").
      const sentenceStart = i === 0 || SENTENCE_EDGE.test(tokens.gap[i]!)
      if (sentenceStart && !standsAlone(tokens, i) && !hasTechNeighbour(tokens, i, dict)) continue
    }
    if (best.words === 1 && (term.context || term.everyday)) {
      if ((term.context && !tokens.capitalised[i]) || tokens.next[i] === '&' || tokens.next[i] === "'" || tokens.next[i] === '-') continue
      const before = tokens.breakBefore[i] ? undefined : words[i - 1]
      const after = tokens.breakBefore[i + 1] ? undefined : words[i + 1]
      const fits =
        (term.everyday && tokens.capitalised[i] && after !== undefined && TECH_NOUNS.has(after)) ||
        (before !== undefined && CONTEXT_BEFORE.has(before)) ||
        (after !== undefined && CONTEXT_AFTER.has(after)) ||
        isLanguageNeighbour(words[i - 1], dict) ||
        isLanguageNeighbour(words[i + 1], dict) ||
        // A run of technologies ("Rust Go Python" on a CV's skills line).
        (term.everyday && after !== undefined && dict.terms.has(after)) ||
        standsAlone(tokens, i)
      if (!fits) continue
    }
    addFound(term.skill)
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

let spellings: Map<string, string[]> | undefined

/**
 * Every spelling of each skill, by slug, as the dictionary holds them (lowercase, hyphens as spaces,
 * technology punctuation kept: "node.js", ".net", "machine learning"). Search reads them as synonyms.
 */
export function skillSpellings(): Map<string, string[]> {
  if (spellings) return spellings
  spellings = new Map()
  for (const [term, { skill }] of load().terms) {
    const list = spellings.get(skill.slug)
    if (list) list.push(term)
    else spellings.set(skill.slug, [term])
  }
  return spellings
}
