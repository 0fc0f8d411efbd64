/**
 * One card per role at 100k postings (BENCH_SIZES=1m for the large file): what choosing the cards
 * costs. The benchmark catalogues are SQL copies of 10,000 seeded postings, each copy in its base
 * posting's role cluster, so every posting shares its role with ~10 (100k) or ~100 (1M) others:
 * the worst case for the collapse, which is one pass over the matches that share a role.
 * Prints the cluster structure's build time, the collapse of every live posting, and uncached
 * search and 3-facet latencies counting cards against the same facets counting postings, and
 * every facet counting cards (each card under every value of its role's matching postings).
 */
import { mkdirSync } from 'node:fs'
import { openDatabase } from '../src/db/connection.ts'
import { createSearchEngine } from '../src/search/engine.ts'
import { countDocs } from '../src/search/bitmap.ts'
import { loadAllOpen } from '../src/search/index-load.ts'
import { RoleClusters } from '../src/search/role-cards.ts'
import { parseJobQuery } from '../src/search/search-params.ts'
import { COUNTED_FACETS, type FacetName } from '../src/search/facet-spec.ts'
import { ensureCatalogue } from './catalogue-file.ts'

const SAMPLES = Number(process.env.BENCH_COLD ?? 30)
const SIZES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000 }
const QUERIES = ['', 'q=engineer', 'q=python&work_mode=remote', 'skills=go,rust&regions=eu', 'q=senior&seniority=senior&category=backend']

function p50(run: () => void): number {
  const times: number[] = []
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now()
    run()
    times.push(performance.now() - started)
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}
const ms = (value: number) => value.toFixed(2)

/** Mean CPU time of a call in ms (user + system): steadier than wall time on a machine others load too. */
function cpu(run: () => void): number {
  const started = process.cpuUsage()
  for (let i = 0; i < SAMPLES; i++) run()
  const used = process.cpuUsage(started)
  return (used.user + used.system) / 1000 / SAMPLES
}

for (const size of (process.env.BENCH_SIZES ?? '100k').split(',')) {
  mkdirSync('bench/data', { recursive: true })
  const path = ensureCatalogue('bench/data', size, SIZES[size]!, console.log)
  const db = openDatabase(path)
  const columns = loadAllOpen(db)
  let clusters = new RoleClusters(columns)
  const build = p50(() => (clusters = new RoleClusters(columns)))
  console.log(`\n## ${size}: ${countDocs(columns.live)} open postings, ${countDocs(clusters.shared)} sharing a role with another, ${clusters.count} such roles`)
  console.log(`- cluster structure built in ${ms(build)} ms (once per index generation, on first use)`)
  console.log(`- cards of every open posting: p50 ${ms(p50(() => clusters.cardsOf(columns.live)))} ms -> ${countDocs(clusters.cardsOf(columns.live))} cards`)
  const copies = clusters.copiesOf(columns.live)
  console.log(`- postings of every role with several, grouped by role (what facet counts add to the cards): p50 ${ms(p50(() => clusters.copiesOf(columns.live)))} ms -> ${copies.docs.length} postings in ${copies.starts.length - 1} roles`)
  const engine = createSearchEngine(db, { cacheEntries: 100, cacheBytes: 1 << 28, workers: 0 })
  await engine.ready()
  console.log('\n| query | postings | cards | search p50 (ms) | 3 facets, cards (ms) | 3 facets, postings (ms) | every facet, cards (ms) | every facet, cards (CPU ms) | every facet, postings (CPU ms) |\n|---|---|---|---|---|---|---|---|---|')
  for (const text of QUERIES) {
    const query = parseJobQuery(new URLSearchParams(text), { maxQueryLength: 500, sorted: true })
    const facets = (postings: boolean, names: FacetName[] = ['skills', 'work_mode', 'seniority']) => engine.facets({ q: query.q, filters: query.filters, facets: names, postings })
    const search = p50(() => (engine.clearCache(), engine.search({ ...query, limit: 20, offset: 0 })))
    const cards = p50(() => (engine.clearCache(), facets(false)))
    const postings = p50(() => (engine.clearCache(), facets(true)))
    const every = p50(() => (engine.clearCache(), facets(false, [...COUNTED_FACETS])))
    const everyCpu = cpu(() => (engine.clearCache(), facets(false, [...COUNTED_FACETS])))
    const everyPostingsCpu = cpu(() => (engine.clearCache(), facets(true, [...COUNTED_FACETS])))
    console.log(`| ${text || '(none)'} | ${facets(true).total} | ${facets(false).total} | ${ms(search)} | ${ms(cards)} | ${ms(postings)} | ${ms(every)} | ${ms(everyCpu)} | ${ms(everyPostingsCpu)} |`)
  }
  await engine.close()
  db.close()
}
