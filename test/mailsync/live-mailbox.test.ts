import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, sessionSender, signUp } from '../helpers/auth.ts'
import { importByProviderId, MailboxReadFailed, searchConnectedMailboxes } from '../../src/mailsync/live-mailbox.ts'
import { mailServers } from './mail-servers.ts'

/**
 * The connected mailboxes read live for mail recall: candidates found in Gmail and in the IMAP
 * folders that are not stored yet, and one of them imported by its provider id into the inbox
 * (then readable at GET /me/emails/{id}), once only; and the same through mail recall's routes.
 */
const mail = mailServers('kim@mail.test', 'pw-live')

const message = (id: string, from: string, subject: string) =>
  `From: ${from}\r\nTo: kim@mail.test\r\nSubject: ${subject}\r\nMessage-ID: <${id}@example.org>\r\nDate: ${new Date().toUTCString()}\r\n\r\n${subject}.\r\n`

test('candidates from Gmail and IMAP, imported by provider id once', async () => {
  const app = createTestApp({ config: { ...mail.google.config, secretsKey: randomBytes(32).toString('hex'), imapAllowPrivateHosts: true } })
  const kim = await signUp(app.call)
  const headers = sessionHeaders(kim.cookie)
  const since = new Date(Date.now() - 86_400_000)
  assert.equal(await searchConnectedMailboxes(app.ctx, kim.userId, { since, terms: ['Umbrella'], limit: 10 }), null)
  assert.equal(await importByProviderId(app.ctx, kim.userId, '18c0000000000001'), null)

  assert.equal((await app.call('/api/v1/me/imap', { method: 'PUT', headers, body: JSON.stringify({ host: '127.0.0.1', port: mail.dovecot.port, tls: false, username: 'kim@mail.test', password: 'pw-live' }) })).status, 200)
  const start = await app.call('/api/v1/me/gmail/connect', { headers })
  const back = new URL(mail.google.approve(start.headers.get('location')!, 'kim@gmail.test'))
  assert.equal((await app.call(back.pathname + back.search, { headers })).status, 302)
  await app.ctx.background.idle()

  // Arrived after the last sync: only in the mailboxes, not stored.
  const gmailId = mail.google.deliver('kim@gmail.test', message('g1', '"Umbrella Talent" <talent@umbrella.example>', 'Umbrella: your interview'))
  mail.google.deliver('kim@gmail.test', message('g2', 'News <news@paper.example>', 'Weekly digest'))
  await mail.mailer.append('INBOX', message('i1', 'Umbrella HR <hr@umbrella.example>', 'Next steps with Umbrella'))
  await mail.mailer.append('INBOX', message('i2', 'Friend <friend@example.org>', 'Lunch?'))

  const found = await searchConnectedMailboxes(app.ctx, kim.userId, { since, terms: ['Umbrella'], limit: 10 })
  assert.deepEqual(
    found!.map((c) => [c.from_addr, c.from_name, c.subject]).sort(),
    [
      ['hr@umbrella.example', 'Umbrella HR', 'Next steps with Umbrella'],
      ['talent@umbrella.example', 'Umbrella Talent', 'Umbrella: your interview'],
    ],
  )
  const fromGmail = found!.find((c) => c.from_addr === 'talent@umbrella.example')!
  assert.equal(fromGmail.provider_id, gmailId)
  const fromImap = found!.find((c) => c.from_addr === 'hr@umbrella.example')!
  assert.match(fromImap.provider_id, /^INBOX:\d+:\d+$/)

  for (const candidate of [fromGmail, fromImap]) {
    const id = await importByProviderId(app.ctx, kim.userId, candidate.provider_id)
    assert.equal(typeof id, 'number')
    const read = await app.call(`/api/v1/me/emails/${id}`, { headers })
    assert.equal(read.status, 200)
    assert.equal(read.body.data.subject, candidate.subject)
    assert.equal(read.body.data.external_id, candidate.provider_id)
    // Once only: a second import is the stored message.
    assert.equal(await importByProviderId(app.ctx, kim.userId, candidate.provider_id), id)
  }

  // Ids the mailboxes do not hold: a stale UIDVALIDITY, an unknown Gmail id.
  const [, uidvalidity, uid] = /^INBOX:(\d+):(\d+)$/.exec(fromImap.provider_id)!
  await assert.rejects(importByProviderId(app.ctx, kim.userId, `INBOX:${Number(uidvalidity) + 1}:${uid}`), { status: 404 })
  await assert.rejects(importByProviderId(app.ctx, kim.userId, '18cffffffffffffff'), { status: 404 })

  // Google refusing the grant is a provider read failure (the caller's 502).
  mail.google.revokeGrants('kim@gmail.test')
  mail.google.expireAccessTokens()
  await assert.rejects(importByProviderId(app.ctx, kim.userId, gmailId), MailboxReadFailed)
})

test('mail recall lists mail only in the connected Gmail (id 0) and its link imports it; an unreadable Gmail is 502', async () => {
  const app = createTestApp({
    jobs: [fixtureJob({ publicSlug: 'umbrella-sre', title: 'Site Reliability Engineer', company: { slug: 'umbrella', name: 'Umbrella' } })],
    config: { ...mail.google.config, secretsKey: randomBytes(32).toString('hex') },
  })
  const kim = await signUp(app.call)
  const send = sessionSender(app.call, kim.cookie)
  assert.equal((await send('POST', '/jobs/umbrella-sre/apply', { applied_on: new Date().toISOString().slice(0, 10) })).status, 200)
  const start = await send('GET', '/me/gmail/connect')
  const back = new URL(mail.google.approve(start.headers.get('location')!, 'kim.recall@gmail.test'))
  assert.equal((await app.call(back.pathname + back.search, { headers: sessionHeaders(kim.cookie) })).status, 302)
  await app.ctx.background.idle()
  const gmailId = mail.google.deliver('kim.recall@gmail.test', message('r1', 'Umbrella Careers <careers@umbrella.example>', 'Umbrella: your SRE interview'))

  const recall = await send('POST', '/me/tracking/umbrella-sre/mail-recall')
  assert.equal(recall.status, 200, JSON.stringify(recall.body))
  const live = recall.body.data.suggested.find((s: { provider_id?: string }) => s.provider_id === gmailId)
  assert.deepEqual({ ...live, received_at: 'x' }, { id: 0, provider_id: gmailId, from_addr: 'careers@umbrella.example', from_name: 'Umbrella Careers', subject: 'Umbrella: your SRE interview', received_at: 'x', invitation: false })

  const linked = await send('POST', '/me/tracking/umbrella-sre/mail-recall/link', { provider_id: gmailId })
  assert.equal(linked.status, 200, JSON.stringify(linked.body))
  assert.deepEqual([linked.body.data.source, linked.body.data.external_id, linked.body.data.linked_slug, linked.body.data.link_source], ['gmail', gmailId, 'umbrella-sre', 'manual'])

  mail.google.revokeGrants('kim.recall@gmail.test')
  mail.google.expireAccessTokens()
  const other = mail.google.deliver('kim.recall@gmail.test', message('r2', 'Umbrella Careers <careers@umbrella.example>', 'Umbrella: one more thing'))
  assert.equal((await send('POST', '/me/tracking/umbrella-sre/mail-recall/link', { provider_id: other })).status, 502)
})
