import { test } from 'node:test'
import assert from 'node:assert/strict'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { ingestRawMessage } from '../../src/inbox/ingest.ts'
import { rawMail, setUp } from './mail-fixtures.ts'

test('the inbox lists newest first with filters, hides `other` mail and counts it, and never marks read', async () => {
  const { send, deliver, call } = await setUp()
  assert.equal((await call('/api/v1/me/inbox')).status, 401)
  await send('POST', '/jobs/data-eng/apply')
  const ack = await deliver({ from: 'Globex <jobs@globex.example>', subject: 'Thank you for applying to Globex', text: 'We have received your application for Data Engineer.', date: new Date('2026-11-20T10:00:00Z') })
  const alert = await deliver({ from: 'LinkedIn <jobs-noreply@linkedin.com>', subject: 'New jobs for you: 30 Go roles', text: 'Recommended jobs this week.', date: new Date('2026-11-21T10:00:00Z') })
  const plain = await deliver({ from: 'Bob Hunter <bob@agency.example>', subject: 'Quick question', text: 'Could you send me your CV? I have a role in mind for Friday.', date: new Date('2026-11-22T10:00:00Z') })

  const page = (await send('GET', '/me/inbox')).body
  assert.deepEqual(page.data.map((m: { id: number }) => m.id), [plain, ack])
  assert.deepEqual(page.meta, { total: 2, limit: 20, offset: 0, hidden: 1 })
  assert.equal(page.data[1].status_signal, 'acknowledgement')
  assert.equal(page.data[1].linked_slug, 'data-eng')
  assert.equal(page.data[1].body_text, undefined)
  assert.equal((await send('GET', '/me/inbox?include_other=true')).body.data.length, 3)
  assert.deepEqual((await send('GET', '/me/inbox?status=other')).body.data.map((m: { id: number }) => m.id), [alert])
  assert.deepEqual((await send('GET', '/me/inbox?link=linked')).body.data.map((m: { id: number }) => m.id), [ack])
  assert.deepEqual((await send('GET', '/me/inbox?q=friday')).body.data.map((m: { id: number }) => m.id), [plain])
  assert.deepEqual((await send('GET', '/me/inbox?q=100%25')).body.data, [])
  const withBody = await send('GET', '/me/inbox?body=1&limit=100')
  assert.equal(withBody.body.meta.limit, 50)
  assert.match(withBody.body.data[1].body_text, /received your application/)
  assert.equal(page.data[0].status_signal, 'info_request')
  for (const bad of ['source=fax', 'status=maybe', 'link=half', 'unread=perhaps']) {
    const refused = await send('GET', `/me/inbox?${bad}`)
    assert.equal(refused.status, 400, bad)
    assert.ok(refused.body.error, bad)
  }
  assert.equal((await send('GET', '/me/inbox?unread=true')).body.meta.total, 2, 'listing marks nothing read')
})

test('GET a message marks it read, POST …/unread undoes it; other users and non-integer ids get 404; read-all marks the matches', async () => {
  const { send, deliver, call, user } = await setUp()
  const id = await deliver({ from: 'Bob <bob@agency.example>', subject: 'Your salary expectations', html: '<p>Could you share them? <a href="javascript:alert(1)">x</a><img src="https://t.example/p.gif"></p>' })
  const other = await deliver({ from: 'Carol <carol@agency.example>', subject: 'Notice period', text: 'Please let us know your notice period.' })
  const key = await createApiKey(call, user.cookie)
  const read = await call(`/api/v1/me/emails/${id}`, { headers: bearerHeaders(key) })
  assert.equal(read.status, 200)
  assert.equal(read.body.data.read, true)
  assert.doesNotMatch(read.body.data.body_html, /javascript|<img/)
  assert.equal((await send('GET', '/me/emails/abc')).status, 404)
  const stranger = await signUp(call)
  assert.equal((await call(`/api/v1/me/emails/${other}`, { headers: sessionHeaders(stranger.cookie) })).status, 404)
  assert.equal((await send('POST', '/me/inbox/read-all?status=nope')).status, 400)
  assert.deepEqual((await send('POST', '/me/inbox/read-all')).body.data, { marked: 1 })
  assert.equal((await send('GET', '/me/inbox?unread=1')).body.meta.total, 0)
  const unread = await send('POST', `/me/emails/${id}/unread`)
  assert.equal(unread.body.data.read, false, 'marked unread again')
  assert.deepEqual((await send('GET', '/me/inbox?unread=1')).body.data.map((m: { id: number }) => m.id), [id])
  assert.equal((await call(`/api/v1/me/emails/${other}/unread`, { method: 'POST', headers: sessionHeaders(stranger.cookie) })).status, 404)
})

