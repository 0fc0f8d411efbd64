import type { DB } from '../db/connection.ts'
import type { SearchEngine } from '../search/engine.ts'
import type { FacetStats, ValueCounts } from '../search/facet-count.ts'

/**
 * Catalogue-wide totals and distributions (GET /stats/catalog, /stats/facets): a snapshot taken
 * once per catalogue change (the search engine's unfiltered facet counts plus a few SQL totals),
 * so a read never counts a million rows.
 */
export interface FacetDistributions {
  total: number
  facets: Record<string, ValueCounts>
  stats: FacetStats
}

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

export interface Snapshot {
  /** Open postings the snapshot was taken at (a second staleness check beside the generation). */
  size: number
  catalog: CatalogueStats
  all: FacetDistributions
  /** Distributions cut to `top` values, per top asked for. */
  trimmed: Map<number, FacetDistributions>
}


/** The catalogue's stats and full facet distributions; kept by CatalogueMemory until the catalogue changes. */
/** The catalogue's totals SQL answers from indexes (no posting is read). */
export function catalogueTotals(db: DB): { closed: number; companies: number; latest: string | null; built: string | null } {
  return db
    .prepare(
      `SELECT (SELECT count(*) FROM jobs WHERE closed_at IS NOT NULL) AS closed,
              (SELECT count(*) FROM companies) AS companies,
              (SELECT max(posted_at) FROM jobs WHERE closed_at IS NULL) AS latest,
              (SELECT value FROM catalogue_meta WHERE key = 'built_at') AS built`,
    )
    .get() as { closed: number; companies: number; latest: string | null; built: string | null }
}

export function takeSnapshot(db: DB, search: SearchEngine, companiesHiring: number): Snapshot {
  const totals = catalogueTotals(db)
  // The catalogue's figures count postings (search results count cards, one per role).
  const all = search.facets({ filters: { facets: {} }, postings: true })
  const open = all.total
  return {
    size: open,
    catalog: {
      jobs_open: open,
      jobs_closed: totals.closed,
      companies: totals.companies,
      companies_hiring: companiesHiring,
      skills: Object.keys(all.facets.skills ?? {}).length,
      sources: all.facets.source ?? {},
      latest_posted_at: totals.latest,
      built_at: totals.built,
    },
    all: { total: all.total, facets: all.facets as Record<string, ValueCounts>, stats: all.stats },
    trimmed: new Map(),
  }
}


/** Every counted facet over all open postings, each cut to its `top` most frequent values. */
export function facetDistributions(taken: Snapshot, top: number): FacetDistributions {
  const hit = taken.trimmed.get(top)
  if (hit) return hit
  const facets: Record<string, ValueCounts> = {}
  for (const [facet, counts] of Object.entries(taken.all.facets)) {
    const entries = Object.entries(counts).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    facets[facet] = Object.fromEntries(entries.slice(0, top))
  }
  const result = { total: taken.all.total, facets, stats: taken.all.stats }
  taken.trimmed.set(top, result)
  return result
}
