import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { listen } from 'listhen'
import { toNodeHandler } from 'h3'
import type { Config } from './config.ts'
import { openDatabase } from './db/connection.ts'
import { createApp, createContext } from './app.ts'
import { seedCatalogue } from './ingest/seed.ts'

/** config -> open (and on first start, seed) the database -> build the app -> listen; SIGTERM/SIGINT close cleanly. */
export async function startServer(config: Config): Promise<void> {
  const dbPath = resolve(config.dbPath)
  const fresh = !existsSync(dbPath)
  const db = openDatabase(dbPath)
  const ctx = createContext(config, db)
  if (fresh) {
    ctx.log.info('no database yet: generating the seeded catalogue', { path: dbPath, jobs: config.seedJobs })
    const started = Date.now()
    seedCatalogue(db, { jobs: config.seedJobs, seed: config.seedRandom })
    ctx.log.info('seeded catalogue ready', { ms: Date.now() - started })
  }
  const app = createApp(ctx)
  const listener = await listen(toNodeHandler(app), {
    port: config.port,
    hostname: config.host,
    showURL: false,
    qr: false,
    isProd: true,
    autoClose: false,
  })
  ctx.log.info('openroles listening', { url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}/api/v1` })

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
