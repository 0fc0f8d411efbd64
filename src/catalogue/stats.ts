import { getMeta, type DB } from '../db/connection.ts'

export interface CatalogueCounts {
  jobsOpen: number
  jobsClosed: number
  companies: number
  builtAt: string | null
}

export function catalogueCounts(db: DB): CatalogueCounts {
  const row = db
    .prepare(
      `SELECT (SELECT count(*) FROM jobs WHERE closed_at IS NULL) AS open,
              (SELECT count(*) FROM jobs WHERE closed_at IS NOT NULL) AS closed,
              (SELECT count(*) FROM companies) AS companies`,
    )
    .get() as { open: number; closed: number; companies: number }
  return { jobsOpen: row.open, jobsClosed: row.closed, companies: row.companies, builtAt: getMeta(db, 'built_at') ?? null }
}
