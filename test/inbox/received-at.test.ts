import { test } from 'node:test'
import assert from 'node:assert/strict'
import nodemailer from 'nodemailer'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, sessionSender, signUp } from '../helpers/auth.ts'

// A message dated in the future (a sender's wrong clock, a forged Date, a client's bad field) counts
// as received now: otherwise it sits atop the inbox for years and holds its application "active".
test('pushed and delivered mail dated in the future is received now; past dates are kept', async (t) => {
  const { call, ctx } = createTestApp({
    jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } })],
    config: { mailDomain: 'mail.test', mailSmtpPort: 0, mailSmtpHost: '127.0.0.1' },
  })
  t.after(() => ctx.close?.())
  const user = await signUp(call)
  const send = sessionSender(call, user.cookie)
  await send('POST', '/jobs/go-dev/apply')
  const before = new Date().toISOString()
  const pushed = await send('POST', '/me/emails', {
    messages: [
      { external_id: 'future', from_addr: 'talent@acme.example', subject: 'Future', body_text: 'x', received_at: '9999-12-31T23:59:59Z' },
      { external_id: 'past', from_addr: 'talent@acme.example', subject: 'Past', body_text: 'x', received_at: '2026-01-02T03:04:05Z' },
    ],
  })
  assert.equal(pushed.status, 200)
  const port = await ctx.hostedMail!.ready
  const address = (await call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(user.cookie) })).body.data.address
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  await smtp.sendMail({ envelope: { from: 'talent@acme.example', to: [address] }, raw: `From: talent@acme.example\r\nSubject: Delivered future\r\nDate: Fri, 31 Dec 9999 23:59:59 +0000\r\n\r\nWe would like to invite you to an interview for the Go Developer role.\r\n` })
  const after = new Date().toISOString()
  const inbox = (await send('GET', '/me/inbox?include_other=true')).body.data as { subject: string; received_at: string }[]
  const at = Object.fromEntries(inbox.map((m) => [m.subject, m.received_at]))
  for (const subject of ['Future', 'Delivered future']) assert.ok(at[subject]! >= before && at[subject]! <= after, `${subject}: ${at[subject]}`)
  assert.equal(at.Past, '2026-01-02T03:04:05.000Z')
  const tracked = (await send('GET', '/me/tracking')).body.data.find((row: { id: string }) => row.id === 'go-dev')
  assert.ok(tracked.last_activity_at <= after, `last activity ${tracked.last_activity_at}`)
})
