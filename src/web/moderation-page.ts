import { API_BASE, sendJson, whoAmI, listLoader } from './api.ts'
import { announce, h, replaceChildren } from './dom.ts'
import { humanize } from './format.ts'

/**
 * The moderators' queue at /moderation: reported reviews (hide), pending job submissions
 * (approve / reject) and pending referral offers (read the proof, approve / reject). The API refuses everyone else (403); the page says so instead of a queue.
 */
interface Reported {
  id: number
  author: string
  rating: number
  feedback_type: string
  body: string
  company_slug: string
  report_count: number
  report_reasons: string[]
}

interface Offer {
  id: string
  company_name: string
  linkedin_url: string
  created_at: string
}

interface Submission {
  id: number
  url: string
  title: string
  company: string
  location: string | null
  submitter_email: string
}

function actionButton(label: string, run: () => Promise<unknown>, after: () => void): HTMLButtonElement {
  const button = h('button', { type: 'button' }, label)
  button.addEventListener('click', () => {
    button.disabled = true
    run().then(
      () => {
        announce(`${label}: done`)
        after()
      },
      (error: Error) => {
        button.disabled = false
        announce(error.message)
      },
    )
  })
  return button
}

export function renderModerationPage(root: HTMLElement, back: HTMLElement): void {
  const reported = h('ol', { class: 'mod-list', id: 'reported-reviews', 'aria-label': 'Reported reviews', 'aria-busy': 'true' })
  const pending = h('ol', { class: 'mod-list', id: 'pending-submissions', 'aria-label': 'Pending submissions', 'aria-busy': 'true' })
  const offers = h('ol', { class: 'mod-list', id: 'pending-offers', 'aria-label': 'Pending referral offers', 'aria-busy': 'true' })
  const page = h('article', { class: 'moderation-page' }, h('h1', {}, 'Moderation'))
  replaceChildren(root, back, page)
  document.title = 'Moderation · openroles'

  const loadReported = listLoader<Reported>(reported, '/company-feedback/reported', (review, reload) => h(
    'li',
    { class: 'mod-item' },
    h('p', { class: 'mod-meta' }, `${review.company_slug} · ${review.rating}/5 · ${humanize(review.feedback_type)} · ${review.author} · ${review.report_count} reports (${review.report_reasons.map(humanize).join(', ')})`),
    h('p', { class: 'review-body' }, review.body),
    actionButton('Hide', () => sendJson('POST', `/company-feedback/${review.id}/hide`), reload),
  ), 'No reported reviews.')
  const loadPending = listLoader<Submission>(pending, '/submissions', (submission, reload) => h(
    'li',
    { class: 'mod-item' },
    h('p', { class: 'mod-title' }, `${submission.title} · ${submission.company}`),
    h('p', { class: 'mod-meta' }, `${submission.location ?? 'no location'} · from ${submission.submitter_email} · `, h('a', { href: submission.url, rel: 'noopener noreferrer nofollow', target: '_blank' }, 'posting')),
    actionButton('Approve', () => sendJson('POST', `/submissions/${submission.id}/approve`), reload),
    actionButton('Reject', () => sendJson('POST', `/submissions/${submission.id}/reject`, {}), reload),
  ), 'No pending submissions.')

  const loadOffers = listLoader<Offer>(offers, '/referrals/offers', (offer, reload) => h(
    'li',
    { class: 'mod-item' },
    h('p', { class: 'mod-title' }, `Referrer at ${offer.company_name}`),
    h('p', { class: 'mod-meta' }, h('a', { href: offer.linkedin_url, rel: 'noopener noreferrer nofollow', target: '_blank' }, 'LinkedIn'), ' · ',
      h('a', { class: 'proof-link', href: `${API_BASE}/referrals/offers/${offer.id}/proof`, target: '_blank', rel: 'noopener' }, 'Read the proof (PDF)')),
    actionButton('Approve offer', () => sendJson('POST', `/referrals/offers/${offer.id}/decide`, { approve: true }), reload),
    actionButton('Reject offer', () => sendJson('POST', `/referrals/offers/${offer.id}/decide`, { approve: false }), reload),
  ), 'No pending referral offers.')

  whoAmI().then((me) => {
    if (me?.role !== 'moderator') {
      page.append(h('p', { role: 'alert' }, me ? 'This page is for moderators.' : 'Sign in as a moderator to see the queue.'))
      return
    }
    page.append(h('h2', {}, 'Reported reviews'), reported, h('h2', {}, 'Pending submissions'), pending, h('h2', {}, 'Referral offers'), offers)
    void loadReported()
    void loadPending()
    void loadOffers()
  })
}
