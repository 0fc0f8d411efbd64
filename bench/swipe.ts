/**
 * `npm run bench:swipe`: the swipe deck (GET /me/tracking/swipe: search minus the caller's touched
 * postings, subtracted in the engine) against the same GET /jobs/search, at 100,000 postings, with
 * the full 1,000-posting exclusion. Both answer from the engine's cached match sets after the first
 * request, so the difference is the exclusion's own cost. Requests go through the real app in-process.
 */
import { mkdirSync } from 'node:fs'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { insertUser } from '../src/account/users.ts'
import { createApiKey } from '../src/account/api-keys.ts'
import { ensureCatalogue } from './catalogue-file.ts'

const DATA_DIR = 'bench/data'
const SAMPLES = Number(process.env.BENCH_WARM ?? 40)
const EXCLUDED = 1000
const log = (line: string) => console.error(`[bench] ${line}`)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function main(): Promise<void> {
  mkdirSync(DATA_DIR, { recursive: true })
  const path = ensureCatalogue(DATA_DIR, '100k', 100_000, log)
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 }), db)
  const app = createApp(ctx)
  const now = new Date().toISOString()
  const user = insertUser(db, { email: `swipe-bench-${Date.now()}@example.org`, passwordHash: null, now })!
  const { key } = createApiKey(db, user.id, 'bench', new Date())
  // The caller has touched the newest postings (what the deck would show first) up to the cap.
  const ids = db.prepare('SELECT id FROM jobs WHERE closed_at IS NULL ORDER BY posted_at DESC LIMIT ?').pluck().all(EXCLUDED) as number[]
  db.transaction(() => {
    for (const id of ids) db.prepare('INSERT INTO job_interactions (user_id, job_id, viewed_at, updated_at) VALUES (?, ?, ?, ?)').run(user.id, id, now, now)
  })()
  const get = async (url: string, auth = false) => {
    const response = await app.request(`/api/v1${url}`, auth ? { headers: { authorization: `Bearer ${key}` } } : undefined)
    const body = await response.json()
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
    return body
  }
  const queries = ['limit=20', 'q=engineer&limit=20', 'work_mode=remote&skills=python&limit=20', 'sort=salary_max&limit=20']
  console.log(`| query (ms, ${SAMPLES} samples) | search p50 | search p99 | swipe p50 | swipe p99 | totals (search / swipe) |\n|---|---|---|---|---|---|`)
  for (const query of queries) {
    const search: number[] = []
    const swipe: number[] = []
    let totals = ''
    await get(`/jobs/search?${query}`)
    await get(`/me/tracking/swipe?${query}`, true)
    for (let i = 0; i < SAMPLES; i++) {
      let started = performance.now()
      const a = await get(`/jobs/search?${query}`)
      search.push(performance.now() - started)
      started = performance.now()
      const b = await get(`/me/tracking/swipe?${query}`, true)
      swipe.push(performance.now() - started)
      totals = `${a.meta.total} / ${b.meta.total}`
    }
    console.log(`| ${query} | ${ms(percentile(search, 50))} | ${ms(percentile(search, 99))} | ${ms(percentile(swipe, 50))} | ${ms(percentile(swipe, 99))} | ${totals} |`)
  }
  db.prepare('DELETE FROM users WHERE id = ?').run(user.id)
  await ctx.close?.()
  db.close()
}

await main()
