/**
 * `npm run bench:search-quality`: NDCG@10 and zero-result rate of job search on a judged query set
 * (bench/quality-queries.ts) over a fixture catalogue built in-process (bench/quality-catalogue.ts),
 * for the search as it is and as it was:
 *
 * - `now`: phrases, exclusions, aliases, exact-first tiers and typo correction;
 * - `no query language`: the same engine with `queryLanguage: false` (every token a word, the last
 *   a prefix, three field tiers) and typos on, i.e. search as it was before issue 26's query
 *   language;
 * - `no query language, no typos`: search as it was before typo tolerance.
 *
 * `--against DIR` also runs the search engine of another checkout (e.g. `git archive main` unpacked
 * with node_modules linked) on the same database, to check that the baseline flag reproduces it.
 * `--verbose` prints every query's figures.
 */
import { openDatabase } from '../src/db/connection.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
import { createSearchEngine, type SearchEngineOptions } from '../src/search/engine.ts'
import { qualityCatalogue, type Labels } from './quality-catalogue.ts'
import { JUDGED_QUERIES, type Kind } from './quality-queries.ts'

const K = 10

interface Searcher {
  search(query: { q: string; filters: { facets: Record<string, never> }; limit: number; offset: number }): { ids: number[]; total: number }
  ready(): Promise<void>
  close(): Promise<void>
}

/** Normalized discounted cumulative gain of the first K grades against the best possible order. */
function ndcg(grades: number[], allGrades: number[]): number {
  const dcg = (list: number[]) => list.slice(0, K).reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0)
  const ideal = dcg([...allGrades].sort((a, b) => b - a))
  return ideal === 0 ? 1 : dcg(grades) / ideal
}

const args = process.argv.slice(2)
const verbose = args.includes('--verbose')
const againstAt = args.indexOf('--against')
const against = againstAt >= 0 ? args[againstAt + 1] : undefined

const postings = qualityCatalogue()
const db = openDatabase(':memory:')
const ids = db.transaction(() => postings.map((posting) => upsertJob(db, posting.record).id))()
const labelsOf = new Map<number, Labels>(ids.map((id, i) => [id, postings[i]!.labels]))
const options: SearchEngineOptions = { cacheEntries: 10_000, cacheBytes: 256 << 20, workers: 0 }

const modes: [string, () => Promise<Searcher>][] = [
  ['now', async () => createSearchEngine(db, options)],
  ['no query language (typos on)', async () => createSearchEngine(db, { ...options, queryLanguage: false })],
  ['no query language, no typos', async () => createSearchEngine(db, { ...options, queryLanguage: false, typos: false })],
]
if (against) {
  modes.push([`engine of ${against}`, async () => {
    const module = (await import(`${against}/src/search/engine.ts`)) as { createSearchEngine: (database: unknown, engineOptions: unknown) => Searcher }
    return module.createSearchEngine(db, options)
  }])
}

const kinds = [...new Set(JUDGED_QUERIES.map((query) => query.kind))] as Kind[]
console.log(`# search quality: ${JUDGED_QUERIES.length} judged queries over ${postings.length} fixture postings\n`)
console.log(`| search | NDCG@${K} | zero-result rate | ${kinds.map((kind) => `${kind} (${JUDGED_QUERIES.filter((query) => query.kind === kind).length})`).join(' | ')} |`)
console.log(`|---|---|---|${kinds.map(() => '---|').join('')}`)
const perQuery: string[] = []
for (const [name, create] of modes) {
  const engine = await create()
  await engine.ready()
  const scores: number[] = []
  const byKind = new Map<Kind, number[]>()
  let zero = 0
  for (const { q, kind, judge } of JUDGED_QUERIES) {
    const { ids: page, total } = engine.search({ q, filters: { facets: {} }, limit: K, offset: 0 })
    const score = ndcg(page.map((id) => judge(labelsOf.get(id)!)), postings.map((posting) => judge(posting.labels)))
    scores.push(score)
    byKind.set(kind, [...(byKind.get(kind) ?? []), score])
    if (total === 0) zero++
    perQuery.push(`| ${name} | \`${q}\` | ${score.toFixed(3)} | ${total} |`)
  }
  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length
  console.log(`| ${name} | ${mean(scores).toFixed(3)} | ${((100 * zero) / JUDGED_QUERIES.length).toFixed(1)}% | ${kinds.map((kind) => mean(byKind.get(kind)!).toFixed(3)).join(' | ')} |`)
  await engine.close()
}
if (verbose) console.log(`\n| search | q | NDCG@${K} | total |\n|---|---|---|---|\n${perQuery.join('\n')}`)
db.close()
