import type { DB } from '../db/connection.ts'
import { loadJobs } from '../catalogue/job-json.ts'

const BATCH = 500

/**
 * The catalogue as JSON Lines in our import shape (docs/ingest.md): each line is the API's Job
 * object with the full HTML description and `company` as an object carrying the company's own
 * facts, so `openroles import` of an export rebuilds the same postings (same source and external
 * id, hence the same slugs) and companies. Closed postings are included with their `closed_at`
 * unless `openOnly`. Yields one line at a time: a million postings never sit in memory.
 */
export function* exportJobLines(db: DB, options: { openOnly?: boolean } = {}): Generator<string> {
  const ids = db.prepare(`SELECT id FROM jobs WHERE ${options.openOnly ? 'closed_at IS NULL AND ' : ''}id > ? ORDER BY id LIMIT ${BATCH}`).pluck()
  const companies = db.prepare(
    `SELECT c.slug, c.name, c.tagline, c.homepage, c.description, c.hq_country, c.industries, c.subindustries,
            (SELECT json_group_array(collection) FROM company_collections WHERE company_id = c.id) AS collections
     FROM companies c WHERE c.id = (SELECT company_id FROM jobs WHERE public_slug = ?)`,
  )
  for (let after = 0; ; ) {
    const batch = ids.all(after) as number[]
    if (!batch.length) return
    for (const job of loadJobs(db, batch, { description: 'html', ghost: false })) {
      const company = companies.get(job.public_slug) as Record<string, unknown>
      const { my_vote: _vote, ghost: _ghost, reality: _reality, ...line } = job
      yield JSON.stringify({
        ...line,
        company: { ...company, industries: JSON.parse(company.industries as string), subindustries: JSON.parse(company.subindustries as string), collections: JSON.parse(company.collections as string) },
      })
    }
    after = batch[batch.length - 1]!
  }
}
