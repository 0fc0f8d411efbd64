/**
 * `npm run bench:first-start -- path/to/catalogue.db`: the first start of `npm run bench` on a file
 * with no saved index beside it (the script refuses one that has), measured on its own: open, build
 * the context and app, answer one search (the time to serving, as bench/run.ts reports it), then
 * the time until the background work of a first start (term index, snapshot, insights rollup,
 * company stats) is done. Wall time and the process's CPU seconds (every thread) for both, and the
 * load average, since the machine is shared.
 */
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { createApp, createContext } from '../src/app.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { snapshotPath } from '../src/search/index-snapshot.ts'

const path = process.argv[2]
if (!path) throw new Error('usage: bench/first-start.ts path/to/catalogue.db')
if (existsSync(snapshotPath(path))) throw new Error(`${snapshotPath(path)} exists: this measures a start without a saved index`)

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return ((user + system) / 1e6).toFixed(2)
}
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(2)

console.log(`load average at start: ${load()}; CPU before opening (loading modules): ${cpuSeconds()} s`)
const db = openDatabase(path)
const ctx = createContext(defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 }), db)
const app = createApp(ctx)
const first = await app.request('/api/v1/jobs/search?limit=10')
const body = (await first.json()) as { meta: { total: number } }
console.log(`start-up to serving, no saved index: ${seconds()} s wall, ${cpuSeconds()} s CPU (${body.meta.total} open postings found)`)
await ctx.search.ready()
console.log(`term index ready: ${seconds()} s wall, ${cpuSeconds()} s CPU`)
await ctx.close?.()
db.close()
console.log(`background work done, closed: ${seconds()} s wall, ${cpuSeconds()} s CPU; load average now: ${load()}`)
