import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { UsageError, type CommandSpec } from './command.ts'
import { grantModerator } from '../account/account-admin.ts'
import { findUserByEmail, normalizeEmail } from '../account/users.ts'
import { grantPlan } from '../plan/plan-view.ts'

/**
 * `openroles user grant-moderator EMAIL`: the only way to hand out the moderator role.
 * `openroles user grant-plan EMAIL pro|ultra DAYS`: a paid tier for DAYS days (source `granted`).
 */
export const userCommand: CommandSpec = {
  name: 'user',
  summary: 'Account administration: grant-moderator EMAIL gives an account the moderator role; grant-plan EMAIL pro|ultra DAYS grants a paid plan.',
  positionals: { usage: 'grant-moderator EMAIL | grant-plan EMAIL pro|ultra DAYS', min: 2, max: 4 },
  run({ positionals: [action, email, plan, days] }) {
    if (action === 'grant-moderator' && plan !== undefined) throw new UsageError(`unexpected argument '${plan}'`)
    if (action === 'grant-plan' && (plan !== 'pro' && plan !== 'ultra' || !/^\d{1,4}$/.test(days ?? ''))) throw new UsageError('usage: grant-plan EMAIL pro|ultra DAYS')
    if (action !== 'grant-moderator' && action !== 'grant-plan') throw new UsageError(`unknown action '${action}'`)
    const db = openDatabase(loadConfig().dbPath)
    try {
      if (action === 'grant-moderator') {
        const user = grantModerator({ db, now: () => new Date() }, email!)
        console.log(`${user.email} is now a moderator`)
        return
      }
      const user = findUserByEmail(db, email!)
      if (!user) throw new Error(`no account with email ${normalizeEmail(email!)}`)
      const until = new Date(Date.now() + Number(days) * 86_400_000)
      grantPlan(db, user.id, plan as 'pro' | 'ultra', until, 'granted', new Date())
      console.log(`${user.email} has the ${plan} plan until ${until.toISOString()}`)
    } finally {
      db.close()
    }
  },
}
