import { getJson, sendForm, sendJson, whoAmI, API_BASE, listLoader } from './api.ts'
import { announce, h, replaceChildren } from './dom.ts'

/**
 * Referrals on the page: "ask for a referral" on a company an approved employee refers for, and
 * /referrals: the referrer's inbox (read the CV, mark contacted or declined), their offers, and a
 * form to offer referrals with a proof PDF. What seekers wrote is shown as text.
 */
interface Incoming {
  id: string
  company_name: string
  job_slug: string | null
  linkedin_url: string
  contact_telegram: string | null
  contact_email: string | null
  note: string | null
  created_at: string
}

const field = (label: string, control: HTMLElement) => h('label', { class: 'field' }, h('span', {}, label), control)

/** The ask-for-a-referral block of a company page (only called when `referral_available`). */
export function referralAsk(slug: string): HTMLElement {
  const section = h('section', { class: 'referral-ask', 'aria-labelledby': 'referral-heading' }, h('h2', { id: 'referral-heading' }, 'Ask for a referral'))
  whoAmI().then((me) => {
    if (!me) {
      section.append(h('p', { class: 'hint' }, 'An employee of this company offers referrals. Sign in to ask for one.'))
      return
    }
    const error = h('p', { class: 'form-error', role: 'alert' })
    const form = h(
      'form',
      { id: 'referral-form', class: 'write-form', 'aria-label': 'Ask for a referral' },
      h('p', { class: 'hint' }, 'The referrer sees your CV (written from your profile) and the contacts you give here, never your account.'),
      field('Your LinkedIn profile', h('input', { name: 'linkedin_url', id: 'referral-linkedin', type: 'url', placeholder: 'https://www.linkedin.com/in/…' })),
      field('Email to reach you', h('input', { name: 'contact_email', id: 'referral-email', type: 'email' })),
      field('Telegram username', h('input', { name: 'contact_telegram', id: 'referral-telegram' })),
      field('A note', h('textarea', { name: 'note', id: 'referral-note', rows: 3, maxlength: 2000 })),
      h('button', { type: 'submit' }, 'Send request'),
      error,
    )
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      replaceChildren(error)
      const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value.trim() || undefined
      sendJson('POST', '/me/referrals/requests', {
        company_slug: slug, cv_kind: 'original', linkedin_url: value('linkedin_url'), contact_email: value('contact_email'), contact_telegram: value('contact_telegram'), note: value('note'),
      }).then(
        () => {
          replaceChildren(section, h('h2', { id: 'referral-heading' }, 'Ask for a referral'), h('p', { class: 'referral-sent', role: 'status' }, 'Request sent. The referrers of this company have been told.'))
          announce('Referral request sent.')
        },
        (failure: Error) => replaceChildren(error, failure.message),
      )
    })
    section.append(form)
  })
  return section
}

function incomingItem(request: Incoming, reload: () => void): HTMLElement {
  const resolve = (status: 'contacted' | 'declined', label: string) => {
    const button = h('button', { type: 'button' }, label)
    button.addEventListener('click', () => {
      button.disabled = true
      sendJson('POST', `/me/referrals/incoming/${request.id}/resolve`, { status }).then(reload, (error: Error) => {
        button.disabled = false
        announce(error.message)
      })
    })
    return button
  }
  const contacts = [request.contact_email ? `Email: ${request.contact_email}` : null, request.contact_telegram ? `Telegram: ${request.contact_telegram}` : null].filter(Boolean).join(' · ')
  return h(
    'li',
    { class: 'mod-item incoming' },
    h('p', { class: 'mod-title' }, request.company_name, request.job_slug ? [' · ', h('a', { href: `/jobs/${encodeURIComponent(request.job_slug)}` }, 'the role')] : null),
    h('p', { class: 'mod-meta' }, contacts, ' · ', h('a', { href: request.linkedin_url, rel: 'noopener noreferrer nofollow', target: '_blank' }, 'LinkedIn')),
    request.note ? h('p', { class: 'review-body' }, request.note) : null,
    h('p', {}, h('a', { class: 'cv-link', href: `${API_BASE}/me/referrals/incoming/${request.id}/cv`, target: '_blank', rel: 'noopener' }, 'Read the CV (PDF)')),
    resolve('contacted', 'Contacted'),
    resolve('declined', 'Decline'),
  )
}

interface Offer {
  id: string
  company_name: string
  status: string
}

/** The offer form (multipart: the browser streams the chosen PDF) and the caller's offers. */
function offerSection(): HTMLElement {
  const mine = h('ul', { class: 'offer-list', id: 'my-offers', 'aria-label': 'Your referral offers' })
  const loadMine = () =>
    getJson<Offer[]>('/me/referrals/offers').then(({ data }) =>
      replaceChildren(mine, data.map((offer) => h('li', {}, `${offer.company_name}: ${offer.status}`))))
  const error = h('p', { class: 'form-error', role: 'alert' })
  const form = h(
    'form',
    { id: 'offer-form', class: 'write-form', 'aria-label': 'Offer referrals' },
    field('Company (its slug, as in /companies/…)', h('input', { name: 'company_slug', id: 'offer-company', required: true })),
    field('Your LinkedIn profile', h('input', { name: 'linkedin_url', id: 'offer-linkedin', type: 'url', required: true })),
    field('Proof of employment (PDF, seen only by moderators)', h('input', { name: 'file', id: 'offer-file', type: 'file', accept: 'application/pdf', required: true })),
    h('button', { type: 'submit' }, 'Offer referrals'),
    error,
  )
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    replaceChildren(error)
    sendForm('/me/referrals/offers', new FormData(form))
      .then(() => {
        form.reset()
        announce('Offer sent to the moderators.')
        return loadMine()
      })
      .catch((failure: Error) => replaceChildren(error, failure.message))
  })
  void loadMine()
  return h('section', { class: 'offers' }, h('h2', {}, 'Your referral offers'), mine, form)
}

/** /referrals: the requests waiting for the signed-in referrer, and their own offers. */
export function renderReferralsPage(root: HTMLElement, back: HTMLElement): void {
  const list = h('ol', { class: 'mod-list', id: 'incoming-requests', 'aria-label': 'Referral requests', 'aria-busy': 'true' })
  const page = h('article', { class: 'referrals-page' }, h('h1', {}, 'Referral requests'))
  replaceChildren(root, back, page)
  document.title = 'Referral requests · openroles'
  const load = listLoader<Incoming>(list, '/me/referrals/incoming', incomingItem, 'No requests waiting.')
  whoAmI().then((me) => {
    if (!me) {
      page.append(h('p', { role: 'alert' }, 'Sign in to see the referral requests sent to you.'))
      return
    }
    page.append(list, offerSection())
    void load()
  })
}
