import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp } from '../helpers/app.ts'
import { createMailer } from '../../src/mail/mailer.ts'
import { listOutbox } from '../../src/mail/outbox.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { createLogger, type Logger } from '../../src/log.ts'
import { startFakeSmtp } from './fake-smtp.ts'


test('without SMTP, mail stays in the outbox as kept', async () => {
  const { call, db } = createTestApp()
  await call('/api/v1/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'k@example.org', password: 'a long enough passphrase' }) })
  const [entry] = listOutbox(db, { recipient: 'k@example.org', limit: 5 })
  assert.equal(entry.status, 'kept')
  assert.equal(entry.subject, 'Your openroles verification code')
  assert.match(entry.bodyText, /\b\d{6}\b/)
})

test('with SMTP_URL, mail is delivered over SMTP and marked sent', async () => {
  const smtp = await startFakeSmtp()
  const { call, db, ctx } = createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'jobs <jobs@example.org>' } })
  await call('/api/v1/auth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 's@example.org', password: 'a long enough passphrase' }) })
  await ctx.mailer.idle()
  await smtp.close()
  assert.equal(smtp.received.length, 1)
  assert.match(smtp.received[0], /To: s@example\.org/)
  assert.match(smtp.received[0], /From: jobs <jobs@example\.org>/)
  const [entry] = listOutbox(db, { recipient: 's@example.org', limit: 5 })
  assert.equal(entry.status, 'sent')
  assert.ok(entry.sentAt)
})

test('a failed delivery is marked failed and logged without the message body', async () => {
  const db = openDatabase(':memory:')
  const lines: string[] = []
  const base = createLogger('silent')
  const log: Logger = { ...base, error: (msg, fields) => lines.push(msg + JSON.stringify(fields)) }
  const mailer = createMailer(defaultConfig(), db, log, () => new Date(), {
    deliver: async () => {
      throw new Error('connection refused')
    },
  })
  mailer.send({ to: 'f@example.org', subject: 'code', text: 'your code is 123456' })
  await mailer.idle()
  const [entry] = listOutbox(db, { limit: 5 })
  assert.equal(entry.status, 'failed')
  assert.equal(lines.length, 1)
  assert.match(lines[0], /connection refused/)
  assert.doesNotMatch(lines[0], /123456/)
})
