import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionSender, signUp } from '../helpers/auth.ts'
import { ingestRawMessage } from '../../src/inbox/ingest.ts'
import { sealSecret } from '../../src/secret-box.ts'
import { rawMail } from './mail-fixtures.ts'

const TABLES = ['emails', 'mail_addresses', 'imap_accounts', 'imap_checkpoints', 'gmail_connections']

test('DELETE /me erases the account’s mail, hosted address and mailbox credentials, and nobody else’s', async () => {
  const { call, db, ctx } = createTestApp({
    jobs: [fixtureJob({ publicSlug: 'go-dev', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } })],
    config: { mailDomain: 'mail.test', mailSmtpPort: 0, mailSmtpHost: '127.0.0.1', secretsKey: randomBytes(32).toString('hex') },
  })
  const users = [await signUp(call), await signUp(call)]
  const now = new Date().toISOString()
  for (const user of users) {
    const send = sessionSender(call, user.cookie)
    await send('POST', '/jobs/go-dev/apply')
    await send('POST', '/me/mailbox')
    await send('POST', '/me/emails', { messages: [{ external_id: 'x', subject: 'Pushed' }] })
    await ingestRawMessage(db, user.userId, await rawMail({ from: 'Acme <jobs@acme.example>', to: 'me@example.org', subject: 'Thank you for applying', text: 'We received your application.' }), 'hosted')
    db.prepare('INSERT INTO imap_accounts (user_id, host, port, tls, username, secret_enc, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)').run(user.userId, 'imap.example', 993, 1, 'me', sealSecret(ctx.config, 'app-password', `imap:${user.userId}`), now)
    db.prepare('INSERT INTO imap_checkpoints (user_id, folder, uidvalidity, last_uid) VALUES (?, ?, ?, ?)').run(user.userId, 'INBOX', 1, 7)
    db.prepare('INSERT INTO gmail_connections (user_id, email, token_enc, created_at) VALUES (?, ?, ?, ?)').run(user.userId, 'me@gmail.example', sealSecret(ctx.config, '{"refresh_token":"r"}', `gmail:${user.userId}`), now)
  }
  const count = (table: string, userId: number) => db.prepare(`SELECT count(*) FROM ${table} WHERE user_id = ?`).pluck().get(userId) as number
  const [alice, bob] = users
  for (const table of TABLES) assert.ok(count(table, alice.userId) > 0, table)
  const deleted = await sessionSender(call, alice.cookie)('DELETE', '/me', { email: alice.email })
  assert.equal(deleted.status, 204)
  for (const table of TABLES) {
    assert.equal(count(table, alice.userId), 0, table)
    assert.ok(count(table, bob.userId) > 0, `${table} of another user stays`)
  }
  await ctx.close?.()
})
