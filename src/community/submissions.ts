import type { DB } from '../db/connection.ts'
import { conflict, notFound } from '../errors.ts'
import { normalizeUrl } from '../catalogue/job-store.ts'
import { notify, type Notices } from './notices.ts'
import type { SubmissionFacets } from './submission-facets.ts'
import { mintPosting } from './submission-import.ts'

/**
 * Postings people send in. State: pending → approved | rejected, both terminal (a second decision
 * is 409). Approval mints a live posting through the importer (submission-import.ts) and tells the
 * submitter in their notifications, as does a rejection.
 */
export interface NewSubmission {
  url: string
  title: string
  company: string
  location?: string
  remote?: boolean
  description?: string
  source?: string
  postedAt?: string
  facets: SubmissionFacets
}

export interface SubmissionRow {
  id: number
  url: string
  source: string | null
  title: string
  company: string
  location: string | null
  remote: number
  description: string | null
  posted_at: string | null
  facets: string
  status: string
  review_reason: string | null
  reviewed_at: string | null
  created_at: string
  user_id: number
  job_slug: string | null
  submitter_email: string | null
}

const SELECT = `SELECT s.*, j.public_slug AS job_slug, u.email AS submitter_email
  FROM submissions s LEFT JOIN jobs j ON j.id = s.job_id LEFT JOIN users u ON u.id = s.user_id`

/** The Submission object; `job_slug` only on the submitter's own list, `submitter_email` only in the moderators' queue. */
function toSubmission(row: SubmissionRow, view: 'own' | 'queue' | 'decision') {
  return {
    id: row.id,
    url: row.url,
    source: row.source,
    title: row.title,
    company: row.company,
    location: row.location,
    remote: row.remote === 1,
    description: row.description,
    posted_at: row.posted_at,
    status: row.status,
    review_reason: row.review_reason,
    reviewed_at: row.reviewed_at,
    created_at: row.created_at,
    ...(view === 'queue' ? { submitter_email: row.submitter_email } : {}),
    ...(view === 'own' && row.status === 'approved' ? { job_slug: row.job_slug } : {}),
    ...(JSON.parse(row.facets) as SubmissionFacets),
  }
}

export type Submission = ReturnType<typeof toSubmission>

const rowOf = (db: DB, id: number) => db.prepare(`${SELECT} WHERE s.id = ?`).get(id) as SubmissionRow | undefined

export function createSubmission(db: DB, userId: number, input: NewSubmission, now: Date): Submission {
  return db.transaction(() => {
    const urlKey = normalizeUrl(input.url)!
    if (db.prepare("SELECT 1 FROM submissions WHERE url_key = ? AND status = 'pending'").get(urlKey)) {
      throw conflict('a pending submission for this URL already exists')
    }
    const id = db
      .prepare(
        `INSERT INTO submissions (user_id, url, url_key, source, title, company, location, remote, description, posted_at, facets, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(userId, input.url, urlKey, input.source ?? null, input.title, input.company, input.location ?? null, input.remote ? 1 : 0,
        input.description ?? null, input.postedAt ?? null, JSON.stringify(input.facets), now.toISOString()).lastInsertRowid
    return toSubmission(rowOf(db, Number(id))!, 'own')
  })()
}

/** The caller's submissions, newest first. */
export function mySubmissions(db: DB, userId: number): Submission[] {
  return (db.prepare(`${SELECT} WHERE s.user_id = ? ORDER BY s.id DESC`).all(userId) as SubmissionRow[]).map((row) => toSubmission(row, 'own'))
}

/** The moderators' queue: pending submissions, oldest first. */
export function pendingSubmissions(db: DB): Submission[] {
  return (db.prepare(`${SELECT} WHERE s.status = 'pending' ORDER BY s.id`).all() as SubmissionRow[]).map((row) => toSubmission(row, 'queue'))
}

function pendingRow(db: DB, id: number): SubmissionRow {
  const row = rowOf(db, id)
  if (!row) throw notFound('submission not found')
  if (row.status !== 'pending') throw conflict('submission already decided')
  return row
}

/** pending → approved: the posting goes live (or the open one already at that URL is linked). */
export function approveSubmission(db: DB, id: number, now: Date, notices: Notices): Submission {
  return db.transaction(() => {
    const row = pendingRow(db, id)
    const job = mintPosting(db, row, now)
    db.prepare("UPDATE submissions SET status = 'approved', reviewed_at = ?, job_id = ? WHERE id = ?").run(now.toISOString(), job.id, id)
    notify(db, notices, {
      userId: row.user_id,
      kind: 'submission_approved',
      title: 'Your job submission is live',
      body: `${row.title} at ${row.company} was approved and is now in the catalogue.`,
      publicSlug: job.slug,
    }, now)
    return toSubmission(rowOf(db, id)!, 'decision')
  })()
}

/** pending → rejected, with the moderator's reason when given. */
export function rejectSubmission(db: DB, id: number, reason: string | undefined, now: Date, notices: Notices): Submission {
  return db.transaction(() => {
    const row = pendingRow(db, id)
    db.prepare("UPDATE submissions SET status = 'rejected', reviewed_at = ?, review_reason = ? WHERE id = ?").run(now.toISOString(), reason ?? null, id)
    notify(db, notices, {
      userId: row.user_id,
      kind: 'submission_rejected',
      title: 'Your job submission was not accepted',
      body: `${row.title} at ${row.company}${reason ? `: ${reason}` : ' was not accepted.'}`,
    }, now)
    return toSubmission(rowOf(db, id)!, 'decision')
  })()
}
