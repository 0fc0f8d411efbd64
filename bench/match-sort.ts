/**
 * `npm run bench:match`-style figures for `sort=match` (issue 45): GET /jobs/search?sort=match for a
 * signed-in caller whose profile names 5 or 15 skills, against the same search newest first, through
 * the real app in-process over a benchmark catalogue (100k by default; `--size 1m`). Each sample's
 * profile adds one more skill, so its first page ranks the cards anew (the match sets behind them stay
 * cached, as in steady state); its next page reuses that ranking. Figures are the process's CPU time
 * per request (steadier than wall time on a shared machine).
 * `npm run bench:match-sort [-- --size 1m]`.
 */
import { mkdirSync } from 'node:fs'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { insertUser } from '../src/account/users.ts'
import { createApiKey } from '../src/account/api-keys.ts'
import { putProfile } from '../src/profile/profile.ts'
import { ensureCatalogue } from './catalogue-file.ts'

const DATA_DIR = 'bench/data'
const SAMPLES = Number(process.env.BENCH_WARM ?? 40)
const log = (line: string) => console.error(`[bench] ${line}`)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))
/** CPU time the process spent on one request, in ms: steadier than wall time on a shared machine. */
async function cpuOf(run: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage()
  await run()
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000
}
const percentile = (samples: number[], p: number) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)]!

const PROFILES: Record<string, string[]> = {
  '5 skills': ['python', 'postgresql', 'docker', 'aws', 'django'],
  '15 skills': ['python', 'postgresql', 'docker', 'aws', 'django', 'kubernetes', 'go', 'typescript', 'react', 'sql', 'terraform', 'kafka', 'redis', 'linux', 'git'],
}

async function main(): Promise<void> {
  const size = process.argv.includes('1m') ? '1m' : '100k'
  mkdirSync(DATA_DIR, { recursive: true })
  const path = ensureCatalogue(DATA_DIR, size, size === '1m' ? 1_000_000 : 100_000, log)
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ dbPath: path, readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 }), db)
  const app = createApp(ctx)
  const user = insertUser(db, { email: `match-bench-${Date.now()}@example.org`, passwordHash: null, now: new Date().toISOString() })!
  const { key } = createApiKey(db, user.id, 'bench', new Date())
  const get = async (url: string) => {
    const response = await app.request(`/api/v1${url}`, { headers: { authorization: `Bearer ${key}` } })
    const body = await response.json()
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
    return body
  }
  // One extra skill per sample (from the catalogue's own, beyond the profile's) makes every sample a
  // skill set the engine has not ranked yet; the next page of the same search reuses the ranking.
  const extra = db.prepare('SELECT skill FROM job_skills GROUP BY skill ORDER BY count(*) DESC LIMIT ? OFFSET 40').pluck().all(SAMPLES) as string[]
  console.log(`\n${size} postings, ${ctx.search.size()} open; ${SAMPLES} samples each\n`)
  console.log('| profile | query | newest first, CPU ms p50 / p99 | sort=match, first page, CPU ms p50 / p99 | sort=match, next page, CPU ms p50 / p99 | cards |\n|---|---|---|---|---|---|')
  for (const [name, skills] of Object.entries(PROFILES)) {
    for (const query of ['limit=20', 'work_mode=remote&limit=20', 'q=engineer&limit=20', 'category=backend&limit=20']) {
      const newest: number[] = []
      const first: number[] = []
      const next: number[] = []
      let total = 0
      await get(`/jobs/search?${query}&sort=posted_at`)
      for (let i = 0; i < SAMPLES; i++) {
        putProfile(db, user.id, { skills: [...skills, extra[i % extra.length]!], specializations: ['backend'] })
        newest.push(await cpuOf(() => get(`/jobs/search?${query}&sort=posted_at&offset=${(i + 1) * 20}`)))
        first.push(await cpuOf(async () => (total = (await get(`/jobs/search?${query}&sort=match`)).meta.total)))
        next.push(await cpuOf(() => get(`/jobs/search?${query}&sort=match&offset=20`)))
      }
      const cell = (samples: number[]) => `${ms(percentile(samples, 50))} / ${ms(percentile(samples, 99))}`
      console.log(`| ${name} | ${query.replace('&limit=20', '').replace('limit=20', '(all)')} | ${cell(newest)} | ${cell(first)} | ${cell(next)} | ${total} |`)
    }
  }
  await ctx.close?.()
  db.close()
}

await main()
