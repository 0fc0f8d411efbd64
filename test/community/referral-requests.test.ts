import { test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { LINKEDIN, offerForm, proofPdf, referralApp } from './referral-fixture.ts'
import { fakeGateway } from '../channels/fake-push-gateway.ts'

// Referral requests through HTTP: the contract's checks in order, the referrer's inbox with the
// seeker kept private, the CV as a PDF, resolution, notifications, caps and account deletion.

/** The text of a PDF as poppler reads it: the CV must be a PDF a real reader opens. */
function pdfText(bytes: Buffer): string {
  try {
    return execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString()
  } catch (error) {
    throw new Error(`pdftotext failed (apt-get install poppler-utils): ${(error as Error).message}`)
  }
}

const ask = { company_slug: 'acme', cv_kind: 'original', linkedin_url: 'https://linkedin.com/in/seeker-1', contact_email: 'seeker@example.net', note: 'Happy to chat.' }

test('a request is checked in the documented order, notifies every approved referrer, and one stays active per company', async () => {
  const { person, referrer, seeker, withKey } = await referralApp()
  const first = await referrer()
  const second = await referrer()
  const sam = await seeker()
  const key = await withKey(sam.cookie)
  const expect = async (body: unknown, status: number, error: RegExp) => {
    const res = await key('POST', '/me/referrals/requests', body)
    assert.equal(res.status, status, JSON.stringify(res.body))
    assert.match(res.body.error, error)
  }
  await expect({ ...ask, linkedin_url: undefined }, 422, /LinkedIn/)
  await expect({ ...ask, linkedin_url: 'https://linkedin.com/company/acme' }, 422, /LinkedIn/)
  await expect({ ...ask, contact_email: undefined }, 422, /contact_telegram or contact_email/)
  await expect({ ...ask, cv_kind: 'mine' }, 422, /cv_kind/)
  await expect({ ...ask, cv_id: '2f1b3c4d-0000-4000-8000-000000000000' }, 422, /cv_id goes with cv_kind "built"/)
  await expect({ ...ask, cv_kind: 'built' }, 422, /needs cv_id/)
  await expect({ ...ask, cv_kind: 'built', cv_id: 'abc' }, 422, /cv_id must be a UUID/)
  await expect({ ...ask, cv_kind: 'built', cv_id: '2f1b3c4d-0000-4000-8000-000000000000' }, 422, /not one of your CVs/)
  const noProfile = await person()
  const bare = await noProfile.send('POST', '/me/referrals/requests', ask)
  assert.deepEqual([bare.status, /no stored résumé/.test(bare.body.error)], [422, true])
  await expect({ ...ask, company_slug: 'nope' }, 404, /we don't have that company/)
  await expect({ ...ask, company_slug: 'globex' }, 409, /^this company has no referral available$/)
  await expect({ ...ask, job_id: 'globex-frontend' }, 422, /not a posting of this company/)

  const sent = await key('POST', '/me/referrals/requests', { ...ask, job_id: 'acme-backend' })
  assert.equal(sent.status, 201, JSON.stringify(sent.body))
  const request = sent.body.data
  assert.deepEqual({ ...request, id: '', created_at: '', job_id: 0 }, { id: '', company_slug: 'acme', company_name: 'Acme', job_id: 0, job_slug: 'acme-backend', cv_kind: 'original', cv_id: null, status: 'sent', created_at: '' })
  await expect(ask, 409, /^you already have an active request for this company$/)
  assert.deepEqual((await key('GET', '/me/referrals/requests')).body.data.map((r: any) => r.id), [request.id])
  for (const ref of [first, second]) {
    const notes = (await ref.send('GET', '/me/notifications')).body.data
    assert.equal(notes[0].kind, 'referral_request')
    assert.equal(JSON.stringify(notes[0]).includes(sam.email), false)
  }
})

test('the referrer reads the request and its CV without learning who sent it, then resolves it once', async () => {
  const { app, call, person, referrer, seeker } = await referralApp()
  const ref = await referrer()
  const sam = await seeker()
  const outsider = await person()
  const request = (await sam.send('POST', '/me/referrals/requests', ask)).body.data
  const inbox = await ref.send('GET', '/me/referrals/incoming')
  assert.equal(inbox.status, 200)
  assert.equal(inbox.body.data.length, 1)
  const view = inbox.body.data[0]
  assert.deepEqual(Object.keys(view).sort(), ['company_name', 'company_slug', 'contact_email', 'contact_telegram', 'created_at', 'cv_kind', 'id', 'job_id', 'job_slug', 'linkedin_url', 'note', 'status'])
  assert.deepEqual([view.contact_email, view.contact_telegram, view.note, view.linkedin_url], ['seeker@example.net', null, 'Happy to chat.', ask.linkedin_url])
  assert.equal(JSON.stringify(inbox.body).includes(sam.email), false, 'never the seeker’s account')
  assert.deepEqual((await outsider.send('GET', '/me/referrals/incoming')).body.data, [])
  assert.deepEqual((await sam.send('GET', '/me/referrals/incoming')).body.data, [], 'one’s own requests are not one’s inbox')

  const cv = await call(`/api/v1/me/referrals/incoming/${request.id}/cv`, { headers: { cookie: ref.cookie } })
  assert.equal(cv.status, 200)
  assert.equal(cv.headers.get('content-type'), 'application/pdf')
  assert.match(cv.headers.get('content-disposition') ?? '', /^inline/)
  assert.equal(cv.headers.get('x-content-type-options'), 'nosniff')
  const bytes = Buffer.from(await (await app.request(`/api/v1/me/referrals/incoming/${request.id}/cv`, { headers: { cookie: ref.cookie } })).arrayBuffer())
  assert.match(bytes.subarray(0, 8).toString('latin1'), /^%PDF-1\.\d/)
  const text = pdfText(bytes)
  assert.match(text, /Backend engineer/)
  assert.match(text, /Go \(expert\)/)
  const denied = await outsider.send('GET', `/me/referrals/incoming/${request.id}/cv`)
  assert.deepEqual([denied.status, denied.body.error], [403, 'not an approved referrer for this company'])
  assert.equal((await ref.send('GET', '/me/referrals/incoming/not-a-uuid/cv')).status, 404)
  assert.equal((await ref.send('GET', '/me/referrals/incoming/00000000-0000-4000-8000-000000000000/cv')).status, 404)

  assert.equal((await ref.send('POST', `/me/referrals/incoming/${request.id}/resolve`, { status: 'sent' })).status, 400)
  assert.equal((await outsider.send('POST', `/me/referrals/incoming/${request.id}/resolve`, { status: 'contacted' })).status, 403)
  const resolved = await ref.send('POST', `/me/referrals/incoming/${request.id}/resolve`, { status: 'contacted' })
  assert.deepEqual([resolved.status, resolved.body.data.status], [200, 'contacted'])
  const twice = await ref.send('POST', `/me/referrals/incoming/${request.id}/resolve`, { status: 'declined' })
  assert.deepEqual([twice.status, twice.body.error], [409, 'this request has already been handled'])
  assert.deepEqual((await ref.send('GET', '/me/referrals/incoming')).body.data, [], 'handled requests drop out')
  assert.equal((await sam.send('GET', '/me/referrals/requests')).body.data[0].status, 'contacted')
  const note = (await sam.send('GET', '/me/notifications')).body.data[0]
  assert.equal(note.kind, 'referral_request_resolved')
  assert.equal(JSON.stringify(note).includes(ref.email), false, 'the seeker is not told who')
  assert.equal((await sam.send('POST', '/me/referrals/requests', ask)).status, 201, 'a handled request is no longer active')
})

test('more than REFERRAL_REQUESTS_PER_DAY requests in 24 hours is 429 with Retry-After', async () => {
  const { ctx, referrer, seeker } = await referralApp({ referralRequestsPerDay: 2 })
  await referrer('acme')
  await referrer('globex')
  await referrer('initech')
  const sam = await seeker()
  const start = Date.parse('2026-11-20T10:00:00Z')
  ctx.now = () => new Date(start)
  assert.equal((await sam.send('POST', '/me/referrals/requests', ask)).status, 201)
  assert.equal((await sam.send('POST', '/me/referrals/requests', { ...ask, company_slug: 'globex' })).status, 201)
  const capped = await sam.send('POST', '/me/referrals/requests', { ...ask, company_slug: 'initech' })
  assert.equal(capped.status, 429)
  assert.equal(capped.headers.get('retry-after'), String(24 * 3600))
  ctx.now = () => new Date(start + 24 * 3600_000 + 1000)
  assert.equal((await sam.send('POST', '/me/referrals/requests', { ...ask, company_slug: 'initech' })).status, 201)
})

test('DELETE /me erases offers, proofs and requests; referral_available follows', async () => {
  const { call, db, referrer, seeker, postOffer } = await referralApp()
  const ref = await referrer()
  const sam = await seeker()
  await postOffer(sam.cookie, offerForm({ company_slug: 'globex', linkedin_url: LINKEDIN }, { bytes: proofPdf() }))
  await sam.send('POST', '/me/referrals/requests', ask)
  const count = (sql: string, id: number) => db.prepare(sql).pluck().get(id) as number
  const proofsOf = 'SELECT count(*) FROM referral_proofs p JOIN referral_offers o ON o.id = p.offer_id WHERE o.user_id = ?'
  assert.equal(count(proofsOf, sam.userId), 1)
  assert.equal((await sam.send('DELETE', '/me')).status, 204)
  assert.equal(count('SELECT count(*) FROM referral_requests WHERE user_id = ?', sam.userId), 0)
  assert.equal(count('SELECT count(*) FROM referral_offers WHERE user_id = ?', sam.userId), 0)
  assert.equal(db.prepare('SELECT count(*) FROM referral_proofs').pluck().get(), 1, 'only the referrer’s proof is left')
  assert.deepEqual((await ref.send('GET', '/me/referrals/incoming')).body.data, [])
  assert.equal((await ref.send('DELETE', '/me')).status, 204)
  assert.equal(db.prepare('SELECT count(*) FROM referral_proofs').pluck().get(), 0)
  assert.equal((await call('/api/v1/companies/acme')).body.data.referral_available, false)
})

test('notices go beyond the app on the channels people keep: email to the outbox, push through the gateway; opting out is respected', async () => {
  const gateway = await fakeGateway()
  try {
    const { db, referrer, seeker } = await referralApp({ pushGatewayUrl: gateway.url })
    const loud = await referrer()
    const quiet = await referrer()
    assert.equal((await quiet.send('PUT', '/me/notification-settings', { enabled: false })).status, 200)
    assert.equal((await loud.send('POST', '/me/push-tokens', { token: 'loud-phone', platform: 'ios' })).status, 204)
    const sam = await seeker()
    const mailsTo = (email: string) => db.prepare('SELECT subject, body_text FROM mail_outbox WHERE recipient = ?').all(email) as { subject: string; body_text: string }[]
    const before = mailsTo(loud.email).length
    assert.equal((await sam.send('POST', '/me/referrals/requests', ask)).status, 201)
    const mails = mailsTo(loud.email).slice(before)
    assert.deepEqual(mails.map((m) => m.subject), ['New referral request for Acme'])
    assert.equal(mails[0]!.body_text.includes(sam.email), false, 'the mail does not name the seeker')
    assert.equal(mailsTo(quiet.email).filter((m) => m.subject.startsWith('New referral request')).length, 0, 'notifications turned off: in-app only')
    assert.equal((await quiet.send('GET', '/me/notifications')).body.data[0].kind, 'referral_request')
    for (let i = 0; i < 50 && !gateway.received.length; i++) await new Promise((resolve) => setTimeout(resolve, 20))
    assert.deepEqual(gateway.received.flatMap((batch) => batch.messages.map((m: any) => [m.token, m.title, m.data.kind])), [['loud-phone', 'New referral request for Acme', 'referral_request']])
  } finally {
    await gateway.close()
  }
})
