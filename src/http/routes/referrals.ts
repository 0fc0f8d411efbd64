import * as v from 'valibot'
import type { AppContext } from '../../context.ts'
import { created, operations, type Route } from '../route.ts'
import { notFound } from '../../errors.ts'
import { readMultipart } from '../multipart.ts'
import { createOffer, decideOffer, myOffers, offerProof, pendingOffers, withdrawOffer } from '../../community/referral-offers.ts'
import { createRequest, incomingRequests, myRequests, requestCvText, resolveRequest } from '../../community/referral-requests.ts'
import { renderTextPdf } from '../../community/pdf.ts'
import { withNotices } from '../../community/notices.ts'
import { dataOf, listOf, multipartBody, ref } from '../openapi-shapes.ts'

const IdParams = v.object({ id: v.pipe(v.string(), v.maxLength(100), v.description('UUID (anything else is 404)')) })
const OFFER_SHAPE = '`{ id, company_slug, company_name, linkedin_url, status, decided_at, created_at }`'
const INCOMING_SHAPE = '`{ id, company_slug, company_name, job_id, job_slug, cv_kind, linkedin_url, contact_telegram, contact_email, note, status, created_at }`'
/** Form fields of an offer besides the file, and their largest size: small text only. */
const FORM_LIMITS = { fields: 8, fieldBytes: 2048 }

/** A private PDF answer: shown inline, never sniffed as anything else, never cached by a shared cache. */
function pdfResponse(bytes: Buffer, name: string): Response {
  return new Response(new Uint8Array(bytes), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${name}.pdf"`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-length': String(bytes.length),
    },
  })
}

const op = operations({ tags: ['referrals'], auth: 'session-or-key' })

