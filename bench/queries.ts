/**
 * The fixed query mix of the benchmark, filled with words and facet values picked from the data
 * itself (by document frequency), so the mix means the same thing at every catalogue size.
 */
import type { AppContext } from '../src/context.ts'
import type { DB } from '../src/db/connection.ts'

export interface BenchQuery {
  label: string
  /** Query string of GET /jobs/search. */
  search: string
  /** Query string of GET /jobs/facets for the same search (absent: not measured). */
  facets?: string
  /** Also measured with disjunctive=true (the query selects facet values). */
  disjunctive?: boolean
  /** The text and filters, for the naive SQL baseline. */
  word?: string
  /** q is a word in about half the catalogue. */
  commonWord?: boolean
}

/** The word whose document frequency is nearest to `share` of the open postings (of `minLength` to `maxLength` letters). */
function wordNear(db: DB, open: number, share: number, minLength = 4, maxLength = 99): string {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.bench_vocab USING fts5vocab(main, 'jobs_fts', 'row')")
  return db
    .prepare("SELECT term FROM temp.bench_vocab WHERE length(term) BETWEEN ? AND ? AND term GLOB '[a-z]*' AND term NOT GLOB '*[0-9]*' ORDER BY abs(doc - ?) LIMIT 1")
    .pluck()
    .get(minLength, maxLength, Math.round(open * share)) as string
}

/** The word with two inner letters swapped, as typed in a hurry (a word no posting holds). */
function typoOf(db: DB, word: string): string {
  for (let i = 1; i + 2 < word.length; i++) {
    const typo = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
    if (typo !== word && !db.prepare('SELECT 1 FROM temp.bench_vocab WHERE term = ?').get(typo)) return typo
  }
  throw new Error(`no typo of ${word} outside the vocabulary`)
}

export function benchQueries(db: DB, ctx: AppContext): BenchQuery[] {
  const open = ctx.search.size()
  const top = ctx.search.facets({ filters: { facets: {} }, facets: ['skills', 'countries', 'cities', 'regions'] }).facets
  const first = (counts: Record<string, number> | undefined, skip = 0) => Object.keys(counts ?? {}).filter((value) => value !== 'none')[skip]!
  const common = wordNear(db, open, 0.5)
  const medium = wordNear(db, open, 0.02)
  const rare = wordNear(db, open, 0.0005)
  // Typo tolerance needs 5 letters or more: the common word of that length, misspelt.
  const commonLong = wordNear(db, open, 0.3, 6, 8)
  const typo = typoOf(db, commonLong)
  const skill = first(top.skills)
  const facets3 = `work_mode=remote&seniority=senior&skills=${encodeURIComponent(first(top.skills, 1))}`
  const geography = `regions=${first(top.regions, 2)}&countries=${first(top.countries, 1)}&cities=${encodeURIComponent(first(top.cities))}`
  return [
    { label: 'no filter', search: 'limit=10', facets: '', word: undefined },
    { label: `one facet (skills=${skill})`, search: `skills=${encodeURIComponent(skill)}`, facets: `skills=${encodeURIComponent(skill)}`, disjunctive: true },
    { label: `q common word "${common}", relevance`, search: `q=${common}`, facets: `q=${common}`, word: common, commonWord: true },
    { label: `q common word "${common}", by date`, search: `q=${common}&sort=posted_at`, commonWord: true },
    { label: `q typo'd common word "${typo}" (${commonLong}), relevance`, search: `q=${typo}`, facets: `q=${typo}`, commonWord: true },
    { label: 'q alias "golang" (go) + phrase "software engineer"', search: `q=golang%20%22software%20engineer%22` },
    { label: `q medium word "${medium}"`, search: `q=${medium}`, facets: `q=${medium}`, word: medium },
    { label: `q rare word "${rare}"`, search: `q=${rare}`, facets: `q=${rare}`, word: rare },
    { label: `q "${medium}" + 3 facets`, search: `q=${medium}&${facets3}`, facets: `q=${medium}&${facets3}`, disjunctive: true, word: medium },
    { label: `q "${rare}" + 3 facets`, search: `q=${rare}&${facets3}`, facets: `q=${rare}&${facets3}`, disjunctive: true, word: rare },
    { label: 'geography OR-group', search: geography, facets: geography, disjunctive: true },
    { label: '_exclude', search: `skills_exclude=${encodeURIComponent(skill)}&work_mode_exclude=onsite`, facets: `skills_exclude=${encodeURIComponent(skill)}&work_mode_exclude=onsite` },
    { label: 'deep offset (9900)', search: 'offset=9900&limit=100' },
  ]
}
