import type { SearchEngine } from '../search/engine.ts'
import type { FacetName, SearchFilters } from '../search/facet-spec.ts'
import { wordsOf, type Term, type TermKind, type Vocabulary, type WordEntry } from './suggest-vocabulary.ts'

/**
 * Typeahead: completes the phrase being typed over titles, roles, skills, categories and companies.
 * Earlier words must match exactly; the last one (the fragment being typed) matches as a prefix,
 * or, from four letters on, within one edit (two from eight letters). When the leading words name
 * a skill, role, category or company, the rest completes a second one and the row counts the open
 * postings having both ("go backend" -> Go + Backend). Rows never carry zero postings, and each
 * row's count is the total of the search its pick runs (test/http/routes/suggest.test.ts checks both agree).
 */
export interface SuggestPart {
  kind: TermKind
  slug?: string
  text: string
}

export interface SuggestRow {
  text: string
  parts: SuggestPart[]
  jobs: number
}

/** Words of a prefix range examined at most (the ones with the biggest terms), and terms per word. */
const WORDS_PER_FRAGMENT = 60
const TERMS_PER_WORD = 60
/** Terms of the anchoring word examined at most when a phrase has leading words. */
const ANCHOR_TERMS = 5000
/** Composed rows counted per request at most: each count is a filtered search. */
const MAX_COMPOSED = 4

const FACET_OF: Partial<Record<TermKind, FacetName>> = { skill: 'skills', role: 'role', category: 'category', company: 'company_slug' }

interface Match {
  term: number
  /** 0: the fragment is a prefix of the word; 1: within the allowed edits. */
  tier: number
}

function maxEdits(fragment: string): number {
  return fragment.length >= 8 ? 2 : fragment.length >= 4 ? 1 : 0
}

/** Edit distance (with transpositions) between `fragment` and the closest prefix of `word`, or Infinity beyond `limit`. */
export function prefixDistance(fragment: string, word: string, limit: number): number {
  const n = fragment.length
  const m = Math.min(word.length, n + limit)
  let before: number[] = []
  let previous = Array.from({ length: m + 1 }, (_, j) => j)
  for (let i = 1; i <= n; i++) {
    const current = [i]
    let rowMin = i
    for (let j = 1; j <= m; j++) {
      const cost = fragment[i - 1] === word[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && fragment[i - 1] === word[j - 2] && fragment[i - 2] === word[j - 1]) value = Math.min(value, before[j - 2]! + 1)
      current.push(value)
      rowMin = Math.min(rowMin, value)
    }
    if (rowMin > limit) return Infinity
    before = previous
    previous = current
  }
  const best = Math.min(...previous)
  return best <= limit ? best : Infinity
}

function prefixRange(words: WordEntry[], fragment: string): WordEntry[] {
  let lo = 0
  let hi = words.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (words[mid]!.word < fragment) lo = mid + 1
    else hi = mid
  }
  const out: WordEntry[] = []
  for (let i = lo; i < words.length && words[i]!.word.startsWith(fragment); i++) out.push(words[i]!)
  return out
}

/** 0: the fragment starts the word; 1: within the allowed edits of a prefix of it; -1: no match. */
function fragmentTier(fragment: string, word: string): number {
  if (word.startsWith(fragment)) return 0
  const edits = maxEdits(fragment)
  return edits > 0 && word[0] === fragment[0] && prefixDistance(fragment, word, edits) <= edits ? 1 : -1
}

/** Terms whose words contain `leading` followed by a word the fragment completes. */
function matchPhrase(vocabulary: Vocabulary, leading: string[], fragment: string): Match[] {
  const best = new Map<number, number>()
  const keep = (term: number, tier: number) => {
    if (tier >= 0 && (best.get(term) ?? 2) > tier) best.set(term, tier)
  }
  if (leading.length > 0) {
    // Anchor on the rarest leading word (matched exactly), then check the fragment against the next word.
    const anchors = leading.map((word, at) => ({ entry: vocabulary.byWord.get(word), at }))
    if (anchors.some((a) => !a.entry)) return []
    const anchor = anchors.sort((a, b) => a.entry!.postings.length - b.entry!.postings.length)[0]!
    for (const [term, position] of anchor.entry!.postings.slice(0, ANCHOR_TERMS)) {
      const start = position - anchor.at
      const words = vocabulary.terms[term]!.words
      const next = words[start + leading.length]
      if (start < 0 || next === undefined || !leading.every((word, i) => words[start + i] === word)) continue
      keep(term, fragmentTier(fragment, next))
    }
    return [...best].map(([term, tier]) => ({ term, tier }))
  }
  const candidates: [WordEntry, number][] = prefixRange(vocabulary.words, fragment).map((entry) => [entry, 0])
  if (maxEdits(fragment) > 0) {
    for (const entry of vocabulary.byInitial.get(fragment[0]!) ?? []) {
      if (!entry.word.startsWith(fragment) && fragmentTier(fragment, entry.word) === 1) candidates.push([entry, 1])
    }
  }
  candidates.sort(([a, ta], [b, tb]) => ta - tb || b.best - a.best)
  for (const [entry, tier] of candidates.slice(0, WORDS_PER_FRAGMENT)) {
    for (const [term] of entry.postings.slice(0, TERMS_PER_WORD)) keep(term, tier)
  }
  return [...best].map(([term, tier]) => ({ term, tier }))
}

