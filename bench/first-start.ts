/**
 * `npm run bench:first-start -- path/to/catalogue.db [--serve]`: the first start of `npm run bench`
 * on a file with no saved index beside it (the script refuses one that has), measured on its own:
 * open, build the context and app, answer one search (the time to serving, as bench/run.ts reports
 * it), then the time until the term index read beside serving is in. With --serve, the real server
 * instead (`node dist/openroles.mjs serve`, `npm run build` first): the time until it answers a
 * search over HTTP, then until /status says nothing is being prepared any more (company stats,
 * insights rollup), with an insights request on the way. Wall time and CPU seconds (every thread),
 * and the load average, since the machine is shared.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { loadavg } from 'node:os'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { snapshotPath } from '../src/search/index-snapshot.ts'

const path = process.argv[2]
if (!path) throw new Error('usage: bench/first-start.ts path/to/catalogue.db [--serve]')
if (existsSync(snapshotPath(path))) throw new Error(`${snapshotPath(path)} exists: this measures a start without a saved index`)

const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return ((user + system) / 1e6).toFixed(2)
}
const load = () => loadavg().map((n) => n.toFixed(2)).join(' ')
const started = performance.now()
const seconds = () => ((performance.now() - started) / 1000).toFixed(2)

console.log(`load average at start: ${load()}; CPU before opening (loading modules): ${cpuSeconds()} s`)
if (process.argv.includes('--serve')) {
  await serveFirstStart(path)
  process.exit(0)
}
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

/** The real server's first start, measured from outside over HTTP. */
async function serveFirstStart(dbPath: string): Promise<void> {
  const port = 18000 + (process.pid % 1000)
  // One serving process: the CPU read below is this child's own (a cluster's primary does none of the work).
  const child = spawn(process.execPath, ['dist/openroles.mjs', 'serve', '--port', String(port), '--processes', '1'], { env: { ...process.env, OPENROLES_DB: dbPath, LOG_LEVEL: 'error' }, stdio: 'inherit' })
  const base = `http://127.0.0.1:${port}/api/v1`
  const at = () => performance.now() - started
  // utime + stime of every thread of the child, in clock ticks of 10 ms.
  const childCpu = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) / 100).toFixed(2)
  }
  const poll = async (path: string) => {
    try {
      const response = await fetch(`${base}${path}`)
      return { status: response.status, body: (await response.json()) as { data?: { preparing?: string[] } } }
    } catch {
      return { status: 0, body: {} }
    }
  }
  try {
    while ((await poll('/jobs/search?limit=10')).status !== 200) await sleep(100)
    console.log(`server answers a search: ${(at() / 1000).toFixed(2)} s wall, ${childCpu()} s CPU`)
    const status = await poll('/status')
    const insights = await poll('/insights/roles')
    console.log(`meanwhile: /status preparing ${JSON.stringify(status.body.data?.preparing)}; /insights/roles ${insights.status}`)
    // A server without `preparing` (before it existed) builds everything before its /status answers.
    for (let status = await poll('/status'); status.status !== 200 || (status.body.data?.preparing ?? []).length > 0; status = await poll('/status')) await sleep(500)
    console.log(`derived data ready (/status preparing []): ${(at() / 1000).toFixed(2)} s wall, ${childCpu()} s CPU; /insights/roles ${(await poll('/insights/roles')).status}; load average now: ${load()}`)
  } finally {
    child.kill('SIGTERM')
  }
}
