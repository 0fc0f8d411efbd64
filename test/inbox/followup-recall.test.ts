import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, sessionSender, signUp } from '../helpers/auth.ts'
import { ingestRawMessage } from '../../src/inbox/ingest.ts'
import { rawMail } from './mail-fixtures.ts'
import { notFound } from '../../src/errors.ts'

const jobs = [
  fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } }),
  fixtureJob({ publicSlug: 'rust-dev', title: 'Rust Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } }),
  fixtureJob({ publicSlug: 'data-eng', title: 'Data Engineer', company: { slug: 'globex', name: 'Globex' } }),
]

async function setUp() {
  const t = createTestApp({ jobs })
  const user = await signUp(t.call)
  const send = sessionSender(t.call, user.cookie)
  const deliver = async (options: Parameters<typeof rawMail>[0]) => (await ingestRawMessage(t.db, user.userId, await rawMail({ to: 'me@example.org', ...options }), 'hosted')).id
  return { ...t, user, send, deliver }
}

test('the tracker shows linked mail, counts it, names it on the timeline and offers a stage suggestion', async () => {
  const { send, deliver, ctx } = await setUp()
  await send('POST', '/jobs/go-dev/apply', { applied_on: '2026-11-10' })
  await send('POST', '/jobs/rust-dev/apply', { applied_on: '2026-11-10' })
  const linked = await deliver({ from: 'Acme Talent <talent@acme.example>', subject: 'Go Developer: next steps', text: 'We would like to schedule a phone screen for the Go Developer role.', date: new Date('2026-11-12T10:00:00Z') })
  const suggested = await deliver({ from: 'Acme Talent <talent@acme.example>', subject: 'Interview', text: 'We would like to invite you to a technical interview.', date: new Date('2026-11-14T10:00:00Z') })
  const detail = (await send('GET', '/me/tracking/go-dev')).body.data
  assert.deepEqual(detail.emails.map((m: { id: number }) => m.id), [linked])
  assert.deepEqual(detail.emails[0], { id: linked, source: 'hosted', from_addr: 'talent@acme.example', from_name: 'Acme Talent', subject: 'Go Developer: next steps', status_signal: 'screening', link_source: 'auto', received_at: '2026-11-12T10:00:00.000Z', read: false })
  assert.equal(detail.stage, 'screening')
  assert.equal(detail.stage_suggestion, undefined)
  // Two Acme applications and no role named: the invitation is only suggested, for the newest one.
  assert.deepEqual((await send('GET', '/me/tracking/rust-dev')).body.data.stage_suggestion, { stage: 'interview', signal: 'interview_invitation', email_id: suggested })
  const reply = detail.events.find((e: { kind: string }) => e.kind === 'employer_reply')
  assert.deepEqual([reply.email_id, reply.email_subject, reply.signal], [linked, 'Go Developer: next steps', 'screening'])

  ctx.now = () => new Date('2026-12-20T00:00:00Z')
  const list = (await send('GET', '/me/tracking?filter=board')).body.data
  const go = list.find((e: { id: string }) => e.id === 'go-dev')
  const rust = list.find((e: { id: string }) => e.id === 'rust-dev')
  assert.equal(go.email_count, 1)
  assert.equal(go.silence_state, 'silent')
  assert.equal(rust.silence_state, 'unconfirmed', 'past its days, but a suggestion waits for the user')
  await send('POST', `/me/emails/${suggested}/confirm`)
  const after = (await send('GET', '/me/tracking/rust-dev')).body.data
  assert.equal(after.stage, 'interview')
  assert.equal(after.stage_suggestion, undefined)
  await send('POST', `/me/emails/${linked}/delete`)
  const events = (await send('GET', '/me/tracking/go-dev')).body.data.events
  assert.equal(events.find((e: { signal?: string; kind: string }) => e.signal === 'screening' && e.kind === 'employer_reply').email_subject, undefined, 'deleted mail is not named')
})

test('follow-up: a draft only for a silent application, greeting the newest employer sender; POST stamps once an hour', async () => {
  const { send, deliver, ctx } = await setUp()
  assert.equal((await send('GET', '/me/tracking/nope/followup')).status, 404)
  assert.equal((await send('GET', '/me/tracking/data-eng/followup')).status, 404, 'not tracked')
  await send('POST', '/jobs/data-eng/apply', { applied_on: '2026-11-10' })
  await deliver({ from: 'Globex <no-reply@globex.example>', subject: 'Thank you for applying to Globex', text: 'We received your application for Data Engineer.', date: new Date('2026-11-10T12:00:00Z') })
  await deliver({ from: 'Maria Lopez <maria@globex.example>', subject: 'Data Engineer', text: 'Could you send your salary expectations for the Data Engineer role?', date: new Date('2026-11-11T12:00:00Z') })
  ctx.now = () => new Date('2026-11-20T00:00:00Z')
  const early = await send('GET', '/me/tracking/data-eng/followup')
  assert.equal(early.status, 409)
  assert.equal(early.body.error, 'this application is not waiting on a reply')
  ctx.now = () => new Date('2026-12-20T00:00:00Z')
  const answer = await send('GET', '/me/tracking/data-eng/followup')
  assert.equal(answer.status, 200, JSON.stringify(answer.body))
  const draft = answer.body.data
  assert.equal(draft.subject, 'Following up: Data Engineer application')
  assert.equal(draft.recipient, 'maria@globex.example')
  assert.equal(draft.recipient_name, 'Maria Lopez')
  assert.match(draft.body, /^Hello Maria,\n\nI applied for the Data Engineer position at Globex on 2026-11-10/)
  assert.equal(draft.days_silent, 38, "days since Maria’s reply (11-11 12:00)")

  assert.equal((await send('POST', '/me/tracking/go-dev/followup')).status, 404)
  assert.equal((await send('POST', '/me/tracking/data-eng/followup')).status, 204)
  assert.equal((await send('POST', '/me/tracking/data-eng/followup')).status, 204)
  const detail = (await send('GET', '/me/tracking/data-eng')).body.data
  assert.equal(detail.followed_up_at, '2026-12-20T00:00:00.000Z')
  assert.equal(detail.events.filter((e: { kind: string }) => e.kind === 'follow_up_sent').length, 1, 'idempotent within the hour')
  assert.equal((await send('GET', '/me/tracking/data-eng/followup')).status, 200, 'following up does not change silence')
})

test('mail recall finds unlinked mail since the application by domain, name or role; writes nothing; links by provider id; 20 per hour', async () => {
  const { send, deliver, db } = await setUp()
  await send('POST', '/jobs/go-dev/save')
  assert.equal((await send('POST', '/me/tracking/go-dev/mail-recall')).status, 404, 'no application recorded')
  await send('POST', '/jobs/data-eng/apply', { applied_on: '2026-11-10' })
  await send('POST', '/me/emails', {
    messages: [
      { external_id: 'p-1', from_addr: 'people@globex.example', from_name: 'Globex People', subject: 'Your candidacy', body_text: 'We are reviewing it.', received_at: '2026-11-15T10:00:00Z' },
      { external_id: 'p-2', from_addr: 'x@other.example', subject: 'Data Engineer role', body_text: 'About the Data Engineer role you applied to.', received_at: '2026-11-16T10:00:00Z' },
      { external_id: 'p-3', from_addr: 'y@other.example', subject: 'Globex', body_text: 'Old news', received_at: '2026-10-01T10:00:00Z' },
      { external_id: 'p-4', from_addr: 'z@other.example', subject: 'Unrelated', body_text: 'Nothing here', received_at: '2026-11-17T10:00:00Z' },
    ],
  })
  await deliver({ from: 'Bob <bob@friends.example>', subject: 'hi', text: 'hello', date: new Date('2026-11-18T10:00:00Z') })
  const before = db.prepare('SELECT count(*) FROM emails WHERE job_id IS NOT NULL').pluck().get()
  const recall = (await send('POST', '/me/tracking/data-eng/mail-recall')).body.data
  assert.equal(recall.scanned, 4)
  assert.deepEqual(recall.suggested.map((s: { provider_id: string }) => s.provider_id), ['p-2', 'p-1'])
  assert.equal(recall.invitations, 0)
  assert.equal(db.prepare('SELECT count(*) FROM emails WHERE job_id IS NOT NULL').pluck().get(), before, 'writes nothing')

  assert.equal((await send('POST', '/me/tracking/data-eng/mail-recall/link', {})).status, 400)
  assert.equal((await send('POST', '/me/tracking/data-eng/mail-recall/link', { provider_id: 'gmail-only' })).status, 503)
  const linked = (await send('POST', '/me/tracking/data-eng/mail-recall/link', { provider_id: 'p-1' })).body.data
  assert.deepEqual([linked.linked_slug, linked.link_source, linked.subject], ['data-eng', 'manual', 'Your candidacy'])
  const again = (await send('POST', '/me/tracking/data-eng/mail-recall')).body.data
  assert.deepEqual(again.suggested.map((s: { provider_id: string }) => s.provider_id), ['p-2'])
  for (let i = 2; i < 20; i++) assert.equal((await send('POST', '/me/tracking/data-eng/mail-recall')).status, 200)
  const limited = await send('POST', '/me/tracking/data-eng/mail-recall')
  assert.equal(limited.status, 429)
  assert.ok(limited.headers.get('retry-after'))
})

test('with a connected mailbox, recall adds what only the mailbox holds (id 0) and the link imports it; an unreadable mailbox is 502', async () => {
  const { send, db, ctx } = await setUp()
  await send('POST', '/jobs/data-eng/apply', { applied_on: '2026-11-10' })
  // The connectors' side of the seam (IMAP and Gmail, tested against Dovecot and the Gmail stand-in
  // in their own tests), here over a folder of raw messages that imports through the ingest path.
  const folder = new Map([
    ['INBOX:1:7', await rawMail({ from: 'Globex Talent <talent@globex.example>', to: 'me@example.org', subject: 'Data Engineer — next steps', text: 'We would like to invite you to an interview.', messageId: '<live-7@globex.example>', date: new Date('2026-11-19T09:00:00Z') })],
  ])
  let broken = false
  ctx.liveMailbox = {
    async search() {
      if (broken) throw new Error('connection reset')
      return [{ provider_id: 'INBOX:1:7', from_addr: 'talent@globex.example', from_name: 'Globex Talent', subject: 'Data Engineer — next steps', received_at: '2026-11-19T09:00:00.000Z' }]
    },
    async importByProviderId(userId, providerId) {
      const raw = folder.get(providerId)
      if (!raw) throw notFound('no such message in the mailbox')
      return (await ingestRawMessage(db, userId, raw, 'imap', { externalId: providerId })).id
    },
  }
  const recall = (await send('POST', '/me/tracking/data-eng/mail-recall')).body.data
  assert.deepEqual(recall.suggested, [{ id: 0, provider_id: 'INBOX:1:7', from_addr: 'talent@globex.example', from_name: 'Globex Talent', subject: 'Data Engineer — next steps', received_at: '2026-11-19T09:00:00.000Z', invitation: false }])
  assert.equal(db.prepare('SELECT count(*) FROM emails').pluck().get(), 0, 'recall writes nothing')
  const linked = (await send('POST', '/me/tracking/data-eng/mail-recall/link', { provider_id: 'INBOX:1:7' })).body.data
  assert.deepEqual([linked.source, linked.linked_slug, linked.link_source, linked.status_signal], ['imap', 'data-eng', 'manual', 'interview_invitation'])
  assert.equal((await send('GET', '/me/tracking/data-eng')).body.data.stage, 'interview')
  assert.deepEqual((await send('POST', '/me/tracking/data-eng/mail-recall')).body.data.suggested, [], 'now stored and linked')
  assert.equal((await send('POST', '/me/tracking/data-eng/mail-recall/link', { provider_id: 'INBOX:1:99' })).status, 404)
  broken = true
  const failed = await send('POST', '/me/tracking/data-eng/mail-recall')
  assert.deepEqual([failed.status, failed.body.error], [502, 'provider read failed'])
})
