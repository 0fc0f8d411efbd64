import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/connection.ts'
import { grantModerator } from './account-admin.ts'

/** `openroles user grant-moderator EMAIL`: the only way to hand out the moderator role. */
export function userCommand(args: string[]): void {
  const [action, email] = args
  if (action !== 'grant-moderator' || !email) throw new Error('usage: openroles user grant-moderator EMAIL')
  const db = openDatabase(loadConfig().dbPath)
  try {
    const user = grantModerator({ db, now: () => new Date() }, email)
    console.log(`${user.email} is now a moderator`)
  } finally {
    db.close()
  }
}
