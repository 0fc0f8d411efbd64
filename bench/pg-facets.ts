/**
 * Three ways to count every facet over a match set in PostgreSQL; the benchmark times each and
 * keeps the best per request, so the baseline is not one unlucky plan. All three count what the
 * groups' `match` selects (cards, or postings with folding off; see pg-queries.ts) and return the
 * same counts, which the benchmark checks.
 *
 * - `per-facet`: one GROUP BY statement per facet (unnest for the arrays), each finding the match
 *   set again through the indexes; the shape an ORM or a hand-written API ends up with.
 * - `pairs`: one statement, one pass over the matches: every card emits its (facet, value) pairs
 *   through a LATERAL of VALUES (single-valued) and unnest (arrays), grouped by facet and value.
 * - `cte-sets`: the matching cards materialized once in a CTE, then the single-valued facets in one
 *   GROUPING SETS pass (its empty set gives the total and ranges) and each array by unnest.
 */
import type pg from 'pg'
import { MULTI_FACETS } from '../src/search/facet-spec.ts'
import { literal, type FacetGroup } from './pg-queries.ts'

export type Counts = Map<string, Map<string, number>>
export interface FacetResult {
  total: number
  counts: Counts
}

const isMulti = (facet: string) => (MULTI_FACETS as readonly string[]).includes(facet)
const RANGES = 'min(salary_min) AS smin_lo, max(salary_min) AS smin_hi, min(salary_max) AS smax_lo, max(salary_max) AS smax_hi, min(experience_years_min) AS exp_lo, max(experience_years_min) AS exp_hi'

type Row = { facet: string; value: string | null; n: string }

function add(result: FacetResult, rows: Row[]): void {
  for (const row of rows) {
    if (row.facet === '_total') {
      result.total = Number(row.n)
      continue
    }
    if (row.value === null) continue
    const counts = result.counts.get(row.facet) ?? new Map<string, number>()
    counts.set(row.value, Number(row.n))
    result.counts.set(row.facet, counts)
  }
}

/** One facet's (facet, value, n) rows over what `match` selects. */
function perFacetSql(facet: string, match: string): string {
  return isMulti(facet)
    ? `SELECT ${literal(facet)} AS facet, v AS value, count(*) AS n FROM postings, unnest(${facet}) v WHERE ${match} GROUP BY v`
    : `SELECT ${literal(facet)} AS facet, ${facet} AS value, count(*) AS n FROM postings WHERE ${match} AND ${facet} IS NOT NULL GROUP BY ${facet}`
}

function pairsSql(group: FacetGroup): string {
  const singles = group.facets.filter((facet) => !isMulti(facet)).map((facet) => `(${literal(facet)}, p.${facet})`)
  if (group.totals) singles.push("('_total', NULL)")
  const parts = [
    ...(singles.length ? [`SELECT * FROM (VALUES ${singles.join(', ')}) s`] : []),
    ...group.facets.filter(isMulti).map((facet) => `SELECT ${literal(facet)}, unnest(p.${facet})`),
  ]
  const ranges = group.totals ? `, ${RANGES.replace(/(min|max)\((\w+)\)/g, "$1(p.$2) FILTER (WHERE fv.facet = '_total')")}` : ''
  return `SELECT fv.facet, fv.value, count(*) AS n${ranges} FROM postings p
CROSS JOIN LATERAL (${parts.join(' UNION ALL ')}) fv(facet, value)
WHERE ${group.match} AND (fv.value IS NOT NULL OR fv.facet = '_total') GROUP BY 1, 2`
}

function cteSetsSql(group: FacetGroup): string {
  const singles = group.facets.filter((facet) => !isMulti(facet))
  const multis = group.facets.filter(isMulti)
  const parts: string[] = []
  if (singles.length) {
    const which = singles.map((facet) => `WHEN GROUPING(${facet}) = 0 THEN ${literal(facet)}`).join(' ')
    const value = singles.length > 1 ? `coalesce(${singles.join(', ')})` : singles[0]!
    parts.push(`SELECT CASE ${which} END AS facet, ${value} AS value, count(*) AS n FROM m GROUP BY GROUPING SETS (${singles.map((facet) => `(${facet})`).join(', ')})`)
  }
  // The total, with the ranges as the value (read for the work, not compared).
  if (group.totals) parts.push(`SELECT '_total' AS facet, json_build_array(${RANGES.replace(/ AS \w+/g, '')})::text AS value, count(*) AS n FROM m`)
  for (const facet of multis) parts.push(`SELECT ${literal(facet)} AS facet, v AS value, count(*) AS n FROM m, unnest(m.${facet}) v GROUP BY v`)
  const columns = [...group.facets, 'salary_min', 'salary_max', 'experience_years_min'].join(', ')
  return `WITH m AS MATERIALIZED (SELECT ${columns} FROM postings WHERE ${group.match})
${parts.join('\nUNION ALL ')}`
}

export const STRATEGIES = {
  pairs: async (client: pg.Client, groups: FacetGroup[]): Promise<FacetResult> => {
    const result: FacetResult = { total: 0, counts: new Map() }
    for (const group of groups) add(result, (await client.query(pairsSql(group))).rows)
    return result
  },
  'cte-sets': async (client: pg.Client, groups: FacetGroup[]): Promise<FacetResult> => {
    const result: FacetResult = { total: 0, counts: new Map() }
    for (const group of groups) add(result, (await client.query(cteSetsSql(group))).rows)
    return result
  },
  'per-facet': async (client: pg.Client, groups: FacetGroup[]): Promise<FacetResult> => {
    const result: FacetResult = { total: 0, counts: new Map() }
    for (const group of groups) {
      for (const facet of group.facets) add(result, (await client.query(perFacetSql(facet, group.match))).rows)
      if (group.totals) add(result, (await client.query(`SELECT '_total' AS facet, NULL AS value, count(*) AS n, ${RANGES} FROM postings WHERE ${group.match}`)).rows)
    }
    return result
  },
}

export type StrategyName = keyof typeof STRATEGIES

/** Where two results differ (empty when they agree): the first few differences, for the log. */
export function differences(a: FacetResult, b: FacetResult): string[] {
  const out: string[] = []
  if (a.total !== b.total) out.push(`total ${a.total} vs ${b.total}`)
  for (const facet of new Set([...a.counts.keys(), ...b.counts.keys()])) {
    const x = a.counts.get(facet) ?? new Map()
    const y = b.counts.get(facet) ?? new Map()
    for (const value of new Set([...x.keys(), ...y.keys()])) if (x.get(value) !== y.get(value)) out.push(`${facet}=${value}: ${x.get(value)} vs ${y.get(value)}`)
  }
  return out.slice(0, 5)
}
