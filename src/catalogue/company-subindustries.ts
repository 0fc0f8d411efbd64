import type { CompanyIndex } from './company-index.ts'

/**
 * The curated sub-industries of the companies with open roles, with how many such companies carry
 * each one (GET /companies/subindustries): the vocabulary of the company-search `subindustries`
 * filter. Read from the in-memory company index, so it follows the same open-role rule.
 */
export interface Subindustry {
  slug: string
  label: string
  count: number
}

/** `developer-tools` -> `Developer tools`: the catalogue stores slugs only. */
export function subindustryLabel(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** Most companies first, ties by slug. */
export function listSubindustries(index: CompanyIndex): Subindustry[] {
  return [...index.valueCounts('subindustries')]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))
    .map(([slug, count]) => ({ slug, label: subindustryLabel(slug), count }))
}
