import { readFileSync } from 'node:fs'
import type { DB } from '../db/connection.ts'
import { dataFile } from '../paths.ts'
import type { SearchEngine } from '../search/engine.ts'
import { foldText } from '../vocabulary/fold.ts'
import { codePointOrder } from '../vocabulary/text-order.ts'
import type { CompanyIndex } from './company-index.ts'

/**
 * What typeahead completes: job titles, roles, skills, categories and companies of the open
 * catalogue, each with its number of open postings, indexed by folded word. Rebuilt when the
 * catalogue changes (derived generation), so a keystroke only walks this in-memory index.
 */
export type TermKind = 'title' | 'role' | 'skill' | 'category' | 'company'

export interface Term {
  kind: TermKind
  /** Facet value (absent for titles, which are phrases, not facet values). */
  slug?: string
  text: string
  words: string[]
  jobs: number
}

export interface WordEntry {
  word: string
  /** Terms holding the word, as [term index, word position], most postings first. */
  postings: [number, number][]
  /** Open postings of the word's biggest term: orders the words of a prefix range. */
  best: number
}

export interface Vocabulary {
  terms: Term[]
  /** Distinct words, sorted, for prefix ranges by binary search. */
  words: WordEntry[]
  byWord: Map<string, WordEntry>
  /** Words by first character, for typo matching. */
  byInitial: Map<string, WordEntry[]>
  /** Terms by their whole folded name, for the leading words of a composed phrase. */
  byName: Map<string, number[]>
}

/** Titles kept at most (the most frequent), so the vocabulary stays small at a million postings. */
const MAX_TITLES = 20000

export function wordsOf(text: string): string[] {
  return foldText(text).split(/[^\p{L}\p{N}+#]+/u).filter(Boolean)
}

const CATEGORY_TEXT: Record<string, string> = {
  ml_ai: 'ML / AI', ai_engineering: 'AI Engineering', qa: 'QA', sre: 'SRE', devops: 'DevOps', hr: 'HR',
  ui_ux: 'UI / UX', fullstack: 'Full Stack',
}

const humanize = (slug: string) => CATEGORY_TEXT[slug] ?? slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())

/**
 * Open postings per distinct title, in SQLite's title order (what `GROUP BY title` gives): counted
 * here from the covering index, which at a million postings costs a third of SQLite's temporary
 * B-tree for the grouping.
 */
function titleCounts(db: DB): [string, number][] {
  const counts = new Map<string, number>()
  for (const title of db.prepare('SELECT title FROM jobs WHERE closed_at IS NULL').pluck().all() as string[]) counts.set(title, (counts.get(title) ?? 0) + 1)
  return [...counts].sort(([a], [b]) => codePointOrder(a, b))
}

function titleTerms(db: DB): Term[] {
  const byKey = new Map<string, { text: string; textJobs: number; jobs: number }>()
  for (const [title, count] of titleCounts(db)) {
    const key = wordsOf(title).join(' ')
    if (!key) continue
    const known = byKey.get(key)
    if (!known) byKey.set(key, { text: title, textJobs: count, jobs: count })
    else {
      known.jobs += count
      if (count > known.textJobs) Object.assign(known, { text: title, textJobs: count })
    }
  }
  return [...byKey.values()]
    .sort((a, b) => b.jobs - a.jobs)
    .slice(0, MAX_TITLES)
    .map((t) => ({ kind: 'title', text: t.text, words: wordsOf(t.text), jobs: t.jobs }))
}

let skillAliases: Map<string, string[]> | undefined

/** Other names of a skill (its slug, "golang" for go), from the skill dictionary in data/. */
function aliasesOf(slug: string): string[] {
  skillAliases ??= new Map(
    (JSON.parse(readFileSync(dataFile('skills.json'), 'utf8')) as [string, string, string[]][]).map(([s, , spellings]) => [
      s,
      [...new Set([s, ...spellings.map((spelling) => spelling.toLowerCase().replace(/\s+/g, '-'))])],
    ]),
  )
  return skillAliases.get(slug) ?? [slug]
}

/** The typeahead vocabulary of the catalogue; kept by CatalogueMemory until the catalogue changes. */
export function buildVocabulary(db: DB, search: SearchEngine, companies: CompanyIndex): Vocabulary {
  // Postings, as the title counts above are.
  const counts = search.facets({ filters: { facets: {} }, facets: ['skills', 'role', 'category'], postings: true }).facets
  const skillNames = new Map(db.prepare('SELECT slug, name FROM skills').raw().all() as [string, string][])
  const terms: Term[] = titleTerms(db)
  const facetTerms = (kind: TermKind, values: Record<string, number> | undefined, textOf: (slug: string) => string) => {
    for (const [slug, jobs] of Object.entries(values ?? {})) {
      if (jobs > 0) terms.push({ kind, slug, text: textOf(slug), words: wordsOf(textOf(slug)), jobs })
    }
  }
  facetTerms('skill', counts.skills, (slug) => skillNames.get(slug) ?? slug)
  // A skill is also found by its one-word other names (k8s, js, ml); longer aliases ("linux distribution")
  // would complete generic words to the wrong skill. Rows are deduplicated by kind and text downstream.
  for (const [slug, jobs] of Object.entries(counts.skills ?? {})) {
    const text = skillNames.get(slug) ?? slug
    const own = wordsOf(text).join(' ')
    for (const alias of new Set(aliasesOf(slug).map((a) => wordsOf(a)))) {
      if (alias.length === 1 && alias[0] !== own && jobs > 0) terms.push({ kind: 'skill', slug, text, words: alias, jobs })
    }
  }
  facetTerms('role', counts.role, humanize)
  facetTerms('category', counts.category, humanize)
  const { slugs, names, jobCounts } = companies.columns
  for (let rank = 0; rank < companies.size; rank++) {
    terms.push({ kind: 'company', slug: slugs[rank]!, text: names[rank]!, words: wordsOf(names[rank]!), jobs: jobCounts[rank]! })
  }
  return vocabularyOf(terms)
}

/** The vocabulary of its terms: what buildVocabulary derives, and what a saved vocabulary (memory-file.ts) is read back into. */
export function vocabularyOf(terms: Term[]): Vocabulary {
  const byWord = new Map<string, WordEntry>()
  const byName = new Map<string, number[]>()
  terms.forEach((term, index) => {
    const name = term.words.join(' ')
    const same = byName.get(name)
    if (same) same.push(index)
    else byName.set(name, [index])
  })
  // Terms taken most postings first (ties in term order), so each word's postings come out in the
  // order its completions are offered, with no sort per word.
  const order = Array.from(terms.keys()).sort((a, b) => terms[b]!.jobs - terms[a]!.jobs || a - b)
  for (const index of order) {
    const term = terms[index]!
    term.words.forEach((word, position) => {
      let entry = byWord.get(word)
      if (!entry) byWord.set(word, (entry = { word, postings: [], best: term.jobs }))
      entry.postings.push([index, position])
    })
  }
  const words = [...byWord.values()].sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
  const byInitial = new Map<string, WordEntry[]>()
  for (const entry of words) {
    const initial = entry.word[0]!
    const group = byInitial.get(initial)
    if (group) group.push(entry)
    else byInitial.set(initial, [entry])
  }
  return { terms, words, byWord, byInitial, byName }
}

