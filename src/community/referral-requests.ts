import { randomUUID } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { conflict, forbidden, notFound, unprocessable } from '../errors.ts'
import { notify, type Notices } from './notices.ts'
import { approvedReferrers, companyIdBySlug, isLinkedInProfile, isUuid } from './referral-offers.ts'
import { seekerCvText } from './seeker-cv.ts'
import { DAY, spendCap } from '../plan/caps.ts'

/**
 * Referral requests: a seeker asks the approved referrers of a company. State: sent → contacted |
 * declined, by any approved referrer of that company; a second resolution is 409. Privacy: a
 * referrer sees the CV and the contact fields the seeker chose, never who the seeker is; a seeker
 * never sees who handled the request.
 */
interface RequestRow {
  id: string
  company_id: number
  company_slug: string
  company_name: string
  job_id: number | null
  job_slug: string | null
  cv_kind: string
  cv_id: string | null
  linkedin_url: string
  contact_telegram: string | null
  contact_email: string | null
  note: string | null
  status: string
  created_at: string
  user_id: number
}

const SELECT = `SELECT r.*, c.slug AS company_slug, c.name AS company_name, j.public_slug AS job_slug
  FROM referral_requests r JOIN companies c ON c.id = r.company_id LEFT JOIN jobs j ON j.id = r.job_id`

const common = (row: RequestRow) => ({ id: row.id, company_slug: row.company_slug, company_name: row.company_name, job_id: row.job_id, job_slug: row.job_slug, cv_kind: row.cv_kind })
/** What the seeker sees of their request. */
const toSeekerView = (row: RequestRow) => ({ ...common(row), cv_id: row.cv_id, status: row.status, created_at: row.created_at })
/** What a referrer sees: no cv_id, nothing that identifies the seeker beyond what they chose to share. */
const toIncomingView = (row: RequestRow) => ({
  ...common(row), linkedin_url: row.linkedin_url, contact_telegram: row.contact_telegram, contact_email: row.contact_email, note: row.note, status: row.status, created_at: row.created_at,
})

export interface NewRequest {
  companySlug?: string
  jobId?: number | string
  cvKind?: string
  cvId?: string
  linkedinUrl?: string
  contactTelegram?: string
  contactEmail?: string
  note?: string
}

const TELEGRAM = /^@?[A-Za-z][A-Za-z0-9_]{4,31}$/
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/

/** The 422s of the contract, in its order: LinkedIn, contact, CV choice. Returns the CV text to send. */
function checkRequest(db: DB, userId: number, input: NewRequest): string {
  if (!isLinkedInProfile(input.linkedinUrl?.trim() ?? '')) throw unprocessable('linkedin_url must be a LinkedIn profile URL (https://www.linkedin.com/in/…)')
  if (!input.contactTelegram?.trim() && !input.contactEmail?.trim()) throw unprocessable('give contact_telegram or contact_email')
  if (input.contactTelegram?.trim() && !TELEGRAM.test(input.contactTelegram.trim())) throw unprocessable('contact_telegram must be a Telegram username')
  if (input.contactEmail?.trim() && !EMAIL.test(input.contactEmail.trim())) throw unprocessable('contact_email must be an email address')
  if (input.cvKind !== 'original' && input.cvKind !== 'built') throw unprocessable('cv_kind must be original or built')
  if (input.cvKind === 'original' && input.cvId) throw unprocessable('cv_id goes with cv_kind "built" only')
  if (input.cvKind === 'built') {
    if (!input.cvId) throw unprocessable('cv_kind "built" needs cv_id')
    if (!isUuid(input.cvId)) throw unprocessable('cv_id must be a UUID')
    // openroles keeps no built CVs yet, so no cv_id can be the caller's.
    throw unprocessable('cv_id is not one of your CVs')
  }
  const text = seekerCvText(db, userId)
  if (!text) throw unprocessable('no stored résumé: fill in your profile (PUT /me/profile) to send it as your CV')
  return text
}

function jobOf(db: DB, companyId: number, jobId: number | string | undefined): number | null {
  if (jobId === undefined || jobId === null || jobId === '') return null
  const sql = typeof jobId === 'number' ? 'SELECT id FROM jobs WHERE id = ? AND company_id = ?' : 'SELECT id FROM jobs WHERE public_slug = ? AND company_id = ?'
  const id = db.prepare(sql).pluck().get(jobId, companyId) as number | undefined
  if (id === undefined) throw unprocessable('job_id is not a posting of this company')
  return id
}