const partOf = (term: Term): SuggestPart => (term.slug ? { kind: term.kind, slug: term.slug, text: term.text } : { kind: term.kind, text: term.text })

function clauseFilters(a: Term, b: Term): SearchFilters {
  const facets: SearchFilters['facets'] = {}
  for (const term of [a, b]) {
    const facet = FACET_OF[term.kind]!
    const clause = (facets[facet] ??= { values: [], mode: 'and', exclude: [] })
    clause.values.push(term.slug!)
  }
  return { facets }
}

interface Ranked extends SuggestRow {
  tier: number
}

export function suggest(vocabulary: Vocabulary, search: SearchEngine, q: string, limit: number): SuggestRow[] {
  const words = wordsOf(q)
  if (words.length === 0) return []
  const rows: Ranked[] = []
  const fragment = words[words.length - 1]!
  for (const { term, tier } of matchPhrase(vocabulary, words.slice(0, -1), fragment)) {
    const t = vocabulary.terms[term]!
    rows.push({ text: t.text, parts: [partOf(t)], jobs: t.jobs, tier })
  }
  // Composed rows: the leading words name one facet value, the rest completes another.
  let composed = 0
  for (let split = 1; split < words.length && composed < MAX_COMPOSED; split++) {
    const heads = (vocabulary.byName.get(words.slice(0, split).join(' ')) ?? []).map((i) => vocabulary.terms[i]!).filter((t) => FACET_OF[t.kind])
    const head = heads.sort((a, b) => b.jobs - a.jobs)[0]
    if (!head) continue
    const tails = matchPhrase(vocabulary, words.slice(split, -1), fragment)
      .map((m) => ({ ...m, t: vocabulary.terms[m.term]! }))
      .filter(({ t }) => FACET_OF[t.kind] && t.slug !== head.slug && (t.kind !== head.kind || t.kind === 'skill'))
      // "Product" + "Product Manager" says nothing the second part does not.
      .filter(({ t }) => !head.words.every((word) => t.words.includes(word)))
      .sort((a, b) => a.tier - b.tier || b.t.jobs - a.t.jobs)
      .slice(0, Math.min(limit, MAX_COMPOSED - composed))
    for (const { t, tier } of tails) {
      composed++
      const jobs = search.count(undefined, clauseFilters(head, t))
      if (jobs > 0) rows.push({ text: `${head.text} ${t.text}`, parts: [partOf(head), partOf(t)], jobs, tier })
    }
  }
  const byRank = (a: Ranked, b: Ranked) => a.tier - b.tier || b.jobs - a.jobs || a.text.localeCompare(b.text)
  rows.sort(byRank)
  const seen = new Set<string>()
  const picked: Ranked[] = []
  for (const row of rows) {
    const key = wordsOf(row.text).join(' ') + '|' + row.parts.map((p) => p.kind).join(',')
    if (seen.has(key) || row.jobs <= 0) continue
    seen.add(key)
    picked.push(row)
    if (picked.length >= limit) break
  }
  // A picked title becomes the search text, which also matches longer titles holding its words
  // ("Go Engineer" finds "Senior Go Engineer"): the row shows that search's total, not the
  // exact-title count, so the number in the list is the number of results the pick shows.
  for (const row of picked) {
    if (row.parts[0]?.kind === 'title') row.jobs = search.count(row.text, { facets: {} })
  }
  return picked.sort(byRank).map(({ tier: _tier, ...row }) => row)
}
