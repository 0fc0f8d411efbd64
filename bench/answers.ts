/**
 * `npm run bench:answers -- --db PATH [--requests 400] --out FILE`: the answers (status and body)
 * of a few hundred varied search and facet requests of the bench:http mix (bench/workload.ts, the
 * same seeded sequence every run), served in-process, one line each. Run before and after a change
 * to the engine and compare the files (`cmp`): a speed-up must leave every answer byte-identical.
 * Job reads are left out: they move view counts, which later answers show.
 */
import { writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createApp } from '../src/app.ts'
import { createContext } from '../src/services.ts'
import { defaultConfig } from '../src/config.ts'
import { openDatabase } from '../src/db/connection.ts'
import { operations, seededRandom, vocabulary, weightedPath } from './workload.ts'

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback
}
const path = resolve(option('db', ''))
const out = option('out', '')
if (!option('db', '') || !out) throw new Error('usage: bench:answers --db PATH --out FILE [--requests N]')
const requests = Number(option('requests', '400'))

const db = openDatabase(path)
const ctx = createContext({ ...defaultConfig(), readBudgetPerMinute: 1e9, agentBudgetPerMinute: 1e9 }, db)
const app = createApp(ctx)
const get = async (route: string) => {
  const response = await app.request(`/api/v1${route}`)
  return { status: response.status, body: await response.text() }
}
try {
  await ctx.search.ready()
  const random = seededRandom()
  const mix = (await operations(vocabulary(path), async (route) => JSON.parse((await get(route)).body), random)).filter((operation) => operation.name !== 'job read')
  const next = weightedPath(mix, random)
  const lines: string[] = []
  for (let i = 0; i < requests; i++) {
    const { path: route } = next()
    const { status, body } = await get(route)
    lines.push(`${route}\t${status}\t${body}`)
  }
  writeFileSync(out, `${lines.join('\n')}\n`)
  console.log(`${requests} answers written to ${out}`)
} finally {
  await ctx.close?.()
  db.close()
}
