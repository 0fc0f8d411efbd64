import { mock, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createTestApp } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'
import { startMailSyncScheduler, syncDueMailboxes } from '../../src/mailsync/mail-sync-scheduler.ts'
import { mailServers } from './mail-servers.ts'

/**
 * The periodic sync: a connected IMAP mailbox and a Gmail account are synced once they are due
 * (MAIL_SYNC_INTERVAL_MINUTES after their last sync), by the scheduler's timer, without anyone
 * asking; mail that arrived meanwhile shows up in the inbox.
 */
const mail = mailServers('lin@mail.test', 'pw-scheduler')

const message = (id: string, subject: string) => `From: Initech HR <hr@initech.example>\r\nTo: lin@mail.test\r\nSubject: ${subject}\r\nMessage-ID: <${id}@initech.example>\r\nDate: ${new Date().toUTCString()}\r\n\r\n${subject}.\r\n`

test('due mailboxes sync on the schedule, others wait for their interval', async () => {
  const app = createTestApp({ config: { ...mail.google.config, secretsKey: randomBytes(32).toString('hex'), imapAllowPrivateHosts: true, mailSyncIntervalMinutes: 15 } })
  const lin = await signUp(app.call)
  const headers = sessionHeaders(lin.cookie)
  const put = await app.call('/api/v1/me/imap', { method: 'PUT', headers, body: JSON.stringify({ host: '127.0.0.1', port: mail.dovecot.port, tls: false, username: 'lin@mail.test', password: 'pw-scheduler' }) })
  assert.equal(put.status, 200)
  const start = await app.call('/api/v1/me/gmail/connect', { headers })
  const back = new URL(mail.google.approve(start.headers.get('location')!, 'lin@gmail.test'))
  assert.equal((await app.call(back.pathname + back.search, { headers })).status, 302)
  await app.ctx.background.idle()

  await mail.mailer.append('INBOX', message('s1', 'Initech phone screen'))
  mail.google.deliver('lin@gmail.test', message('s2', 'Initech take-home task'))
  const inbox = async () => ((await app.call('/api/v1/me/inbox?include_other=true', { headers })).body.data as { subject: string }[]).map((m) => m.subject).sort()

  // Both synced a moment ago: nothing is due yet.
  assert.deepEqual(await syncDueMailboxes(app.ctx), { imap: 0, gmail: 0 })
  assert.deepEqual(await inbox(), [])

  // Sixteen minutes on, the scheduler's next tick syncs both.
  const real = app.ctx.now
  app.ctx.now = () => new Date(real().getTime() + 16 * 60_000)
  mock.timers.enable({ apis: ['setInterval'] })
  try {
    const scheduler = startMailSyncScheduler(app.ctx)
    mock.timers.tick(60_000)
    await scheduler.idle()
    await scheduler.stop()
  } finally {
    mock.timers.reset()
  }
  assert.deepEqual(await inbox(), ['Initech phone screen', 'Initech take-home task'])
  assert.deepEqual(await syncDueMailboxes(app.ctx), { imap: 0, gmail: 0 })
})
