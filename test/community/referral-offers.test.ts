import { test } from 'node:test'
import assert from 'node:assert/strict'
import { LINKEDIN, offerForm, proofPdf, referralApp } from './referral-fixture.ts'
import { createApiKey, TEST_ORIGIN } from '../helpers/auth.ts'
import { renderTextPdf } from '../../src/community/pdf.ts'

// Referral offers through HTTP: multipart uploads with streaming limits, the proof checked by its
// bytes and served only to moderators, the offer state machine and referral_available.

const fields = { company_slug: 'acme', linkedin_url: LINKEDIN }

test('an offer needs its company, a LinkedIn profile and a complete PDF; it is pending until a moderator decides', async () => {
  const { app, call, person, postOffer, withKey, mod } = await referralApp()
  const alice = await person()
  const pdf = proofPdf()
  assert.equal((await call('/api/v1/me/referrals/offers', { method: 'POST', body: offerForm(fields, { bytes: pdf }) })).status, 401)
  const expect = async (form: FormData, status: number, error: RegExp) => {
    const res = await postOffer(alice.cookie, form)
    assert.equal(res.status, status, JSON.stringify(res.body))
    assert.match(res.body.error, error)
  }
  await expect(offerForm({ linkedin_url: LINKEDIN }, { bytes: pdf }), 400, /^company_slug is required$/)
  await expect(offerForm(fields), 400, /missing proof file/)
  await expect(offerForm(fields, { bytes: Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(200)) }), 400, /^invalid PDF$/)
  await expect(offerForm(fields, { bytes: Buffer.from('%PDF-1.4\n' + 'not really a pdf '.repeat(20)), name: 'looks.pdf' }), 400, /^invalid PDF$/)
  await expect(offerForm(fields, { bytes: pdf.subarray(0, pdf.length - 40) }), 400, /^invalid PDF$/)
  // A polyglot (issue 39, point 6): HTML first, a complete PDF after it (readers count its offsets from its header).
  const polyglot = Buffer.concat([Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>\n'), pdf])
  await expect(offerForm(fields, { bytes: polyglot }), 400, /^invalid PDF$/)
  await expect(offerForm(fields, { bytes: Buffer.concat([Buffer.from('\ufeff'), pdf]) }), 400, /^invalid PDF$/)
  await expect(offerForm({ ...fields, linkedin_url: 'https://evil.example/in/alice' }, { bytes: pdf }), 422, /LinkedIn profile URL/)
  await expect(offerForm({ ...fields, company_slug: 'nope' }, { bytes: pdf }), 404, /we don't have that company/)
  const crossSite = await call('/api/v1/me/referrals/offers', { method: 'POST', headers: { cookie: alice.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, body: offerForm(fields, { bytes: pdf }) })
  assert.equal(crossSite.status, 403, 'a form posted from another site is refused')
  const json = await alice.send('POST', '/me/referrals/offers', fields)
  assert.equal(json.status, 415)

  const apiKey = await createApiKey(call, alice.cookie)
  const key = await withKey(alice.cookie)
  const keyed = await call('/api/v1/me/referrals/offers', { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: offerForm(fields, { bytes: pdf }) })
  assert.equal(keyed.status, 201, 'an API key may offer too')
  const offer = keyed.body.data
  assert.deepEqual({ ...offer, id: '', created_at: '' }, { id: '', company_slug: 'acme', company_name: 'Acme', linkedin_url: LINKEDIN, status: 'pending', decided_at: null, created_at: '' })
  assert.match(offer.id, /^[0-9a-f-]{36}$/)
  await expect(offerForm(fields, { bytes: pdf }), 409, /you already offered to refer for this company/)
  assert.deepEqual((await key('GET', '/me/referrals/offers')).body.data.map((o: any) => o.id), [offer.id])

  assert.equal((await alice.send('GET', '/referrals/offers')).status, 403)
  assert.deepEqual((await mod.send('GET', '/referrals/offers')).body.data.map((o: any) => o.id), [offer.id])
  assert.equal((await alice.send('GET', `/referrals/offers/${offer.id}/proof`)).status, 403)
  const proof = await call(`/api/v1/referrals/offers/${offer.id}/proof`, { headers: { cookie: mod.cookie } })
  assert.equal(proof.status, 200)
  assert.equal(proof.headers.get('content-type'), 'application/pdf')
  assert.match(proof.headers.get('content-disposition') ?? '', /^inline/)
  assert.doesNotMatch(proof.headers.get('content-disposition') ?? '', /proof\.pdf/, 'never the client’s file name')
  assert.equal(proof.headers.get('x-content-type-options'), 'nosniff')
  const served = Buffer.from(await (await app.request(`/api/v1/referrals/offers/${offer.id}/proof`, { headers: { cookie: mod.cookie } })).arrayBuffer())
  assert.ok(served.equals(pdf), 'the stored bytes, unchanged')
  assert.equal((await mod.send('GET', '/referrals/offers/not-a-uuid/proof')).status, 404)

  assert.equal((await call('/api/v1/companies/acme')).body.data.referral_available, false)
  assert.equal((await alice.send('POST', `/referrals/offers/${offer.id}/decide`, { approve: true })).status, 403)
  assert.equal((await mod.send('POST', `/referrals/offers/${offer.id}/decide`, { approve: 'yes' })).status, 400)
  assert.equal((await mod.send('POST', '/referrals/offers/00000000-0000-4000-8000-000000000000/decide', { approve: true })).status, 404)
  const approved = await mod.send('POST', `/referrals/offers/${offer.id}/decide`, { approve: true })
  assert.deepEqual([approved.status, approved.body.data.status], [200, 'approved'])
  assert.ok(approved.body.data.decided_at)
  assert.equal((await call('/api/v1/companies/acme')).body.data.referral_available, true, 'at once')
  const again = await mod.send('POST', `/referrals/offers/${offer.id}/decide`, { approve: false })
  assert.deepEqual([again.status, again.body.error], [409, 'this offer is not pending'])
  assert.deepEqual((await mod.send('GET', '/referrals/offers')).body.data, [])
  assert.equal((await alice.send('GET', '/me/notifications')).body.data[0].kind, 'referral_offer_decided')

  const bob = await person()
  assert.equal((await bob.send('DELETE', `/me/referrals/offers/${offer.id}`)).status, 404, 'not his')
  assert.equal((await alice.send('DELETE', '/me/referrals/offers/garbage')).status, 404)
  assert.equal((await alice.send('DELETE', `/me/referrals/offers/${offer.id}`)).status, 204)
  assert.equal((await call('/api/v1/companies/acme')).body.data.referral_available, false, 'withdrawal at once')
  assert.equal((await call(`/api/v1/referrals/offers/${offer.id}/proof`, { headers: { cookie: mod.cookie } })).status, 404, 'the proof goes with it')
})

/** A multipart body streamed lazily: the fields, then `fileBytes` of file content, then the closing boundary (unless `truncate`). */
function streamedUpload(options: { fileBytes: number; fields?: [string, string][]; truncate?: boolean }) {
  const boundary = 'openrolesboundary42'
  const head = [
    ...(options.fields ?? [['company_slug', 'acme'], ['linkedin_url', LINKEDIN]]).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  ].join('')
  const chunk = new Uint8Array(64 * 1024).fill(0x41)
  let sent = 0
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === 0) {
        const bytes = new TextEncoder().encode(head)
        pulled += bytes.length
        controller.enqueue(bytes)
        return
      }
      if (sent < options.fileBytes) {
        const n = Math.min(chunk.length, options.fileBytes - sent)
        sent += n
        pulled += n
        controller.enqueue(chunk.subarray(0, n))
        return
      }
      if (!options.truncate) controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`))
      controller.close()
    },
  })
  return { body, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => pulled }
}

test('upload limits: a 1 GB upload is cut off early with 413; too many or too large fields 413; a truncated body 400', async () => {
  const { call, person } = await referralApp()
  const alice = await person()
  const send = (upload: ReturnType<typeof streamedUpload>, extra: Record<string, string> = {}) =>
    call('/api/v1/me/referrals/offers', {
      method: 'POST',
      headers: { cookie: alice.cookie, origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': upload.contentType, ...extra },
      body: upload.body,
      duplex: 'half',
    } as RequestInit)

  const huge = streamedUpload({ fileBytes: 1024 ** 3 })
  const cut = await send(huge)
  assert.equal(cut.status, 413)
  assert.match(cut.body.error, /larger than 5 MB/)
  assert.ok(huge.pulled() < 16 * 1024 * 1024, `read ${huge.pulled()} bytes of a 1 GB upload before refusing`)

  const declared = streamedUpload({ fileBytes: 1024 ** 3 })
  const early = await send(declared, { 'content-length': String(1024 ** 3 + 500) })
  assert.equal(early.status, 413)
  assert.ok(declared.pulled() < 1024 * 1024, 'a declared length over the limit is refused before reading')

  const manyFields = Array.from({ length: 20 }, (_, i): [string, string] => [`f${i}`, 'x'])
  assert.equal((await send(streamedUpload({ fileBytes: 10, fields: manyFields }))).status, 413)
  assert.equal((await send(streamedUpload({ fileBytes: 10, fields: [['company_slug', 'acme'], ['linkedin_url', 'x'.repeat(5000)]] }))).status, 413)
  const truncated = await send(streamedUpload({ fileBytes: 1000, truncate: true }))
  assert.deepEqual([truncated.status, truncated.body.error], [400, 'invalid multipart body'])
  assert.deepEqual((await alice.send('GET', '/me/referrals/offers')).body.data, [], 'nothing was stored')
})

test('a smaller REFERRAL_PROOF_MAX_BYTES applies to a real PDF too', async () => {
  const { person, postOffer } = await referralApp({ referralProofMaxBytes: 1024 })
  const alice = await person()
  const big = renderTextPdf(Array.from({ length: 100 }, (_, i) => `line ${i} of a long employment certificate`))
  assert.ok(big.length > 1024)
  assert.equal((await postOffer(alice.cookie, offerForm(fields, { bytes: big }))).status, 413)
})
