import { randomBytes } from 'node:crypto'
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding'
import type { DB } from '../db/connection.ts'
import { ownRecords } from '../db/own-rows.ts'
import { slugify } from '../vocabulary/slug.ts'

/**
 * Job lists: a user's named lists of specific jobs, apart from the single "saved" flag, each of
 * which can be published read-only under an unguessable slug (a readable part from the name plus
 * 80 random bits) and taken private again, after which that slug answers 404. A list keeps a job
 * after it closes, so a shared list shows it as closed rather than losing it.
 */
interface JobListRow {
  id: number
  name: string
  description: string
  public_slug: string | null
  job_count: number
  created_at: string
  updated_at: string
}

/** The list of the API: the reference's fields (`public_slug` is "" while private), plus when it was made and changed. */
function toJobList(row: JobListRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    public_slug: row.public_slug ?? '',
    job_count: row.job_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export type JobList = ReturnType<typeof toJobList>

const SELECT = `SELECT l.id, l.name, l.description, l.public_slug, l.created_at, l.updated_at,
    (SELECT count(*) FROM job_list_items i WHERE i.list_id = l.id) AS job_count
  FROM job_lists l`

const own = ownRecords({ select: SELECT, table: 'job_lists', alias: 'l', map: toJobList })
export const listJobLists = own.page
export const getJobList = own.byId

export function countJobLists(db: DB, userId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM job_lists WHERE user_id = ?').get(userId) as { n: number }).n
}

export function createJobList(db: DB, userId: number, input: { name: string; description?: string }, now: string): JobList {
  const id = Number(
    db.prepare('INSERT INTO job_lists (user_id, name, description, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(userId, input.name, input.description ?? '', now, now)
      .lastInsertRowid,
  )
  return getJobList(db, userId, id)!
}

/** Renames or re-describes; null when the list is not the caller's. */
export function updateJobList(db: DB, userId: number, id: number, input: { name?: string; description?: string }, now: string): JobList | null {
  const changed = db
    .prepare('UPDATE job_lists SET name = coalesce(?, name), description = coalesce(?, description), updated_at = ? WHERE user_id = ? AND id = ?')
    .run(input.name ?? null, input.description ?? null, now, userId, id).changes
  return changed ? getJobList(db, userId, id) : null
}

/** The jobs stay, and so do the caller's "saved" flags: only the list and its items go. */
export const deleteJobList = own.remove

export function jobCountOf(db: DB, listId: number): number {
  return (db.prepare('SELECT count(*) AS n FROM job_list_items WHERE list_id = ?').get(listId) as { n: number }).n
}

/** Adds a job (idempotent); returns whether it was new. The caller checked that the list is theirs. */
export function addJobToList(db: DB, listId: number, jobId: number, now: string): boolean {
  const added = db.prepare('INSERT INTO job_list_items (list_id, job_id, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING').run(listId, jobId, now).changes > 0
  if (added) db.prepare('UPDATE job_lists SET updated_at = ? WHERE id = ?').run(now, listId)
  return added
}

/** Removes a job (idempotent: a job not in the list changes nothing). */
export function removeJobFromList(db: DB, listId: number, jobId: number, now: string): void {
  if (db.prepare('DELETE FROM job_list_items WHERE list_id = ? AND job_id = ?').run(listId, jobId).changes > 0) {
    db.prepare('UPDATE job_lists SET updated_at = ? WHERE id = ?').run(now, listId)
  }
}

/** Publishes the list, keeping the slug it already has; null when the list is not the caller's. */
export function shareJobList(db: DB, userId: number, id: number, now: string): JobList | null {
  const list = getJobList(db, userId, id)
  if (!list) return null
  if (list.public_slug) return list
  const readable = slugify(list.name, 40)
  const slug = `${readable ? `${readable}-` : ''}${encodeBase32LowerCaseNoPadding(randomBytes(10))}`
  db.prepare('UPDATE job_lists SET public_slug = ?, shared_at = ?, updated_at = ? WHERE id = ?').run(slug, now, now, id)
  return getJobList(db, userId, id)
}

/** Makes the list private again (its old slug stops answering); false when the list is not the caller's. */
export function unshareJobList(db: DB, userId: number, id: number, now: string): boolean {
  const row = db.prepare('SELECT public_slug FROM job_lists WHERE user_id = ? AND id = ?').get(userId, id) as { public_slug: string | null } | undefined
  if (!row) return false
  if (row.public_slug) db.prepare('UPDATE job_lists SET public_slug = NULL, shared_at = NULL, updated_at = ? WHERE id = ?').run(now, id)
  return true
}

/** The job ids of a list, most recently added first, one page of them, and how many there are. */
export function listJobIds(db: DB, listId: number, limit: number, offset: number): { ids: number[]; total: number } {
  const ids = db.prepare('SELECT job_id FROM job_list_items WHERE list_id = ? ORDER BY added_at DESC, job_id DESC LIMIT ? OFFSET ?').pluck().all(listId, limit, offset) as number[]
  return { ids, total: jobCountOf(db, listId) }
}

/** A shared list by its public slug: what the public page shows (no owner), or null when no list is shared under it. */
export function sharedJobList(db: DB, slug: string): { id: number; name: string; description: string; public_slug: string; shared_at: string; updated_at: string } | null {
  const row = db.prepare('SELECT id, name, description, public_slug, shared_at, updated_at FROM job_lists WHERE public_slug = ?').get(slug) as
    | { id: number; name: string; description: string; public_slug: string; shared_at: string; updated_at: string }
    | undefined
  return row ?? null
}