export function createRequest(db: DB, userId: number, input: NewRequest, options: { now: Date; perDay: number; notices: Notices }) {
  const cvText = checkRequest(db, userId, input)
  return db.transaction(() => {
    const companyId = input.companySlug ? companyIdBySlug(db, input.companySlug.trim()) : undefined
    if (companyId === undefined) throw notFound("we don't have that company")
    const jobId = jobOf(db, companyId, input.jobId)
    const referrers = approvedReferrers(db, companyId).filter((id) => id !== userId)
    if (!referrers.length) throw conflict('this company has no referral available')
    if (db.prepare("SELECT 1 FROM referral_requests WHERE user_id = ? AND company_id = ? AND status = 'sent'").get(userId, companyId)) {
      throw conflict('you already have an active request for this company')
    }
    spendCap(db, userId, { kind: 'referral_request', limit: options.perDay, windowSeconds: DAY, what: 'referral requests' }, options.now)
    const id = randomUUID()
    const stamp = options.now.toISOString()
    db.prepare(
      `INSERT INTO referral_requests (id, company_id, user_id, job_id, cv_kind, cv_id, cv_text, linkedin_url, contact_telegram, contact_email, note, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, companyId, userId, jobId, input.cvKind!, input.cvId ?? null, cvText, input.linkedinUrl!.trim(), input.contactTelegram?.trim() || null,
      input.contactEmail?.trim() || null, input.note?.trim() || null, stamp)
    const row = db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as RequestRow
    for (const referrer of referrers) {
      notify(db, options.notices, { userId: referrer, kind: 'referral_request', title: `New referral request for ${row.company_name}`, body: 'A job seeker asks you for a referral. Open your referral inbox (/referrals) to read their CV.' }, options.now)
    }
    return toSeekerView(row)
  })()
}

export function myRequests(db: DB, userId: number) {
  return (db.prepare(`${SELECT} WHERE r.user_id = ? ORDER BY r.created_at DESC, r.id`).all(userId) as RequestRow[]).map(toSeekerView)
}

/** Unhandled requests to every company the caller is an approved referrer of, newest first. */
export function incomingRequests(db: DB, userId: number) {
  return (db
    .prepare(
      `${SELECT} WHERE r.status = 'sent' AND r.user_id != @user
       AND r.company_id IN (SELECT company_id FROM referral_offers WHERE user_id = @user AND status = 'approved')
       ORDER BY r.created_at DESC, r.id`,
    )
    .all({ user: userId }) as RequestRow[]).map(toIncomingView)
}

/** A request addressed to the caller as an approved referrer of its company: 404 unknown, 403 not their company. */
function addressedRow(db: DB, userId: number, id: string): RequestRow & { cv_text: string } {
  const row = isUuid(id) ? (db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as (RequestRow & { cv_text: string }) | undefined) : undefined
  if (!row || row.user_id === userId) throw notFound('not found')
  if (!approvedReferrers(db, row.company_id).includes(userId)) throw forbidden('not an approved referrer for this company')
  return row
}

export function requestCvText(db: DB, userId: number, id: string): string {
  return addressedRow(db, userId, id).cv_text
}

export function resolveRequest(db: DB, userId: number, id: string, status: 'contacted' | 'declined', now: Date, notices: Notices) {
  return db.transaction(() => {
    const row = addressedRow(db, userId, id)
    if (row.status !== 'sent') throw conflict('this request has already been handled')
    const stamp = now.toISOString()
    db.prepare('UPDATE referral_requests SET status = ?, resolved_by = ?, resolved_at = ? WHERE id = ?').run(status, userId, stamp, id)
    notify(db, notices, {
      userId: row.user_id,
      kind: 'referral_request_resolved',
      title: status === 'contacted' ? `A referrer at ${row.company_name} will contact you` : `Your referral request for ${row.company_name} was declined`,
      body: status === 'contacted' ? 'Expect a message on the contact you gave.' : 'You can ask again later, or try another company.',
    }, now)
    return toIncomingView(db.prepare(`${SELECT} WHERE r.id = ?`).get(id) as RequestRow)
  })()
}
