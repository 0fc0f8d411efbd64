/**
 * `npm run bench:match`: the deterministic match analysis (POST /jobs/{slug}/match-analysis's work:
 * load the posting, extract and match requirements, score, cap, cache) at each catalogue size found
 * in bench/data (catalogue-100k.db, catalogue-1m.db; neither is built here). One user with a
 * typical profile analyses BENCH_WARM distinct open postings, each a fresh analysis.
 */
import { existsSync } from 'node:fs'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { insertUser } from '../src/account/users.ts'
import { putProfile } from '../src/profile/profile.ts'
import { startRun } from '../src/match/run.ts'

const SAMPLES = Number(process.env.BENCH_WARM ?? 200)
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(1))

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

console.log(`| catalogue | postings | analyses | p50 (ms) | p99 (ms) |\n|---|---|---|---|---|`)
for (const name of ['100k', '1m']) {
  const path = `bench/data/catalogue-${name}.db`
  if (!existsSync(path)) continue
  const db = openDatabase(path)
  const config = defaultConfig({ dbPath: path, matchAnalysisPerHour: 1e9 })
  const now = new Date()
  const user = insertUser(db, { email: `match-bench-${Date.now()}@example.org`, passwordHash: null, now: now.toISOString() })!
  putProfile(db, user.id, { headline: 'Backend engineer', skills: ['Python', 'PostgreSQL', 'Go', 'Kubernetes', 'AWS'], years_experience: 6, desired_roles: ['Backend Engineer'], work_modes: ['remote'], languages: [{ language: 'English', level: 'c1' }] }, now.toISOString())
  const total = db.prepare('SELECT count(*) FROM jobs').pluck().get() as number
  const slugs = db.prepare('SELECT public_slug FROM jobs WHERE closed_at IS NULL ORDER BY random() LIMIT ?').pluck().all(SAMPLES + 5) as string[]
  const deps = { db, config, now: () => new Date() }
  const samples: number[] = []
  for (const [i, slug] of slugs.entries()) {
    const started = performance.now()
    const run = startRun(deps, user.id, slug)
    if (run.has_cv) await run.run()
    if (i >= 5) samples.push(performance.now() - started)
  }
  console.log(`| ${name} | ${total} | ${samples.length} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 99))} |`)
  db.prepare('DELETE FROM users WHERE id = ?').run(user.id)
  db.close()
}
