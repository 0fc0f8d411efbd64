/**
 * `node --expose-gc --max-old-space-size=4096 --import tsx bench/facet-threads.ts [--sizes 1m,3m] [--threads 1] [--split-docs N] [--rounds 15]`:
 * uncached latency (p50 / p90) of the facet requests over large match sets, served in-process
 * through the whole app, with the facet counts shared by `--threads` counting threads (0: the
 * serving thread alone). It only reads the catalogue files (no import), so it can run beside
 * other measurements; run it with --threads 0 and 1 back to back (A B A B) to compare.
 */
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { ensureCatalogue } from './catalogue-file.ts'
import { benchQueries } from './queries.ts'

const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!
const SIZES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000, '3m': 3_000_000 }

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : fallback
}
const sizes = option('sizes', '1m').split(',').map((s) => s.trim().toLowerCase())
const threads = Number(option('threads', '1'))
const splitDocs = Number(option('split-docs', String(defaultConfig().searchCountSplitDocs)))
const rounds = Number(option('rounds', '15'))

async function benchSize(label: string): Promise<void> {
  const path = resolve(ensureCatalogue('bench/data', label, SIZES[label]!, (line) => console.log(`  ${line}`)))
  const config = defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9, searchCountThreads: threads, searchCountSplitDocs: splitDocs })
  const db = openDatabase(path)
  const ctx = createContext(config, db)
  const app = createApp(ctx)
  const get = async (route: string) => {
    const response = await app.request(`/api/v1/${route}`)
    if (response.status !== 200) throw new Error(`${route}: ${response.status} ${await response.text()}`)
    await response.text()
  }
  try {
    await get('jobs/search?limit=10')
    await ctx.search.ready()
    // The large sets: every facet request of the benchmark mix but the rare and medium words'.
    const queries = benchQueries(db, ctx).filter((query) => query.facets !== undefined && (query.word === undefined || query.commonWord))
    const requests = [
      ...queries.map((query) => ({ label: `facets: ${query.label}`, route: `jobs/facets?${query.facets}` })),
      ...queries.filter((query) => query.disjunctive).map((query) => ({ label: `disjunctive: ${query.label}`, route: `jobs/facets?${query.facets}&disjunctive=true` })),
    ]
    // Warm-up: sort orders, packed rows, the workers' start.
    for (let i = 0; i < 3; i++) for (const { route } of requests) {
      ctx.search.clearCache()
      await get(route)
    }
    ;(globalThis as { gc?: () => void }).gc?.()
    const samples = requests.map(() => [] as number[])
    const cpu = process.cpuUsage()
    for (let round = 0; round < rounds; round++) {
      for (const [i, { route }] of requests.entries()) {
        ctx.search.clearCache()
        const started = performance.now()
        await get(route)
        samples[i]!.push(performance.now() - started)
      }
    }
    const used = process.cpuUsage(cpu)
    console.log(`\n== ${label}: ${ctx.search.size()} open, threads ${threads}, split at ${splitDocs} docs, load ${loadavg().map((x) => x.toFixed(1)).join(' ')}, RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB (array buffers ${(process.memoryUsage().arrayBuffers / 2 ** 20).toFixed(0)} MiB)`)
    requests.forEach(({ label: name }, i) => console.log(`| ${name} | ${percentile(samples[i]!, 50).toFixed(1)} | ${percentile(samples[i]!, 90).toFixed(1)} |`))
    console.log(`cpu per request (every thread): ${((used.user + used.system) / 1000 / (rounds * requests.length)).toFixed(1)} ms`)
  } finally {
    await ctx.close?.()
    db.close()
  }
}

for (const label of sizes) await benchSize(label)
