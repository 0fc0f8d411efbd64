import type { DB } from '../db/connection.ts'
import type { SearchEngine } from '../search/engine.ts'
import type { FacetStats, ValueCounts } from '../search/facet-count.ts'
import { companyEntries } from './company-index.ts'
import { perGeneration } from './derived-generation.ts'

/**
 * Catalogue-wide totals and distributions (GET /stats/catalog, /stats/facets). The distributions
 * are the search engine's unfiltered facet counts; the SQL totals are computed once per catalogue
 * change, so a read never counts a million rows.
 */
export interface CatalogueStats {
  jobs_open: number
  jobs_closed: number
  companies: number
  companies_hiring: number
  skills: number
  sources: ValueCounts
  latest_posted_at: string | null
  built_at: string | null
}

const sqlTotals = perGeneration((db: DB) => {
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM jobs WHERE closed_at IS NOT NULL) AS closed,
              (SELECT count(*) FROM companies) AS companies,
              (SELECT max(posted_at) FROM jobs WHERE closed_at IS NULL) AS latest,
              (SELECT value FROM catalogue_meta WHERE key = 'built_at') AS built`,
    )
    .get() as { closed: number; companies: number; latest: string | null; built: string | null }
  return row
})

export function catalogueStats(db: DB, search: SearchEngine): CatalogueStats {
  const totals = sqlTotals(db)
  const facets = search.facets({ filters: { facets: {} }, facets: ['skills', 'source'] })
  return {
    jobs_open: facets.total,
    jobs_closed: totals.closed,
    companies: totals.companies,
    companies_hiring: companyEntries(db).length,
    skills: Object.keys(facets.facets.skills ?? {}).length,
    sources: facets.facets.source ?? {},
    latest_posted_at: totals.latest,
    built_at: totals.built,
  }
}

export interface FacetDistributions {
  total: number
  facets: Record<string, ValueCounts>
  stats: FacetStats
}

const trimmed = new WeakMap<object, Map<number, FacetDistributions>>()

/** Every counted facet over all open postings, each cut to its `top` most frequent values. */
export function facetDistributions(search: SearchEngine, top: number): FacetDistributions {
  const all = search.facets({ filters: { facets: {} } })
  // The engine hands back the same result object until the catalogue changes: trim it once per top.
  const known = trimmed.get(all) ?? new Map<number, FacetDistributions>()
  trimmed.set(all, known)
  const hit = known.get(top)
  if (hit) return hit
  const facets: Record<string, ValueCounts> = {}
  for (const [facet, counts] of Object.entries(all.facets)) {
    const entries = Object.entries(counts ?? {}).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    facets[facet] = Object.fromEntries(entries.slice(0, top))
  }
  const result = { total: all.total, facets, stats: all.stats }
  known.set(top, result)
  return result
}
