/**
 * `npm run bench:sources [-- --jobs 20000 --board 2000 --changed 20 --rounds 5]`: how long a crawl
 * of a job board takes and when its changes are searchable. A local server answers a Greenhouse
 * board of `--board` postings (the documented shape); the catalogue holds `--jobs` seeded postings
 * besides. Measures the first crawl (every posting new) and `--rounds` incremental crawls where
 * `--changed` postings changed: crawl time, postings written, and the time from the start of the
 * crawl until a search finds every changed posting (crawl + index refresh + search).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { seedCatalogue } from '../src/ingest/seed.ts'
import { addSource } from '../src/sources/board-store.ts'

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? Number(process.argv[at + 1]) : fallback
}
const jobs = option('jobs', 20_000)
const boardSize = option('board', 2000)
const changed = option('changed', 20)
const rounds = option('rounds', 5)

let version = 0
const description = '&lt;p&gt;Build and run our Go services on Kubernetes and PostgreSQL. You will own the on-call rotation with the team.&lt;/p&gt;'
const board = () => ({
  jobs: Array.from({ length: boardSize }, (_, i) => ({
    id: 900_000 + i,
    title: i < changed ? `Benchmark Operator ${i} Round${version}` : `Backend Engineer ${i}`,
    updated_at: '2026-11-20T10:55:28-05:00',
    location: { name: i % 3 ? 'Berlin, Germany' : 'Remote - Europe' },
    absolute_url: `https://boards.greenhouse.io/bench/jobs/${900_000 + i}`,
    metadata: null,
    content: description,
  })),
  meta: { total: boardSize },
})
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify(board()))
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const db = openDatabase(':memory:')
let started = Date.now()
seedCatalogue(db, { jobs, seed: 42 })
console.log(`seeded ${jobs} postings in ${Date.now() - started} ms`)
const ctx = createContext(defaultConfig({ sourcesAllowPrivateHosts: true, sourcesHostDelayMs: 0 }), db)
ctx.search.refresh()
const source = addSource(db, { name: 'greenhouse:bench', url: `${origin}/v1/boards/bench/jobs` }, { allowPrivateHosts: true, now: new Date().toISOString() })
const searchable = () => ctx.search.search({ q: `benchmark operator round${version}`, filters: { facets: {} }, limit: 100, offset: 0 }).total

started = Date.now()
const first = await ctx.sources.crawl(source)
console.log(`first crawl: ${first.new} new of ${first.listed} in ${Date.now() - started} ms`)

const times: { crawl: number; visible: number; written: number }[] = []
for (let round = 1; round <= rounds; round++) {
  version = round
  const changes = () => db.prepare('SELECT count(*) FROM search_changes').pluck().get() as number
  ctx.search.refresh()
  const before = changes()
  started = Date.now()
  const report = await ctx.sources.crawl(source)
  const crawl = Date.now() - started
  const written = changes() - before
  let found = searchable()
  while (found < changed) {
    await new Promise((resolve) => setTimeout(resolve, 5))
    found = searchable()
  }
  times.push({ crawl, visible: Date.now() - started, written })
  console.log(`round ${round}: updated ${report.updated}, unchanged ${report.unchanged}, ${written} postings written, crawl ${crawl} ms, all ${changed} searchable after ${Date.now() - started} ms`)
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
console.log(`median of ${rounds}: crawl ${median(times.map((t) => t.crawl))} ms, searchable after ${median(times.map((t) => t.visible))} ms, ${median(times.map((t) => t.written))} postings written`)
await ctx.close?.()
db.close()
server.close()
