import { test } from 'node:test'
import assert from 'node:assert/strict'
import nodemailer from 'nodemailer'
import { twoProcesses } from '../helpers/two-processes.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'

/**
 * The hosted mailbox's hourly caps per sending address and per client address are counted in the
 * database: two serving processes, each with its own SMTP listener, count one set of messages.
 * Clients connect from different loopback addresses (127.0.0.x) to stand for different machines.
 */
const DOMAIN = 'mail.test'

test('a sender’s and a client’s hourly messages are counted across the processes’ listeners', async (t) => {
  const { a, b } = twoProcesses(t, { mailDomain: DOMAIN, mailSmtpPort: 0, mailSmtpHost: '127.0.0.1', mailSenderPerHour: 3 })
  const user = await signUp(a.call)
  const address = (await a.call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(user.cookie) })).body.data.address
  const ports = { a: await a.ctx.hostedMail!.ready, b: await b.ctx.hostedMail!.ready }
  const send = (via: 'a' | 'b', from: string, client: string) =>
    nodemailer.createTransport({ host: '127.0.0.1', port: ports[via], localAddress: client, secure: false, ignoreTLS: true }).sendMail({ from, to: address, subject: 'Thanks for applying', text: 'We received your application.' })
  const refused = (error: Error & { responseCode?: number }) => error.responseCode === 451

  // One sender through both listeners from different clients: the fourth is refused, wherever it goes.
  await send('a', 'talent@acme.example', '127.0.0.2')
  await send('b', 'talent@acme.example', '127.0.0.3')
  await send('a', 'talent@acme.example', '127.0.0.4')
  await assert.rejects(send('b', 'talent@acme.example', '127.0.0.5'), refused)

  // One client address through both listeners with different senders: the same.
  await send('b', 'one@globex.example', '127.0.0.6')
  await send('a', 'two@globex.example', '127.0.0.6')
  await send('b', 'three@globex.example', '127.0.0.6')
  await assert.rejects(send('a', 'four@globex.example', '127.0.0.6'), refused)

  assert.equal(a.db.prepare('SELECT count(*) FROM emails').pluck().get(), 6, 'what was refused was not stored')
})
