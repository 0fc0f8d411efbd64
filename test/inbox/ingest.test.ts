import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionSender, signUp } from '../helpers/auth.ts'
import { ingestRawMessage } from '../../src/inbox/ingest.ts'
import { icsInvite, rawMail } from './mail-fixtures.ts'

const jobs = [
  fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://www.acme.example/' } }),
  fixtureJob({ publicSlug: 'data-eng', title: 'Data Engineer', company: { slug: 'globex', name: 'Globex Corporation' } }),
]

async function setUp() {
  const t = createTestApp({ jobs })
  const user = await signUp(t.call)
  const send = sessionSender(t.call, user.cookie)
  await send('POST', '/jobs/go-dev/apply', { applied_on: '2026-11-10' })
  await send('POST', '/jobs/data-eng/apply', { applied_on: '2026-11-10' })
  return { ...t, user, send }
}

test('a raw message is stored sanitised, labelled, linked by the company domain and moves the card forward', async () => {
  const { db, user, send } = await setUp()
  const raw = await rawMail({
    from: 'Jane Recruiter <jane@careers.acme.example>',
    to: 'me@example.org',
    subject: 'Your application',
    messageId: '<m1@acme.example>',
    text: 'Hi, thanks for your application. We would like to invite you to a technical interview next week.',
    html: '<p>Hi, thanks for your application.</p><p>We would like to invite you to a technical interview next week.</p><img src="https://track.example/pixel.gif"><script>alert(1)</script>',
  })
  const first = await ingestRawMessage(db, user.userId, raw, 'hosted')
  assert.equal(first.duplicate, false)
  const again = await ingestRawMessage(db, user.userId, raw, 'imap', { externalId: 'INBOX:1:7' })
  assert.deepEqual(again, { id: first.id, duplicate: true })

  const row = db.prepare('SELECT * FROM emails WHERE id = ?').get(first.id) as Record<string, unknown>
  assert.equal(row.status_signal, 'interview_invitation')
  assert.equal(row.link_source, 'auto')
  assert.doesNotMatch(String(row.body_html), /<img|<script|pixel/)
  assert.match(String(row.body_html), /technical interview/)
  const tracked = (await send('GET', '/me/tracking/go-dev')).body.data
  assert.equal(tracked.stage, 'interview')
})

test('a rejection is recorded on the timeline and never moves the card', async () => {
  const { db, user, send } = await setUp()
  await send('PATCH', '/jobs/data-eng/track', { stage: 'screening' })
  const raw = await rawMail({
    from: '"Globex Corporation" <no-reply@greenhouse-mail.io>',
    to: 'me@example.org',
    subject: 'Thank you for applying to Globex Corporation',
    text: 'Thank you for applying. Unfortunately we have decided to move forward with other candidates for the Data Engineer role.',
  })
  const { id } = await ingestRawMessage(db, user.userId, raw, 'gmail', { externalId: 'g-1' })
  const row = db.prepare('SELECT status_signal, job_id, link_source FROM emails WHERE id = ?').get(id) as Record<string, unknown>
  assert.equal(row.status_signal, 'rejection')
  assert.equal(row.link_source, 'auto')
  const tracked = (await send('GET', '/me/tracking/data-eng')).body.data
  assert.equal(tracked.stage, 'screening')
  const events = db.prepare("SELECT kind, signal, source FROM application_events WHERE email_id = ?").all(id)
  assert.deepEqual(events, [{ kind: 'employer_reply', signal: 'rejection', source: 'mail_gmail' }])
})

test('an .ics invitation in linked mail becomes a suggested interview; its cancellation cancels it', async () => {
  const { db, user, send } = await setUp()
  const invite = (method: 'REQUEST' | 'CANCEL', id: string) =>
    rawMail({
      from: 'Acme Talent <talent@acme.example>',
      to: 'me@example.org',
      subject: 'Interview: Go Developer',
      messageId: `<${id}@acme.example>`,
      text: 'Please find the calendar invitation attached.',
      icalEvent: { method, content: icsInvite('int-42@acme.example', '20261203T140000Z', '20261203T150000Z', 'Go Developer interview', method) },
    })
  await ingestRawMessage(db, user.userId, await invite('REQUEST', 'inv1'), 'hosted')
  const window = '?from=2026-12-01T00:00:00Z&to=2026-12-31T00:00:00Z'
  const [interview] = (await send('GET', `/me/interviews${window}`)).body.data
  assert.equal(interview.status, 'suggested')
  assert.equal(interview.starts_at, '2026-12-03T14:00:00.000Z')
  assert.equal(interview.join_url, 'https://meet.google.com/abc-defg-hij')
  assert.equal(interview.job_slug, 'go-dev')
  await ingestRawMessage(db, user.userId, await invite('CANCEL', 'inv2'), 'hosted')
  const after = (await send('GET', `/me/interviews${window}`)).body.data
  assert.deepEqual(after.map((i: { status: string }) => i.status), ['cancelled'])
})
