import type { DB } from '../db/connection.ts'
import type { Config } from '../config.ts'
import { paymentRequired } from '../errors.ts'
import { planSettings, type Feature, type Plan } from './plan-settings.ts'

/**
 * The allowance ledger every metered operation draws on (match analysis, CV tailoring, assistant,
 * dictation). One row per use, per UTC day; the day's count resets lazily at midnight UTC.
 *
 *   const { ledgerId } = consume(ctx.db, ctx.config, { userId, feature: 'match', reference: slug, subtitle: title, now })
 *   … do the work; if nothing was produced: release(ctx.db, userId, ledgerId, now)
 *
 * Shadow mode: a feature not named by PLAN_ENFORCE is counted but never refused. An enforced
 * feature past its limit throws 402 `{ error, allowance, upgrade_url? }` before any work starts.
 * A reference already charged (the same job analysed again, the same session) is free.
 */
export interface Allowance {
  feature: Feature
  used: number
  limit?: number
  unlimited: boolean
  enforced: boolean
  resets_at: string
}

export const utcDay = (now: Date) => now.toISOString().slice(0, 10)

export function nextMidnightUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString()
}

/** The user's tier: a paid plan while its grant runs, free otherwise. */
export function planOf(db: DB, userId: number, now: Date): { plan: Plan; until?: string; source?: string } {
  const row = db.prepare('SELECT plan, until, source FROM user_plans WHERE user_id = ? AND until > ?').get(userId, now.toISOString()) as
    | { plan: Plan; until: string; source: string }
    | undefined
  return row ? { plan: row.plan, until: row.until, source: row.source } : { plan: 'free' }
}

function usedToday(db: DB, userId: number, feature: Feature, now: Date): number {
  return db.prepare("SELECT count(*) FROM plan_ledger WHERE user_id = ? AND day = ? AND feature = ? AND kind = 'consume'").pluck().get(userId, utcDay(now), feature) as number
}

export function allowanceOf(db: DB, config: Config, userId: number, feature: Feature, now: Date, plan = planOf(db, userId, now).plan): Allowance {
  const settings = planSettings(config)
  const limit = settings.limits[plan][feature]
  const used = usedToday(db, userId, feature, now)
  const base = { feature, used, unlimited: limit === null, enforced: settings.enforced.has(feature), resets_at: nextMidnightUtc(now) }
  return limit === null ? base : { ...base, limit }
}

const NOUNS: Record<Feature, string> = { match: 'job analyses', tailor: 'CV edits', assistant: 'assistant messages', dictation: 'dictation' }

/** The 402 of an exhausted allowance; upgrade_url only where upgrading helps (not fair use, not the top tier). */
function refusal(config: Config, plan: Plan, allowance: Allowance) {
  const noun = NOUNS[allowance.feature]
  const fairUse = allowance.unlimited
  const message = fairUse ? `You've reached today's fair-use limit for ${noun}.` : allowance.limit === 0 ? `Your plan doesn't include ${noun}.` : `You've used today's ${noun}.`
  const upgrade = !fairUse && plan !== 'ultra' ? { upgrade_url: planSettings(config).upgradeUrl } : {}
  return paymentRequired(message, { fields: { allowance, ...upgrade } })
}

/**
 * Charges one use of a feature today, in one transaction. Returns the allowance after the charge
 * and the ledger row to release when nothing is produced (null when the reference was already charged).
 */
export function consume(
  db: DB,
  config: Config,
  input: { userId: number; feature: Feature; reference?: string; subtitle?: string; now: Date },
): { allowance: Allowance; ledgerId: number | null } {
  const { userId, feature, reference, subtitle, now } = input
  return db.transaction(() => {
    const plan = planOf(db, userId, now).plan
    if (reference !== undefined) {
      const charged = db.prepare("SELECT 1 FROM plan_ledger WHERE user_id = ? AND feature = ? AND reference = ? AND kind = 'consume'").get(userId, feature, reference)
      if (charged) return { allowance: allowanceOf(db, config, userId, feature, now, plan), ledgerId: null }
    }
    const before = allowanceOf(db, config, userId, feature, now, plan)
    const cap = before.limit ?? planSettings(config).fairUse[feature]
    if (before.enforced && before.used >= cap) throw refusal(config, plan, before)
    const result = db
      .prepare("INSERT INTO plan_ledger (user_id, feature, day, kind, reference, subtitle, created_at) VALUES (?, ?, ?, 'consume', ?, ?, ?)")
      .run(userId, feature, utcDay(now), reference ?? null, subtitle ?? null, now.toISOString())
    return { allowance: { ...before, used: before.used + 1 }, ledgerId: Number(result.lastInsertRowid) }
  })()
}

/** Gives a use back to the day it was taken from (the row is re-stamped `release`). False when there was none to release. */
export function release(db: DB, userId: number, ledgerId: number): boolean {
  return db.prepare("UPDATE plan_ledger SET kind = 'release' WHERE id = ? AND user_id = ? AND kind = 'consume'").run(ledgerId, userId).changes > 0
}

const LABELS: Record<Feature, string> = { match: 'Job analysis', tailor: 'CV editing session', assistant: 'Assistant message', dictation: 'Dictation' }

/** The newest ledger rows (at most 100), labelled for people. */
export function planHistory(db: DB, userId: number) {
  const rows = db
    .prepare('SELECT feature, day, kind, reference, subtitle, created_at FROM plan_ledger WHERE user_id = ? ORDER BY id DESC LIMIT 100')
    .all(userId) as { feature: Feature; day: string; kind: 'consume' | 'release'; reference: string | null; subtitle: string | null; created_at: string }[]
  return rows.map((row) => {
    const subtitle = row.subtitle ?? (row.feature === 'match' ? row.reference : null)
    return {
      feature: row.feature,
      day: row.day,
      kind: row.kind,
      label: row.kind === 'release' ? 'Returned — nothing was produced' : (LABELS[row.feature] ?? 'Used'),
      ...(subtitle !== null && { subtitle }),
      created_at: row.created_at,
    }
  })
}

/** Today's metered requests of the caller: uses charged, and those given back because nothing was produced. */
export function usageToday(db: DB, userId: number, now: Date) {
  const row = db
    .prepare("SELECT coalesce(sum(kind = 'consume'), 0) AS consumed, coalesce(sum(kind = 'release'), 0) AS released FROM plan_ledger WHERE user_id = ? AND day = ?")
    .get(userId, utcDay(now)) as { consumed: number; released: number }
  return { requests: row.consumed + row.released, failed: row.released, tokens: 0, period: utcDay(now), resets_at: nextMidnightUtc(now) }
}
