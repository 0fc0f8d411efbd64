import { existsSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { intOption, type CommandSpec, dbOption, valueOption } from './command.ts'
import { createProgress } from '../ingest/progress.ts'
import { seedCatalogue } from '../ingest/seed.ts'
import { settleRollup } from '../insights/rollup.ts'
import { saveStartFiles } from '../catalogue/catalogue-memory.ts'

/**
 * `openroles seed`: writes the generated catalogue (the one the server builds on first start) into
 * the database, settles its insights history and saves its search index beside it, with its
 * progress on stderr (src/ingest/progress.ts). Postings are upserted, so seeding twice with the same seed changes nothing;
 * `--replace` deletes the file first (accounts and everything else in it go too, so it is never
 * the default).
 */
export const seedCommand: CommandSpec = {
  name: 'seed',
  summary: 'Generate (or add to) the seeded catalogue.',
  options: {
    jobs: valueOption('N', 'postings to generate (default OPENROLES_SEED_JOBS)'),
    seed: valueOption('S', 'random seed (default OPENROLES_SEED)'),
    db: dbOption,
    replace: { type: 'boolean', help: 'delete the database file first (everything in it is lost)' },
  },
  async run({ values }) {
    const config = loadConfig()
    const jobs = intOption(values.jobs, config.seedJobs, 'jobs')
    const seed = intOption(values.seed, config.seedRandom, 'seed')
    const path = resolve((values.db as string | undefined) ?? config.dbPath)
    if (values.replace && existsSync(path)) for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true })
    const db = openDatabase(path)
    const progress = createProgress('seeding', jobs)
    try {
      const summary = seedCatalogue(db, { jobs, seed, onProgress: (done, total, stage) => progress.update(done, stage, total) })
      const days = db.prepare('SELECT count(*) FROM insight_pending').pluck().get() as number
      let settled = 0
      progress.update(0, 'insights (days)', days)
      settleRollup(db, new Date(), { salaryMinSample: config.insightsSalaryMinSample, between: () => progress.update(++settled) })
      // The search index and the catalogue memory saved beside the file: the first start reads them back instead of building them.
      progress.update(0, 'search index', null)
      await saveStartFiles(db, config.searchWorkers)
      progress.done()
      const rate = Math.round(summary.jobs / Math.max(summary.ms / 1000, 0.001))
      console.log(`seeded ${summary.jobs} postings from ${summary.companies} companies into ${path} in ${(summary.ms / 1000).toFixed(1)} s (${rate} postings/s)`)
    } finally {
      db.close()
    }
  },
}
