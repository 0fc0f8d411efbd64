/**
 * `npm run bench:http-cpu [-- --sizes 1m --requests 600]`: the CPU time of each operation of the
 * bench:http mix (bench/workload.ts), served in-process (the whole app: validation, engine, page
 * reads, JSON), and the mix's weighted mean. CPU time (`process.cpuUsage`, every thread of the
 * process) is what a busy core spends per request, and it moves far less than wall time when the
 * machine is shared, so it is the figure to compare code by; `1000 / mean` is the requests per
 * second one fully busy core would serve. `--count-threads N` sets SEARCH_COUNT_THREADS (default: the setting's).
 * `--catalogue copied|seeded` (copied by default): the catalogue kind (bench/catalogue-file.ts).
 */
import { resolve } from 'node:path'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { ensureCatalogueOf, type CatalogueKind } from './catalogue-file.ts'
import { operations, seededRandom, vocabulary } from './workload.ts'

const SIZES: Record<string, number> = { '100k': 100_000, '1m': 1_000_000, '3m': 3_000_000 }

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback
}
const sizes = option('sizes', '1m').split(',').map((s) => s.trim().toLowerCase())
const requests = Number(option('requests', '600'))
const kind = option('catalogue', 'copied') as CatalogueKind
const countThreads = Number(option('count-threads', String(defaultConfig().searchCountThreads)))

async function benchSize(label: string): Promise<void> {
  if (!SIZES[label]) throw new Error(`unknown size ${label}; use ${Object.keys(SIZES).join(', ')}`)
  const path = resolve(ensureCatalogueOf(kind, 'bench/data', label, SIZES[label]!, (line) => console.log(`  ${line}`)))
  const words = vocabulary(path)
  // The rate limiter runs (its cost is part of the figure) but never refuses the one caller.
  const config = { ...defaultConfig(), readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9, searchCountThreads: countThreads }
  const db = openDatabase(path)
  const ctx = createContext(config, db)
  const app = createApp(ctx)
  const get = async (route: string) => {
    const response = await app.request(`/api/v1${route}`)
    const body = await response.text()
    if (response.status !== 200) throw new Error(`${route}: ${response.status} ${body}`)
    return body
  }
  try {
    await get('/jobs/search?limit=10')
    await ctx.search.ready()
    const mix = await operations(words, async (route) => JSON.parse(await get(route)), seededRandom())
    // Warm-up: sort orders and packed rows are built on first use.
    for (let i = 0; i < 50; i++) for (const operation of mix) await get(operation.path())
    console.log(`\n== ${label} ${kind} (${path}), ${words.length} words, ${requests} requests per operation, ${countThreads} counting threads`)
    let weighted = 0
    let weights = 0
    for (const operation of mix) {
      const paths = Array.from({ length: requests }, operation.path)
      const cpu = process.cpuUsage()
      const started = performance.now()
      for (const route of paths) await get(route)
      const used = process.cpuUsage(cpu)
      const perRequest = (used.user + used.system) / 1000 / requests
      weighted += perRequest * operation.weight
      weights += operation.weight
      console.log(`  ${operation.name.padEnd(18)} cpu ${perRequest.toFixed(2)} ms/request, wall ${((performance.now() - started) / requests).toFixed(2)} ms/request`)
    }
    const mean = weighted / weights
    console.log(`  mix (weighted)     cpu ${mean.toFixed(2)} ms/request: ${(1000 / mean).toFixed(0)} requests/s per busy core`)
  } finally {
    await ctx.close?.()
    db.close()
  }
}

for (const label of sizes) await benchSize(label)
