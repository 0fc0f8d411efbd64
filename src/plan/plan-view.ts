import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import { allowanceOf, nextMidnightUtc, planOf } from './ledger.ts'
import { FEATURES, type Plan } from './plan-settings.ts'

/** GET /me/plan: the tier, its grant when paid, and every metered feature's allowance today (used ones or not). */
export function planView(db: DB, config: Config, userId: number, now: Date) {
  const { plan, until, source } = planOf(db, userId, now)
  return {
    plan,
    resets_at: nextMidnightUtc(now),
    ...(until && { pro_until: until, pro_source: source }),
    allowances: FEATURES.map((feature) => allowanceOf(db, config, userId, feature, now, plan)),
  }
}

/** Grants a paid tier until a date (`openroles user grant-plan`; a billing integration would call it with its own source). */
export function grantPlan(db: DB, userId: number, plan: Exclude<Plan, 'free'>, until: Date, source: 'stripe' | 'revenuecat' | 'granted', now: Date): void {
  db.prepare(
    `INSERT INTO user_plans (user_id, plan, until, source, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, until = excluded.until, source = excluded.source, updated_at = excluded.updated_at`,
  ).run(userId, plan, until.toISOString(), source, now.toISOString())
}
