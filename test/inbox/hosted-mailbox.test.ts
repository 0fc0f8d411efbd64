import { test } from 'node:test'
import assert from 'node:assert/strict'
import nodemailer from 'nodemailer'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, sessionSender, signUp } from '../helpers/auth.ts'
import type { Config } from '../../src/config.ts'

// Real SMTP: nodemailer delivers to the in-process listener on a free port.
const DOMAIN = 'mail.test'

async function hostedApp(config: Partial<Config> = {}) {
  const t = createTestApp({
    jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } })],
    config: { mailDomain: DOMAIN, mailSmtpPort: 0, mailSmtpHost: '127.0.0.1', ...config },
  })
  const port = await t.ctx.hostedMail!.ready
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  return { ...t, smtp }
}

test('a claimed address receives real SMTP mail end to end: labelled, linked, the card moved', async (t) => {
  const { call, ctx, smtp } = await hostedApp()
  t.after(() => ctx.close?.())
  const user = await signUp(call, { email: `Jane.Doe+jobs-${process.pid}@example.org` })
  const send = sessionSender(call, user.cookie)
  assert.deepEqual((await send('GET', '/me/mailbox')).body.data, { available: true, address: null })
  const claimed = (await send('POST', '/me/mailbox')).body.data
  assert.equal(claimed.address, `jane.doe@${DOMAIN}`)
  assert.deepEqual((await send('POST', '/me/mailbox')).body.data, claimed, 'get-or-create')
  const other = await signUp(call, { email: `jane_doe-${process.pid}@example.net` })
  const second = (await call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(other.cookie) })).body.data.address
  assert.notEqual(second, claimed.address)

  await send('POST', '/jobs/go-dev/apply')
  const info = await smtp.sendMail({
    from: 'Acme Talent <talent@acme.example>',
    to: `jane.doe+acme@${DOMAIN}`,
    subject: 'Interview invitation — Go Developer',
    text: 'We would like to invite you to a technical interview for the Go Developer role.',
  })
  assert.deepEqual(info.accepted, [`jane.doe+acme@${DOMAIN}`])
  const [mail] = (await send('GET', '/me/inbox')).body.data
  assert.deepEqual([mail.source, mail.status_signal, mail.linked_slug, mail.link_source], ['hosted', 'interview_invitation', 'go-dev', 'auto'])
  const tracked = (await send('GET', '/me/tracking/go-dev')).body.data
  assert.equal(tracked.stage, 'interview')
  assert.ok(tracked.events.some((e: { kind: string; source: string }) => e.kind === 'employer_reply' && e.source === 'mail_hosted'))

  assert.deepEqual((await send('DELETE', '/me/mailbox')).body.data, { available: true, address: null })
  assert.equal((await send('GET', '/me/inbox?include_other=1')).body.meta.total, 0, 'hosted mail deleted with the address')
  await assert.rejects(smtp.sendMail({ from: 'talent@acme.example', to: `jane.doe@${DOMAIN}`, subject: 'x', text: 'y' }), /550/)
})

test('the listener is no relay, refuses unknown recipients at RCPT, oversized mail and senders over their hourly budget', async (t) => {
  const { call, ctx, smtp } = await hostedApp({ mailMaxBytes: 4096, mailSenderPerHour: 3 })
  t.after(() => ctx.close?.())
  const user = await signUp(call)
  const address = (await call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(user.cookie) })).body.data.address
  await assert.rejects(smtp.sendMail({ from: 'a@elsewhere.example', to: 'victim@gmail.example', subject: 'relay', text: 'x' }), (error: Error & { responseCode?: number; response?: string }) => error.responseCode === 550 && /relay/i.test(error.response ?? ''))
  await assert.rejects(smtp.sendMail({ from: 'b@elsewhere.example', to: `nobody@${DOMAIN}`, subject: 'unknown', text: 'x' }), (error: Error & { responseCode?: number }) => error.responseCode === 550)
  await assert.rejects(smtp.sendMail({ from: 'c@elsewhere.example', to: address, subject: 'big', text: 'x'.repeat(10_000) }), (error: Error & { responseCode?: number }) => error.responseCode === 552)
  const count = () => (ctx.db.prepare('SELECT count(*) FROM emails').pluck().get() as number)
  assert.equal(count(), 0, 'nothing refused was stored')
  // The client address has used 3 of its 3 (the refused attempts above counted); a new hour is simulated by moving the clock.
  ctx.now = () => new Date(Date.now() + 2 * 3_600_000)
  for (let i = 0; i < 3; i++) await smtp.sendMail({ from: 'd@elsewhere.example', to: address, subject: `Thanks for applying ${i}`, text: 'We received your application.' })
  await assert.rejects(smtp.sendMail({ from: 'd@elsewhere.example', to: address, subject: 'one too many', text: 'x' }), (error: Error & { responseCode?: number }) => error.responseCode === 451)
  assert.equal(count(), 3)
})

test('without a mail domain GET answers available:false and POST/DELETE answer 404', async () => {
  const { call, ctx } = createTestApp()
  assert.equal(ctx.hostedMail, null)
  const user = await signUp(call)
  assert.deepEqual((await call('/api/v1/me/mailbox', { headers: sessionHeaders(user.cookie) })).body.data, { available: false, address: null })
  assert.equal((await call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(user.cookie) })).status, 404)
  assert.equal((await call('/api/v1/me/mailbox', { method: 'DELETE', headers: sessionHeaders(user.cookie) })).status, 404)
  assert.equal((await call('/api/v1/me/mailbox')).status, 401)
})
