import { createHash, randomUUID } from 'node:crypto'
import type { DB } from '../db/connection.ts'
import { badRequest, conflict, notFound, unprocessable } from '../errors.ts'
import { notify, type Notices } from './notices.ts'
import { isReadablePdf } from './pdf.ts'

/**
 * Referral offers: an employee offers to refer candidates to their company, proving employment
 * with a PDF only moderators read. State: pending → approved | rejected (a moderator); the owner
 * may withdraw (delete) an offer in any state, proof included. An approved offer makes the company's
 * `referral_available` true at once (community-signals.ts reads this table).
 */
const LINKEDIN_PROFILE = /^https?:\/\/(?:[a-z0-9-]+\.)*linkedin\.com\/in\/[^/?#\s]{2,100}\/?(?:[?#].*)?$/i
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isLinkedInProfile = (url: string) => url.length <= 300 && LINKEDIN_PROFILE.test(url)
export const isUuid = (id: string) => UUID.test(id)

interface OfferRow {
  id: string
  company_slug: string
  company_name: string
  linkedin_url: string
  status: string
  decided_at: string | null
  created_at: string
  user_id: number
}

const SELECT = `SELECT o.id, c.slug AS company_slug, c.name AS company_name, o.linkedin_url, o.status, o.decided_at, o.created_at, o.user_id
  FROM referral_offers o JOIN companies c ON c.id = o.company_id`

/** The Offer object of the API. */
const toOffer = (row: OfferRow) => ({
  id: row.id, company_slug: row.company_slug, company_name: row.company_name, linkedin_url: row.linkedin_url,
  status: row.status, decided_at: row.decided_at, created_at: row.created_at,
})
export type Offer = ReturnType<typeof toOffer>

export const companyIdBySlug = (db: DB, slug: string) => db.prepare('SELECT id FROM companies WHERE slug = ?').pluck().get(slug) as number | undefined

export interface NewOffer {
  companySlug?: string
  linkedinUrl?: string
  proof?: Buffer
}

/** Checks in the documented order (400s for the form, 422 for the profile URL, 404, 409), then stores offer and proof in one transaction. */
export function createOffer(db: DB, userId: number, input: NewOffer, now: Date): Offer {
  const companySlug = input.companySlug?.trim()
  if (!companySlug) throw badRequest('company_slug is required')
  if (!input.proof || input.proof.length === 0) throw badRequest('missing proof file (the multipart field "file")')
  if (!isReadablePdf(input.proof)) throw badRequest('invalid PDF')
  const linkedinUrl = input.linkedinUrl?.trim() ?? ''
  if (!isLinkedInProfile(linkedinUrl)) throw unprocessable('linkedin_url must be a LinkedIn profile URL (https://www.linkedin.com/in/…)')
  return db.transaction(() => {
    const companyId = companyIdBySlug(db, companySlug)
    if (companyId === undefined) throw notFound("we don't have that company")
    if (db.prepare('SELECT 1 FROM referral_offers WHERE user_id = ? AND company_id = ?').get(userId, companyId)) {
      throw conflict('you already offered to refer for this company')
    }
    const id = randomUUID()
    db.prepare('INSERT INTO referral_offers (id, company_id, user_id, linkedin_url, created_at) VALUES (?, ?, ?, ?, ?)').run(id, companyId, userId, linkedinUrl, now.toISOString())
    db.prepare('INSERT INTO referral_proofs (offer_id, sha256, size, content) VALUES (?, ?, ?, ?)')
      .run(id, createHash('sha256').update(input.proof!).digest('hex'), input.proof!.length, input.proof)
    return toOffer(db.prepare(`${SELECT} WHERE o.id = ?`).get(id) as OfferRow)
  })()
}

export function myOffers(db: DB, userId: number): Offer[] {
  return (db.prepare(`${SELECT} WHERE o.user_id = ? ORDER BY o.created_at DESC, o.id`).all(userId) as OfferRow[]).map(toOffer)
}

/** Deletes the caller's offer and its proof (in any state). False when it is not theirs. */
export function withdrawOffer(db: DB, userId: number, id: string): boolean {
  if (!isUuid(id)) return false
  return db.prepare('DELETE FROM referral_offers WHERE id = ? AND user_id = ?').run(id, userId).changes === 1
}

/** The moderators' queue, oldest first. */
export function pendingOffers(db: DB): Offer[] {
  return (db.prepare(`${SELECT} WHERE o.status = 'pending' ORDER BY o.created_at, o.id`).all() as OfferRow[]).map(toOffer)
}

export function offerProof(db: DB, id: string): { content: Buffer; sha256: string } | null {
  if (!isUuid(id)) return null
  return (db.prepare('SELECT content, sha256 FROM referral_proofs WHERE offer_id = ?').get(id) as { content: Buffer; sha256: string } | undefined) ?? null
}

/** pending → approved | rejected; the offerer is told either way. */
export function decideOffer(db: DB, id: string, approve: boolean, now: Date, notices: Notices): Offer {
  return db.transaction(() => {
    const row = isUuid(id) ? (db.prepare(`${SELECT} WHERE o.id = ?`).get(id) as OfferRow | undefined) : undefined
    if (!row) throw notFound('not found')
    if (row.status !== 'pending') throw conflict('this offer is not pending')
    db.prepare('UPDATE referral_offers SET status = ?, decided_at = ? WHERE id = ?').run(approve ? 'approved' : 'rejected', now.toISOString(), id)
    notify(db, notices, {
      userId: row.user_id,
      kind: 'referral_offer_decided',
      title: approve ? `Your referral offer for ${row.company_name} is approved` : `Your referral offer for ${row.company_name} was not approved`,
      body: approve ? 'Job seekers can now ask you for a referral; their requests arrive in your referral inbox.' : 'A moderator could not confirm your employment from the proof you sent.',
    }, now)
    return toOffer(db.prepare(`${SELECT} WHERE o.id = ?`).get(id) as OfferRow)
  })()
}

/** Users with an approved offer for the company. */
export function approvedReferrers(db: DB, companyId: number): number[] {
  return db.prepare("SELECT user_id FROM referral_offers WHERE company_id = ? AND status = 'approved' ORDER BY user_id").pluck().all(companyId) as number[]
}
