import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import nodemailer from 'nodemailer'
import { createTestApp } from '../helpers/app.ts'
import { sessionHeaders, sessionSender, signUp } from '../helpers/auth.ts'
import { startDovecot, type Dovecot } from '../helpers/dovecot.ts'

// Mail the parser's limits refuse (a header block of thousands of fields, MIME parts nested
// thousands deep) is still mail: it is kept with what its top-level headers say, so one such
// message neither blocks an IMAP sync (a 500, then the same 500 on every sync) nor is answered
// "try again later" by the hosted mailbox.
const manyHeaders = () => ['From: Acme Talent <talent@acme.example>', 'Subject: Many headers', 'Message-ID: <many@acme.example>', ...Array.from({ length: 20_000 }, (_, i) => `X-Trace-${i}: y`), '', 'Thank you for applying.', ''].join('\r\n')
const deepNesting = () =>
  ['From: talent@acme.example', 'Subject: Deep nesting', 'Message-ID: <deep@acme.example>', 'Content-Type: multipart/mixed; boundary=a', '', ...Array.from({ length: 2_000 }, () => '--a\r\nContent-Type: multipart/mixed; boundary=a\r\n'), ''].join('\r\n')
const plain = (n: number) => [`From: talent@acme.example`, `Subject: Plain ${n}`, `Message-ID: <plain-${n}@acme.example>`, '', 'Hello.', ''].join('\r\n')

let dovecot: Dovecot
before(async () => {
  dovecot = await startDovecot()
})
after(async () => {
  await dovecot?.stop()
})

async function subjects(call: ReturnType<typeof createTestApp>['call'], cookie: string) {
  const inbox = await call('/api/v1/me/inbox?include_other=true&limit=100', { headers: sessionHeaders(cookie) })
  assert.equal(inbox.status, 200)
  return (inbox.body.data as { subject: string; from_addr: string }[]).map((m) => `${m.subject} <${m.from_addr}>`).sort()
}

test('IMAP sync keeps a message the MIME parser refuses and goes on to the next one', async () => {
  const secretsKey = randomBytes(32).toString('hex')
  const { call, ctx } = createTestApp({ config: { secretsKey, imapAllowPrivateHosts: true } })
  const ada = await signUp(call)
  const send = sessionSender(call, ada.cookie)
  await dovecot.setUser('parse@mail.test', 'pw-parse-1')
  const mailer = await dovecot.client('parse@mail.test', 'pw-parse-1')
  try {
    const put = await send('PUT', '/me/imap', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'parse@mail.test', password: 'pw-parse-1' })
    assert.equal(put.status, 200, JSON.stringify(put.body))
    await ctx.background.idle() // the first sync, run in the background on connecting
    for (const raw of [plain(1), manyHeaders(), deepNesting(), plain(2)]) await mailer.append('INBOX', Buffer.from(raw))
    const sync = await send('POST', '/me/imap/sync')
    assert.equal(sync.status, 200, JSON.stringify(sync.body))
    assert.deepEqual(await subjects(call, ada.cookie), ['Deep nesting <talent@acme.example>', 'Many headers <talent@acme.example>', 'Plain 1 <talent@acme.example>', 'Plain 2 <talent@acme.example>'])
    assert.equal((await send('POST', '/me/imap/sync')).status, 200)
  } finally {
    await mailer.logout()
  }
})

test('the hosted mailbox accepts a message the MIME parser refuses instead of a temporary failure', async (t) => {
  const { call, ctx } = createTestApp({ config: { mailDomain: 'mail.test', mailSmtpPort: 0, mailSmtpHost: '127.0.0.1' } })
  t.after(() => ctx.close?.())
  const port = await ctx.hostedMail!.ready
  const smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  const user = await signUp(call)
  const address = (await call('/api/v1/me/mailbox', { method: 'POST', headers: sessionHeaders(user.cookie) })).body.data.address
  for (const raw of [manyHeaders(), deepNesting()]) {
    const info = await smtp.sendMail({ envelope: { from: 'talent@acme.example', to: [address] }, raw })
    assert.deepEqual(info.accepted, [address])
  }
  assert.deepEqual(await subjects(call, user.cookie), ['Deep nesting <talent@acme.example>', 'Many headers <talent@acme.example>'])
})
