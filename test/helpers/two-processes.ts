import type { TestContext } from 'node:test'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig, type Config } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { inProcessCaller } from './app.ts'
import { tempDir } from './temp.ts'

/**
 * What two serving processes are to each other, in one test process: two app contexts, each on its
 * own connection to one database file, sharing nothing else. Closed when the test ends.
 */
export function twoProcesses(t: TestContext, config: Partial<Config> = {}) {
  const path = join(tempDir(t, 'two-processes'), 'catalogue.db')
  const open = () => {
    const db = openDatabase(path)
    const ctx = createContext(defaultConfig(config), db)
    const app = createApp(ctx)
    return { db, ctx, app, call: inProcessCaller(app) }
  }
  const a = open()
  const b = open()
  t.after(async () => {
    for (const process of [a, b]) {
      await process.ctx.close?.()
      process.db.close()
    }
  })
  return { a, b }
}
