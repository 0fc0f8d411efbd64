import type { DB } from '../db/connection.ts'

/**
 * Roles, skills and companies by open postings and 30-day growth, read from insight_open (kept by
 * src/insights/rollup.ts): a few hundred indexed rows per request at any catalogue size.
 * growth = open now minus open at the end of the day 30 days ago (an integer, may be negative).
 */
export type OpenSort = 'open' | 'growth'

interface OpenRow {
  value: string
  open_count: number
  growth: number
}

/** Keys of one dimension, optionally only those starting with `prefix`, best first. */
function openKeys(db: DB, dimension: string, prefix: string, sort: OpenSort, limit: number): OpenRow[] {
  const order = sort === 'growth' ? 'growth DESC, open_count DESC, value' : 'open_count DESC, growth DESC, value'
  // '|' separates the parts of a key; '}' is the next character, so [prefix, prefix') is the prefix range.
  const end = prefix ? `${prefix.slice(0, -1)}}` : '\uffff'
  return db
    .prepare(
      `SELECT substr(value, ${prefix.length + 1}) AS value, open_count, open_count - open_prev AS growth FROM insight_open
       WHERE dimension = ? AND value >= ? AND value < ? ORDER BY ${order} LIMIT ?`,
    )
    .all(dimension, prefix, end, limit) as OpenRow[]
}

export interface RoleInsight {
  category: string
  seniority: string
  open_count: number
  growth: number
}

export function roleInsights(db: DB, options: { country?: string; category?: string; sort: OpenSort; limit: number }): RoleInsight[] {
  const dimension = options.country ? 'role_country' : 'role'
  const prefix = `${options.country ? `${options.country}|` : ''}${options.category ? `${options.category}|` : ''}`
  return openKeys(db, dimension, prefix, options.sort, options.limit).map((row) => {
    const parts = row.value.split('|')
    const [category, seniority] = options.category ? [options.category, parts[0]!] : [parts[0]!, parts[1]!]
    return { category, seniority, open_count: row.open_count, growth: row.growth }
  })
}

export interface SkillInsight {
  skill: string
  open_count: number
  growth: number
}

export function skillInsights(db: DB, options: { country?: string; category?: string; sort: OpenSort; limit: number }): SkillInsight[] {
  const [dimension, prefix] = options.country
    ? ['skill_country', `${options.country}|`]
    : options.category
      ? ['skill_category', `${options.category}|`]
      : ['skill', '']
  return openKeys(db, dimension, prefix, options.sort, options.limit).map((row) => ({ skill: row.value, open_count: row.open_count, growth: row.growth }))
}

export type CompanySort = 'growth' | '-growth' | 'open'

export interface CompanyInsight {
  company_slug: string
  company_name: string
  open_now: number
  open_prev_30d: number
  growth_30d: number
}

const COMPANY_ORDER: Record<CompanySort, string> = {
  growth: 'growth_30d DESC, open_now DESC, c.slug',
  '-growth': 'growth_30d ASC, open_now DESC, c.slug',
  open: 'open_now DESC, growth_30d DESC, c.slug',
}

export function companyInsights(db: DB, options: { sort: CompanySort; minOpen: number; limit: number }): CompanyInsight[] {
  return db
    .prepare(
      `SELECT c.slug AS company_slug, c.name AS company_name, o.open_count AS open_now, o.open_prev AS open_prev_30d,
         o.open_count - o.open_prev AS growth_30d
       FROM insight_open o JOIN companies c ON c.id = CAST(o.value AS INTEGER)
       WHERE o.dimension = 'company' AND o.open_count >= ? ORDER BY ${COMPANY_ORDER[options.sort]} LIMIT ?`,
    )
    .all(options.minOpen, options.limit) as CompanyInsight[]
}