export function referralRoutes(ctx: AppContext): Route[] {
  const { db } = ctx
  const text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max, `must be at most ${max} characters`)))
  return [
    op.post('/me/referrals/offers', 'Offer to refer candidates to your company', {
      description: `multipart/form-data: \`company_slug\`, \`linkedin_url\` (\`https://www.linkedin.com/in/…\`) and \`file\`, a PDF proving you work there (at most REFERRAL_PROOF_MAX_BYTES, default 5 MB; the upload is cut off with 413 past it). The proof is checked to be a complete PDF and kept privately; only moderators read it. Answers ${OFFER_SHAPE} with \`status: "pending"\`.`,
      requestBody: multipartBody('The PDF proving you work at the company.', { company_slug: 'The company you can refer to.', linkedin_url: 'Your LinkedIn profile, https://www.linkedin.com/in/…' }),
      responses: { 201: { description: '`{ data: Offer }`', schema: dataOf(ref('ReferralOffer')) }, 400: 'company_slug missing, file missing, not a PDF, or a broken multipart body', 404: 'no such company', 409: 'you already offered for this company', 413: 'the file or a field is too large, or too many fields', 415: 'not multipart/form-data', 422: 'not a LinkedIn profile URL' },
    }, async (event, { caller }) => {
      const form = await readMultipart(event, { ...FORM_LIMITS, fileBytes: ctx.config.referralProofMaxBytes, timeoutMs: ctx.config.bodyTimeoutMs }, 'file')
      return created(event, createOffer(db, caller.userId, { companySlug: form.fields.company_slug, linkedinUrl: form.fields.linkedin_url, proof: form.file }, ctx.now()))
    }),
    op.get('/me/referrals/offers', 'Your referral offers, newest first', {
      description: `Each is ${OFFER_SHAPE}. No meta.`,
      responses: { 200: { description: '`{ data: [Offer] }`', schema: listOf(ref('ReferralOffer')) } },
    }, (_event, { caller }) => ({ data: myOffers(db, caller.userId) })),
    op.deleteOwn('/me/referrals/offers/:id', 'Withdraw a referral offer', {
      description: 'Allowed in any state; the offer and its proof are deleted. 204.',
      params: IdParams,
    }, 'not found', (userId, id) => withdrawOffer(db, userId, id)),
    op.post('/me/referrals/requests', 'Ask a company’s referrers for a referral', {
      description: 'JSON `{ company_slug, job_id?, cv_kind, cv_id?, linkedin_url, contact_telegram?, contact_email?, note? }`. `cv_kind: "original"` sends your CV as written from your profile (openroles keeps no uploaded résumé yet); `built` CVs do not exist yet, so any `cv_id` is refused. At least one contact is required; referrers see only these fields and the CV, never your account. `job_id` may be a posting’s public slug. Every approved referrer of the company is notified. One active request per company; at most REFERRAL_REQUESTS_PER_DAY (default 10) per rolling 24 hours.',
      body: v.object({
        company_slug: text(300),
        job_id: v.optional(v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.maxLength(300))], 'job_id must be a number or a job slug')),
        cv_kind: text(20),
        cv_id: text(100),
        linkedin_url: text(300),
        contact_telegram: text(64),
        contact_email: text(320),
        note: text(2000),
      }),
      responses: { 201: { description: '`{ data: { id, company_slug, company_name, job_id, job_slug, cv_kind, cv_id, status, created_at } }`', schema: dataOf(ref('ReferralRequest')) }, 404: "we don't have that company", 409: 'no referral available, or an active request exists', 422: 'bad LinkedIn URL, no contact, invalid CV choice, no profile to send', 429: 'too many requests in 24 hours (Retry-After)' },
    }, (event, { body, caller }) => {
      return created(event, withNotices(ctx, (notices) => createRequest(db, caller.userId, {
        companySlug: body.company_slug, jobId: body.job_id, cvKind: body.cv_kind, cvId: body.cv_id, linkedinUrl: body.linkedin_url,
        contactTelegram: body.contact_telegram, contactEmail: body.contact_email, note: body.note,
      }, { now: ctx.now(), perDay: ctx.config.referralRequestsPerDay, notices })))
    }),
    op.get('/me/referrals/requests', 'Your referral requests, newest first', {
      description: 'Each with its state: `sent`, then `contacted` or `declined`. No meta.',
      responses: { 200: { description: '`{ data: [ReferralRequest] }`', schema: listOf(ref('ReferralRequest')) } },
    }, (_event, { caller }) => ({ data: myRequests(db, caller.userId) })),
    op.get('/me/referrals/incoming', 'Requests waiting for you as a referrer', {
      description: `Unhandled (\`sent\`) requests to every company you are an approved referrer of, newest first; handled ones drop out. Each is ${INCOMING_SHAPE}.`,
      responses: { 200: { description: '`{ data: [IncomingReferralRequest] }`', schema: listOf(ref('IncomingReferralRequest')) } },
    }, (_event, { caller }) => ({ data: incomingRequests(db, caller.userId) })),
    op.get('/me/referrals/incoming/:id/cv', 'The CV of a referral request (PDF)', {
      description: 'application/pdf, inline, for an approved referrer of the request’s company.',
      params: IdParams,
      responses: { 200: { description: 'the CV', media: 'application/pdf' }, 403: 'not an approved referrer for this company', 404: 'no such request' },
    }, (_event, { params, caller }) => pdfResponse(renderTextPdf(requestCvText(db, caller.userId, params.id).split('\n')), 'cv')),
    op.post('/me/referrals/incoming/:id/resolve', 'Mark a referral request contacted or declined', {
      description: `\`{ status: "contacted" | "declined" }\`; the seeker is notified (not told who). Answers the incoming view ${INCOMING_SHAPE}.`,
      params: IdParams,
      body: v.object({ status: v.picklist(['contacted', 'declined'], 'status must be contacted or declined') }),
      responses: { 200: { description: '`{ data: incoming request }`', schema: dataOf(ref('IncomingReferralRequest')) }, 400: 'another status', 403: 'not an approved referrer for this company', 404: 'no such request', 409: 'this request has already been handled' },
    }, (_event, { params, body, caller }) => ({ data: withNotices(ctx, (notices) => resolveRequest(db, caller.userId, params.id, body.status, ctx.now(), notices)) })),
    op.get('/referrals/offers', 'Pending referral offers (moderators)', {
      description: `Oldest first, each ${OFFER_SHAPE}; read the proof at /referrals/offers/{id}/proof.`,
      auth: 'moderator',
      responses: { 200: { description: '`{ data: [Offer] }`', schema: listOf(ref('ReferralOffer')) }, 403: 'not a moderator' },
    }, () => ({ data: pendingOffers(db) })),
    op.get('/referrals/offers/:id/proof', 'The proof PDF of a referral offer (moderators)', {
      description: 'application/pdf, inline, `X-Content-Type-Options: nosniff`, never cached by shared caches.',
      auth: 'moderator',
      params: IdParams,
      responses: { 200: { description: 'the proof', media: 'application/pdf' }, 403: 'not a moderator', 404: 'no such offer or proof' },
    }, (_event, { params }) => {
      const proof = offerProof(db, params.id)
      if (!proof) throw notFound('not found')
      return pdfResponse(proof.content, `proof-${proof.sha256.slice(0, 16)}`)
    }),
    op.post('/referrals/offers/:id/decide', 'Approve or reject a referral offer (moderators)', {
      description: '`{ approve: true | false }`. Approval makes the company’s `referral_available` true at once. The offerer is notified.',
      auth: 'moderator',
      params: IdParams,
      body: v.object({ approve: v.boolean('approve must be true or false') }),
      responses: { 200: { description: '`{ data: Offer }`', schema: dataOf(ref('ReferralOffer')) }, 403: 'not a moderator', 404: 'no such offer', 409: 'this offer is not pending' },
    }, (_event, { params, body }) => ({ data: withNotices(ctx, (notices) => decideOffer(db, params.id, body.approve, ctx.now(), notices)) })),
  ]
}
