import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { parseArgs, positiveInt } from './cli-args.ts'
import { createProgress } from './progress.ts'
import { seedCatalogue } from './seed.ts'
import { settleRollup } from '../insights/rollup.ts'

/**
 * `openroles seed [--jobs N] [--seed S] [--db PATH] [--replace yes]`: writes the generated catalogue
 * (the one the server builds on first start) into the database. Postings are upserted, so seeding
 * twice with the same seed changes nothing; `--replace yes` deletes the file first (accounts and
 * everything else in it go too, so it is never the default).
 */
export async function seedCommand(args: string[]): Promise<void> {
  const config = loadConfig()
  const { options } = parseArgs(args, ['jobs', 'seed', 'db', 'replace'])
  const jobs = positiveInt(options.jobs, config.seedJobs, 'jobs')
  const seed = positiveInt(options.seed, config.seedRandom, 'seed')
  const path = resolve(options.db ?? config.dbPath)
  if (options.replace === 'yes' && existsSync(path)) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true })
  const db = openDatabase(path)
  const progress = createProgress('seeding', jobs)
  try {
    const summary = seedCatalogue(db, { jobs, seed, onProgress: (done) => progress.update(done) })
    progress.done()
    settleRollup(db, new Date(), { salaryMinSample: config.insightsSalaryMinSample })
    const rate = Math.round(summary.jobs / Math.max(summary.ms / 1000, 0.001))
    console.log(`seeded ${summary.jobs} postings from ${summary.companies} companies into ${path} in ${(summary.ms / 1000).toFixed(1)} s (${rate} postings/s)`)
  } finally {
    db.close()
  }
}
