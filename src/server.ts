import { existsSync, renameSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { listen } from 'listhen'
import { toNodeHandler } from 'h3'
import { loadConfig, type Config } from './config.ts'
import { intOption, type CommandSpec } from './cli/command.ts'
import { openDatabase } from './db/connection.ts'
import { createApp, createContext } from './app.ts'
import { seedCatalogue } from './ingest/seed.ts'
import { createLogger, type Logger } from './log.ts'
import { currentRollup } from './insights/insights.ts'

/**
 * First start: generate the seeded catalogue into a side file and move it into place only when it
 * is complete, so an interrupted first start never leaves a half-seeded database behind.
 */
function seedMissingDatabase(dbPath: string, config: Config, log: Logger): void {
  const partial = `${dbPath}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })
  log.info('no database yet: generating the seeded catalogue (first start only)', { path: dbPath, jobs: config.seedJobs })
  const started = Date.now()
  const db = openDatabase(partial)
  seedCatalogue(db, { jobs: config.seedJobs, seed: config.seedRandom })
  db.close()
  renameSync(partial, dbPath)
  log.info('seeded catalogue ready', { ms: Date.now() - started })
}

/** config -> open (and on first start, seed) the database -> build the app -> listen; SIGTERM/SIGINT close cleanly. */
export async function startServer(config: Config): Promise<void> {
  const dbPath = resolve(config.dbPath)
  const log = createLogger(config.logLevel)
  if (!existsSync(dbPath)) seedMissingDatabase(dbPath, config, log)
  const db = openDatabase(dbPath, { log })
  const ctx = createContext(config, db)
  // Build (or restore) the search index before accepting requests, so no caller waits for it.
  ctx.search.refresh()
  // Likewise the insights rollup: after an upgrade this backfills the history once.
  currentRollup(ctx)
  const app = createApp(ctx)
  const listener = await listen(toNodeHandler(app), {
    port: config.port,
    hostname: config.host,
    showURL: false,
    qr: false,
    isProd: true,
    autoClose: false,
  })
  const origin = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`
  ctx.log.info('openroles listening', { api: `${origin}/api/v1`, page: `${origin}/`, docs: `${origin}/api/v1/docs`, synchronous: config.sqliteSynchronous })

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    ctx.log.info('shutting down', { signal })
    // Stop accepting, let in-flight requests finish, then close the database (checkpointing the WAL).
    await listener.close()
    await ctx.close?.()
    await ctx.mailer.idle()
    db.close()
    process.exit(0)
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'))
  process.once('SIGINT', () => void shutdown('SIGINT'))
}

/** `openroles serve [--port N] [--host H]`: flags win over PORT and HOST. */
export const serveCommand: CommandSpec = {
  name: 'serve',
  summary: 'Serve the API and the search page (creates and seeds the database on first start).',
  options: {
    port: { type: 'string', short: 'p', value: 'N', help: 'TCP port (default PORT, 8080)' },
    host: { type: 'string', value: 'HOST', help: 'interface to listen on (default HOST, 127.0.0.1; 0.0.0.0 for every interface)' },
  },
  run({ values }) {
    const config = loadConfig()
    const port = intOption(values.port, config.port, 'port')
    return startServer({ ...config, port, host: (values.host as string | undefined) ?? config.host })
  },
}
