import { renderTextPdf } from '../../src/community/pdf.ts'
import { TEST_ORIGIN } from '../helpers/auth.ts'
import { communityApp } from './community-fixture.ts'

/** Multipart offers and an approved referrer, on top of the community fixture. */
export const proofPdf = () => renderTextPdf(['Employment certificate', 'Alice works at Acme since 2021.'])
export const LINKEDIN = 'https://www.linkedin.com/in/alice-example'

export function offerForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name?: string; type?: string }): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/pdf' }), file.name ?? 'proof.pdf')
  return form
}

export async function referralApp(config: Parameters<typeof communityApp>[0] = {}) {
  const app = communityApp(config)
  const { call } = app
  /** POSTs a multipart offer as the cookie holder (the browser adds the multipart content type). */
  const postOffer = (cookie: string, form: FormData) =>
    call('/api/v1/me/referrals/offers', { method: 'POST', headers: { cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' }, body: form })
  const mod = await app.moderator()
  /** A person with an approved offer for the company. */
  const referrer = async (companySlug = 'acme') => {
    const person = await app.person()
    const offer = await postOffer(person.cookie, offerForm({ company_slug: companySlug, linkedin_url: LINKEDIN }, { bytes: proofPdf() }))
    if (offer.status !== 201) throw new Error(`offer failed: ${offer.status} ${JSON.stringify(offer.body)}`)
    const decided = await mod.send('POST', `/referrals/offers/${offer.body.data.id}/decide`, { approve: true })
    if (decided.status !== 200) throw new Error(`decide failed: ${decided.status}`)
    return { ...person, offerId: offer.body.data.id as string }
  }
  /** A person with a profile, so their CV can be sent. */
  const seeker = async () => {
    const person = await app.person()
    const profile = await person.send('PUT', '/me/profile', { headline: 'Backend engineer', years_experience: 6, skills: [{ name: 'Go', level: 'expert' }, { name: 'PostgreSQL' }], desired_roles: ['Backend Engineer'] })
    if (profile.status !== 200) throw new Error(`profile failed: ${profile.status} ${JSON.stringify(profile.body)}`)
    return person
  }
  return { ...app, mod, postOffer, referrer, seeker }
}
