import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { UsageError, type CommandSpec } from '../cli/command.ts'
import { grantModerator } from './account-admin.ts'

/** `openroles user grant-moderator EMAIL`: the only way to hand out the moderator role. */
export const userCommand: CommandSpec = {
  name: 'user',
  summary: 'Account administration: grant-moderator EMAIL gives an account the moderator role.',
  positionals: { usage: 'grant-moderator EMAIL', min: 2, max: 2 },
  run({ positionals: [action, email] }) {
    if (action !== 'grant-moderator') throw new UsageError(`unknown action '${action}'`)
    const db = openDatabase(loadConfig().dbPath)
    try {
      const user = grantModerator({ db, now: () => new Date() }, email!)
      console.log(`${user.email} is now a moderator`)
    } finally {
      db.close()
    }
  },
}
