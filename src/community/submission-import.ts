import type { DB } from '../db/connection.ts'
import { unprocessable } from '../errors.ts'
import { importRecords } from '../ingest/import.ts'
import { normalizeUrl } from '../catalogue/job-store.ts'
import type { SubmissionFacets } from './submission-facets.ts'
import type { SubmissionRow } from './submissions.ts'

/**
 * An approved submission becomes a posting through the importer itself (importRecords): the same
 * validation, enrichment, role-cluster dedup and upsert by (source, external id) as any import, with
 * `manually_added: true`. The importer writes the change log, so search sees it on its next query.
 * The importer reports the posting it wrote. An open posting already at the submitted URL is
 * linked instead of duplicated.
 */
/** The columns of a submission the importer reads. */
type SubmissionFields = Pick<SubmissionRow, 'id' | 'url' | 'source' | 'title' | 'company' | 'location' | 'remote' | 'description' | 'posted_at' | 'facets'>

const openJobAt = (db: DB, url: string) =>
  db
    .prepare('SELECT id, public_slug AS slug FROM jobs WHERE (url_key = @key OR source_url_key = @key) AND closed_at IS NULL ORDER BY posted_at DESC, id DESC LIMIT 1')
    .get({ key: normalizeUrl(url) }) as { id: number; slug: string } | undefined

/** The import line (our Job shape) of a submission. */
function jobLineOf(row: SubmissionFields) {
  const facets = JSON.parse(row.facets) as SubmissionFacets
  return {
    title: row.title,
    company: row.company,
    url: row.url,
    location: row.location ?? (row.remote ? 'Remote' : null),
    description: row.description ?? '',
    ...(row.posted_at ? { posted_at: row.posted_at } : {}),
    // A source must be a short name to the importer; the host of the URL stands in otherwise.
    ...(row.source && /^[a-z0-9][a-z0-9._-]{0,59}$/i.test(row.source) ? { source: row.source.toLowerCase() } : {}),
    manually_added: true,
    work_mode: facets.work_mode ?? (row.remote ? 'remote' : null),
    ...(facets.skills ? { skills: facets.skills } : {}),
    ...(facets.regions ? { regions: facets.regions } : {}),
    ...(facets.cities ? { cities: facets.cities } : {}),
    employment_type: facets.employment_type ?? null,
    seniority: facets.seniority ?? null,
    salary_min: facets.salary_min ?? null,
    salary_max: facets.salary_max ?? null,
    salary_currency: facets.salary_currency ?? null,
    salary_period: facets.salary_period ?? null,
  }
}

/** Writes (or finds) the live posting of a submission; call inside the approval's transaction. */
export function mintPosting(db: DB, row: SubmissionFields, now: Date): { id: number; slug: string } {
  const known = openJobAt(db, row.url)
  if (known) return known
  let written: { id: number; outcome: string } | undefined
  const summary = importRecords(db, [{ at: `submission ${row.id}`, value: jobLineOf(row) }], { now, onWritten: (_input, posting) => (written = posting) })
  const rejected = summary.rejected[0]
  if (rejected || !written) throw unprocessable(`the submission cannot become a posting: ${rejected?.reason ?? 'nothing was written'}`)
  if (written.outcome === 'closed') throw unprocessable('the submission cannot become a posting: it would be closed on arrival')
  return { id: written.id, slug: db.prepare('SELECT public_slug FROM jobs WHERE id = ?').pluck().get(written.id) as string }
}
