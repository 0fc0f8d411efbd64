import type { Config } from '../config.ts'

/**
 * The plans and their daily limits, read from settings (src/config.ts): PLAN_FREE_LIMITS,
 * PLAN_PRO_LIMITS, PLAN_ULTRA_LIMITS, PLAN_FAIR_USE, PLAN_ENFORCE. A limit of null is unlimited.
 */
export const FEATURES = ['match', 'tailor', 'assistant', 'dictation'] as const
export type Feature = (typeof FEATURES)[number]
export const PLANS = ['free', 'pro', 'ultra'] as const
export type Plan = (typeof PLANS)[number]

export interface PlanSettings {
  limits: Record<Plan, Record<Feature, number | null>>
  fairUse: Record<Feature, number>
  enforced: ReadonlySet<Feature>
  upgradeUrl: string
}

/** `feature=n,feature=n`; a feature not named is unlimited (null). Throws on anything else, naming the setting. */
function parseLimits(raw: string, setting: string): Record<Feature, number | null> {
  const limits = Object.fromEntries(FEATURES.map((feature) => [feature, null])) as Record<Feature, number | null>
  for (const part of raw.split(',').map((item) => item.trim()).filter(Boolean)) {
    const [name, value] = part.split('=').map((item) => item.trim())
    if (!(FEATURES as readonly string[]).includes(name!) || !/^\d{1,9}$/.test(value ?? '')) {
      throw new Error(`${setting}: "${part}" is not feature=number (features: ${FEATURES.join(', ')})`)
    }
    limits[name as Feature] = Number(value)
  }
  return limits
}

function parseEnforced(raw: string): Set<Feature> {
  const names = raw.split(',').map((item) => item.trim()).filter(Boolean)
  if (names.includes('all')) return new Set(FEATURES)
  for (const name of names) if (!(FEATURES as readonly string[]).includes(name)) throw new Error(`PLAN_ENFORCE: unknown feature "${name}" (features: ${FEATURES.join(', ')}, or all)`)
  return new Set(names as Feature[])
}

const cache = new WeakMap<Config, PlanSettings>()

/** The parsed plan settings of a configuration (parsed once; the server calls it at start so a typo fails there). */
export function planSettings(config: Config): PlanSettings {
  let parsed = cache.get(config)
  if (!parsed) {
    const fairUse = parseLimits(config.planFairUse, 'PLAN_FAIR_USE')
    parsed = {
      limits: {
        free: { ...Object.fromEntries(FEATURES.map((feature) => [feature, 0])), ...definedOnly(parseLimits(config.planFreeLimits, 'PLAN_FREE_LIMITS')) } as Record<Feature, number>,
        pro: parseLimits(config.planProLimits, 'PLAN_PRO_LIMITS'),
        ultra: parseLimits(config.planUltraLimits, 'PLAN_ULTRA_LIMITS'),
      },
      fairUse: Object.fromEntries(FEATURES.map((feature) => [feature, fairUse[feature] ?? Number.MAX_SAFE_INTEGER])) as Record<Feature, number>,
      enforced: parseEnforced(config.planEnforce),
      upgradeUrl: config.planUpgradeUrl,
    }
    cache.set(config, parsed)
  }
  return parsed
}

/** The free plan includes nothing it does not name. */
function definedOnly(limits: Record<Feature, number | null>): Partial<Record<Feature, number>> {
  return Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== null)) as Partial<Record<Feature, number>>
}
