/**
 * What the engine replaces, measured on the same data: facet counts by SQL GROUP BY over the
 * matching postings, and FTS5 bm25 ordering of every hit.
 */
import type { DB } from '../src/db/connection.ts'
import type { BenchQuery } from './queries.ts'

export interface BaselineRow {
  label: string
  naiveMs: number
  /** The equivalent request to our engine. */
  ours: { query: string; endpoint: string }
}

const SINGLE = ['work_mode', 'role', 'category', 'ai_archetype', 'seniority', 'role_type', 'company_type', 'relocation', 'employment_type', 'english_level', 'posting_language', 'reality_class', 'salary_currency', 'source', 'company_size', 'education_level', 'salary_period']
const MULTI: [string, string][] = [['job_regions', 'region'], ['job_countries', 'country'], ['job_cities', 'city'], ['job_skills', 'skill'], ['job_domains', 'domain']]

/** Median of 3 runs; a run over 2 s is not repeated (the point is made, and the whole benchmark stays short). */
function median(run: () => void, samples = 3): number {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    const started = performance.now()
    run()
    times.push(performance.now() - started)
    if (times[0]! > 2000) break
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

/** Every facet counted with GROUP BY over the postings selected by `matching` (a SQL subquery of job ids). */
function groupByFacets(db: DB, matching: string, word?: string): void {
  const args = word ? [word] : []
  for (const column of SINGLE) db.prepare(`SELECT ${column}, count(*) FROM jobs WHERE id IN (${matching}) GROUP BY 1`).all(...args)
  for (const [table, column] of MULTI) db.prepare(`SELECT ${column}, count(*) FROM ${table} WHERE job_id IN (${matching}) GROUP BY 1`).all(...args)
  db.prepare(`SELECT cc.collection, count(*) FROM jobs j JOIN company_collections cc ON cc.company_id = j.company_id WHERE j.id IN (${matching}) GROUP BY 1`).all(...args)
}

export function naiveBaseline(db: DB, queries: BenchQuery[]): BaselineRow[] {
  const rows: BaselineRow[] = []
  const open = 'SELECT id FROM jobs WHERE closed_at IS NULL'
  rows.push({ label: 'all facets, no filter: GROUP BY', naiveMs: median(() => groupByFacets(db, open)), ours: { query: '', endpoint: 'jobs/facets' } })
  for (const query of queries.filter((q) => q.word && q.facets !== undefined && !q.disjunctive)) {
    const matching = `SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH '"' || ? || '"*'`
    rows.push({ label: `all facets, ${query.label}: GROUP BY`, naiveMs: median(() => groupByFacets(db, matching, query.word)), ours: { query: query.facets!, endpoint: 'jobs/facets' } })
    rows.push({
      label: `${query.label}: FTS5 bm25 top 10`,
      naiveMs: median(() => db.prepare(`SELECT rowid FROM jobs_fts WHERE jobs_fts MATCH '"' || ? || '"*' ORDER BY bm25(jobs_fts, 10.0, 3.0, 1.0) LIMIT 10`).all(query.word)),
      ours: { query: query.search, endpoint: 'jobs/search' },
    })
  }
  return rows
}
