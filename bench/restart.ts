/**
 * `npm run bench:restart -- bench/data/catalogue-1m.db`: restart from the saved index, a 1,000-posting
 * import through another connection (visible in search after how long), shutdown, and the restart
 * that follows the import (issue 14: it used to throw the snapshot away and reload everything).
 */
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { generateJobRecords } from '../src/ingest/seed.ts'
import { upsertJob } from '../src/catalogue/job-store.ts'
const path = process.argv[2]!
const config = defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 })
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`
async function serve(label: string) {
  const t = performance.now()
  const db = openDatabase(path)
  const ctx = createContext(config, db)
  const app = createApp(ctx)
  await (await app.request('/api/v1/jobs/search?limit=10')).text()
  console.log(`${label}: serving after ${s(performance.now() - t)}`)
  return { db, ctx, app }
}
const first = await serve('restart from the saved index')
const writer = openDatabase(path)
const source = `restart-${Date.now()}`
const records = [...generateJobRecords(1000, 4242, new Date(Date.UTC(2026, 10, 1)))].map((r) => ({ ...r, source }))
writer.transaction(() => records.forEach((r) => upsertJob(writer, r)))()
writer.close()
let t = performance.now()
const r = await (await first.app.request(`/api/v1/jobs/search?source=${source}&limit=1`)).json() as any
console.log(`1000-posting import visible after ${(performance.now() - t).toFixed(0)} ms (total ${r.meta.total})`)
t = performance.now()
await (await first.app.request('/api/v1/jobs/search?q=engineer&limit=10')).text()
console.log(`next request ${(performance.now() - t).toFixed(0)} ms`)
t = performance.now()
await first.ctx.close?.()
first.db.close()
console.log(`shutdown ${s(performance.now() - t)}`)
const second = await serve('restart after the import')
await second.ctx.close?.()
second.db.close()
