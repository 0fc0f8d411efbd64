import { resolve } from 'node:path'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { createContext } from '../services.ts'
import { runDigests } from '../alerts/digests.ts'
import { UsageError, type CommandSpec } from './command.ts'

/** `openroles digests run`: one digest run now (e.g. from cron when DIGEST_INTERVAL_MINUTES=0), then exit. */
export const digestsCommand: CommandSpec = {
  name: 'digests',
  summary: 'run: evaluate every active saved-search subscription once and write the digest notifications.',
  positionals: { usage: 'run', min: 1, max: 1 },
  async run({ positionals: [action] }) {
    if (action !== 'run') throw new UsageError(`unknown action '${action}'`)
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
  },
}
