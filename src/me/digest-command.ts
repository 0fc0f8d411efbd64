import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { createContext } from '../app.ts'
import { runDigests } from './digests.ts'

/** `openroles digests run`: one digest run now (e.g. from cron when DIGEST_INTERVAL_MINUTES=0), then exit. */
export async function digestsCommand(args: string[]): Promise<void> {
  if (args[0] !== 'run' || args.length > 1) throw new Error('usage: openroles digests run')
  // This process runs once; the in-process scheduler stays off.
  const config = loadConfig(process.env, { digestIntervalMinutes: 0 })
  const db = openDatabase(resolve(config.dbPath))
  const ctx = createContext(config, db)
  try {
    const summary = await runDigests(ctx)
    console.log(`digests: ${summary.subscriptions} active subscriptions checked, ${summary.notifications} notifications written, ${summary.pushed} devices pushed`)
  } finally {
    await ctx.close?.()
    db.close()
  }
}
