/**
 * Synonyms and aliases of a query word: a small curated list of what job seekers type (golang,
 * k8s, front-end, ML…) and every spelling of a skill in the skill dictionary the enrichment uses
 * (src/vocabulary/skills.ts), so `golang` finds Go jobs and `postgres` PostgreSQL ones.
 * Spellings are compared in one normal form: lowercase, accents folded, hyphens and underscores
 * as spaces, technology punctuation kept (".net", "node.js", "c++", "c#").
 */
import { skillSpellings } from '../vocabulary/skills.ts'
import { clauseOf, finish, spellingOf, tokenize, type TextClause, type TextQuery } from './text-tokens.ts'

/** Groups of interchangeable spellings; each group is merged with the skill groups of its members. */
const CURATED: readonly string[][] = [
  ['go', 'golang'],
  ['kubernetes', 'k8s'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['frontend', 'front end'],
  ['backend', 'back end'],
  ['fullstack', 'full stack'],
  ['.net', 'dotnet', 'dot net'],
  ['postgresql', 'postgres'],
  ['machine learning', 'ml'],
  ['artificial intelligence', 'ai'],
  ['large language model', 'llm', 'llms'],
  ['natural language processing', 'nlp'],
  ['site reliability', 'sre'],
  ['c#', 'csharp'],
  ['c++', 'cpp'],
  ['node.js', 'nodejs'],
  ['vue', 'vue.js', 'vuejs'],
  ['react', 'react.js', 'reactjs'],
  ['ux', 'user experience'],
  ['ui', 'user interface'],
  ['qa', 'quality assurance'],
  ['aws', 'amazon web services'],
  ['gcp', 'google cloud'],
  ['devops', 'dev ops'],
  ['ios', 'iphone'],
]

/** Longest run of typed words read as one multi-word spelling ("amazon web services"). */
const MAX_SPELLING_WORDS = 4

/** Most alternatives one word expands to (shortest spellings first): each is a posting-list union. */
const MAX_ALTERNATIVES = 8

let groups: Map<string, string[]> | undefined

function load(): Map<string, string[]> {
  if (groups) return groups
  const bySpelling = new Map<string, Set<string>>()
  const join = (members: readonly string[]) => {
    const merged = new Set<string>()
    for (const member of members) for (const known of bySpelling.get(member) ?? [member]) merged.add(known)
    for (const member of merged) bySpelling.set(member, merged)
  }
  for (const spellings of skillSpellings().values()) join(spellings.map(spellingOf))
  for (const group of CURATED) join(group.map(spellingOf))
  groups = new Map([...bySpelling].map(([spelling, group]) => [spelling, [...group]]))
  return groups
}

/**
 * The tokens of the other spellings of a word or hyphenated term (in normal form), shortest first.
 * A spelling that only adds words to a shorter one ("machine learning models" beside "machine
 * learning", "net core" beside ".net") is dropped: it can only match postings the shorter one does.
 */
export function aliasesOf(spelling: string): string[][] {
  const group = load().get(spelling)
  if (!group) return []
  const own = tokenize(spelling).join(' ')
  const sorted = group.map((member) => tokenize(member).join(' ')).filter(Boolean).sort((a, b) => a.length - b.length || (a < b ? -1 : 1))
  const kept: string[] = []
  for (const candidate of sorted) {
    if (kept.some((shorter) => ` ${candidate} `.includes(` ${shorter} `))) continue
    kept.push(candidate)
  }
  return kept.filter((alias) => alias !== own).slice(0, MAX_ALTERNATIVES).map((alias) => alias.split(' '))
}

/** The clause with its aliases as further terms (a quoted phrase is matched as typed). */
export function withAliases(clause: TextClause): TextClause {
  if (clause.quoted) return clause
  const aliases = aliasesOf(clause.spelling)
  if (aliases.length === 0) return clause
  const seen = new Set(clause.terms.map((term) => term.tokens.join(' ')))
  const terms = [...clause.terms]
  for (const tokens of aliases) {
    if (seen.has(tokens.join(' '))) continue
    seen.add(tokens.join(' '))
    terms.push({ tokens, prefix: false })
  }
  return { ...clause, terms }
}

/**
 * The text with every clause's aliases. Consecutive typed words that together spell a known term
 * ("machine learning", "front end") become one clause first: that phrase or its aliases ("ml").
 */
export function expandAliases(text: TextQuery): TextQuery {
  const spellings = load()
  const { clauses } = text
  const out: TextClause[] = []
  for (let i = 0; i < clauses.length; ) {
    let used = 1
    let clause = clauses[i]!
    for (let n = Math.min(MAX_SPELLING_WORDS, clauses.length - i); n >= 2; n--) {
      const run = clauses.slice(i, i + n)
      if (run.some((word) => word.quoted || word.terms[0]!.tokens.length !== 1)) continue
      const spelling = run.map((word) => word.spelling).join(' ')
      if (!spellings.has(spelling)) continue
      clause = clauseOf(run.map((word) => word.display).join(' '), run.map((word) => word.terms[0]!.tokens[0]!), false, spelling)
      used = n
      break
    }
    out.push(withAliases(clause))
    i += used
  }
  return finish({ ...text, clauses: out })!
}