test('pushed mail is inserted, refreshed by external_id with its state kept, validated and never classified', async () => {
  const { send } = await setUp()
  const first = await send('POST', '/me/emails', { messages: [{ external_id: 'x-1', from_addr: 'Jobs@Globex.example', subject: 'Unfortunately…', body_html: '<p>We regret to inform you</p><script>x()</script>' }, { external_id: 'x-2', subject: 'Two' }] })
  assert.deepEqual(first.body.data, { inserted: 2, updated: 0 })
  const [two, one] = (await send('GET', '/me/inbox')).body.data
  assert.equal(one.source, 'external')
  assert.equal(one.status_signal, undefined, 'not classified server-side')
  await send('GET', `/me/emails/${one.id}`)
  await send('POST', `/me/emails/${two.id}/delete`)
  const again = await send('POST', '/me/emails', { messages: [{ external_id: 'x-1', subject: 'Updated subject' }, { external_id: 'x-2', subject: 'Two again' }] })
  assert.deepEqual(again.body.data, { inserted: 0, updated: 2 })
  const list = (await send('GET', '/me/inbox')).body.data
  assert.deepEqual(list.map((m: { subject: string; read: boolean }) => [m.subject, m.read]), [['Updated subject', true]], 'read kept, the deleted one stays deleted')

  assert.equal((await send('POST', '/me/emails', { messages: [] })).status, 400)
  const tooMany = await send('POST', '/me/emails', { messages: Array.from({ length: 101 }, (_, i) => ({ external_id: `m${i}` })) })
  assert.equal(tooMany.status, 400)
  const missing = await send('POST', '/me/emails', { messages: [{ external_id: 'ok' }, { subject: 'no id' }] })
  assert.equal(missing.status, 400)
  assert.match(missing.body.error, /messages\.1\.external_id/)
  assert.equal((await send('GET', '/me/inbox')).body.meta.total, 1, 'a refused push stores nothing')
})

test('triage labels and links as agent; a low confidence keeps the card; the vocabulary is closed', async () => {
  const { send } = await setUp()
  await send('POST', '/me/emails', { messages: [{ external_id: 'a' }, { external_id: 'b' }] })
  const [b, a] = (await send('GET', '/me/inbox')).body.data.map((m: { id: number }) => m.id)
  assert.deepEqual((await send('GET', '/me/inbox?unclassified=1')).body.data.map((m: { id: number }) => m.id), [b, a])
  await send('POST', '/jobs/go-dev/apply')
  assert.equal((await send('POST', `/me/emails/${a}/triage`, { signal: 'hired' })).status, 400)
  assert.equal((await send('POST', `/me/emails/${a}/triage`, { signal: 'offer', confidence: 2 })).status, 400)
  assert.equal((await send('POST', `/me/emails/${a}/triage`, { signal: 'offer', slug: 'nope' })).status, 404)
  const low = await send('POST', `/me/emails/${a}/triage`, { signal: 'offer', slug: 'go-dev', confidence: 0.2 })
  assert.equal(low.status, 200)
  assert.deepEqual([low.body.data.status_signal, low.body.data.link_source, low.body.data.linked_slug], ['offer', 'agent', 'go-dev'])
  assert.equal((await send('GET', '/me/tracking/go-dev')).body.data.stage, undefined, 'low confidence moves nothing')
  await send('POST', `/me/emails/${b}/triage`, { signal: 'interview_invitation', slug: 'go-dev', confidence: 0.9 })
  assert.equal((await send('GET', '/me/tracking/go-dev')).body.data.stage, 'interview')
  assert.deepEqual((await send('GET', '/me/inbox?unclassified=1')).body.data, [])
  const unlabelled = await send('POST', `/me/emails/${b}/triage`, { signal: 'acknowledgement' })
  assert.equal(unlabelled.body.data.status_signal, 'acknowledgement')
  assert.equal((await send('GET', '/me/tracking/go-dev')).body.data.stage, 'interview', 'never backwards')
})

test('link, unlink, confirm and reject keep every message in exactly one link state', async () => {
  const { send, deliver } = await setUp()
  await send('POST', '/jobs/go-dev/apply')
  await send('POST', '/jobs/rust-dev/apply')
  // Two applications at Acme and no role named: a suggestion, not a link.
  const id = await deliver({ from: 'Acme Talent <talent@acme.example>', subject: 'Next steps', text: 'We would like to schedule a phone screen with you.' })
  let m = (await send('GET', `/me/emails/${id}`)).body.data
  assert.equal(m.linked_slug, undefined)
  assert.equal(m.suggested_company, 'Acme')
  assert.deepEqual((await send('GET', '/me/inbox?link=suggested')).body.data.map((x: { id: number }) => x.id), [id])
  m = (await send('POST', `/me/emails/${id}/reject`)).body.data
  assert.equal(m.suggested_slug, undefined)
  assert.equal((await send('POST', `/me/emails/${id}/reject`)).status, 404)
  assert.equal((await send('POST', `/me/emails/${id}/confirm`)).status, 404)
  assert.deepEqual((await send('GET', '/me/inbox?link=unlinked')).body.data.map((x: { id: number }) => x.id), [id])

  assert.equal((await send('POST', `/me/emails/${id}/link`, {})).status, 400)
  m = (await send('POST', `/me/emails/${id}/link`, { slug: 'rust-dev' })).body.data
  assert.deepEqual([m.linked_slug, m.link_source, m.status_signal], ['rust-dev', 'manual', 'screening'])
  assert.equal((await send('GET', '/me/tracking/rust-dev')).body.data.stage, 'screening')
  m = (await send('POST', `/me/emails/${id}/unlink`)).body.data
  assert.deepEqual([m.linked_slug, m.link_source, m.status_signal], [undefined, undefined, 'screening'])

  const second = await deliver({ from: 'Acme Talent <talent@acme.example>', subject: 'Following up', text: 'Could you please send your availability?' })
  m = (await send('POST', `/me/emails/${second}/confirm`)).body.data
  assert.equal(m.link_source, 'manual')
  assert.equal(m.linked_company, 'Acme')
  for (const state of ['linked', 'suggested', 'unlinked']) {
    const ids = (await send('GET', `/me/inbox?link=${state}`)).body.data.map((x: { id: number }) => x.id)
    assert.deepEqual(ids, state === 'linked' ? [second] : state === 'unlinked' ? [id] : [])
  }
})

test('marking a message as the application records an observed applied event at its time; 409 while a suggestion waits', async () => {
  const { send, deliver, db } = await setUp()
  await send('PATCH', '/jobs/go-dev/track', { stage: 'preparing' })
  await send('PATCH', '/jobs/rust-dev/track', { stage: 'preparing' })
  const pending = await deliver({ from: 'Acme <jobs@acme.example>', subject: 'Hello from Acme', text: 'Thanks!' })
  const conflicted = await send('POST', `/me/emails/${pending}/application`, { slug: 'go-dev' })
  assert.equal(conflicted.status, 409)
  await send('POST', `/me/emails/${pending}/reject`)
  const marked = await send('POST', `/me/emails/${pending}/application`, { slug: 'go-dev' })
  assert.equal(marked.body.data.linked_slug, 'go-dev')
  const tracked = (await send('GET', '/me/tracking/go-dev')).body.data
  assert.equal(tracked.applied_at, '2026-11-20T09:00:00.000Z')
  const applied = tracked.events.find((e: { kind: string }) => e.kind === 'applied')
  assert.deepEqual([applied.source, applied.observed], ['mail_hosted', true])
  assert.equal((await send('POST', `/me/emails/${pending}/application`, { slug: 'missing' })).status, 404)
  assert.equal(db.prepare("SELECT count(*) FROM application_events WHERE kind = 'applied'").pluck().get(), 1)
})

test('delete hides a message for good across re-deliveries; restore brings it back', async () => {
  const { send, db, user } = await setUp()
  const raw = await rawMail({ from: 'Bob <bob@friends.example>', to: 'me@example.org', subject: 'Hello', messageId: '<hello-1@friends.example>', text: 'Hi' })
  const { id } = await ingestRawMessage(db, user.userId, raw, 'hosted')
  assert.equal((await send('POST', `/me/emails/${id}/delete`)).status, 204)
  assert.equal((await send('POST', `/me/emails/${id}/delete`)).status, 404)
  assert.equal((await send('GET', `/me/emails/${id}`)).status, 404)
  assert.deepEqual(await ingestRawMessage(db, user.userId, raw, 'imap', { externalId: 'INBOX:1:1' }), { id, duplicate: true })
  assert.equal((await send('GET', '/me/inbox?include_other=1')).body.meta.total, 0)
  assert.equal((await send('POST', `/me/emails/${id}/restore`)).status, 204)
  assert.equal((await send('GET', '/me/inbox?include_other=1')).body.meta.total, 1)
  assert.equal((await send('POST', '/me/emails/999999/restore')).status, 404)
})
