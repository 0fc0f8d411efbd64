import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { startDovecot, type Dovecot } from '../helpers/dovecot.ts'
import { openImap } from '../../src/mailsync/imap-client.ts'
import { fetchNewMail, type FolderCheckpoint } from '../../src/mailsync/imap-fetch.ts'

let dovecot: Dovecot
before(async () => {
  dovecot = await startDovecot()
  await dovecot.setUser('ada', 'app-pass')
})
after(() => dovecot?.stop())

const raw = (n: number) => `From: Recruiter <jobs@acme.example>\r\nTo: ada@example.org\r\nSubject: Message ${n}\r\nMessage-ID: <m${n}@acme.example>\r\nDate: Mon, 23 Nov 2026 10:00:00 +0000\r\n\r\nBody ${n}\r\n`

test('reads only new messages, and a recreated folder again from the start', async () => {
  const mailer = await dovecot.client('ada', 'app-pass')
  await mailer.mailboxCreate('Jobs')
  await mailer.append('Jobs', raw(1))
  await mailer.append('Jobs', raw(2))
  const checkpoints = new Map<string, FolderCheckpoint>()
  const delivered: string[] = []
  const store = {
    checkpoint: (folder: string) => checkpoints.get(folder) ?? null,
    saveCheckpoint: (folder: string, cp: FolderCheckpoint) => void checkpoints.set(folder, cp),
    deliver: (message: Buffer) => void delivered.push(/Subject: (.*)\r/.exec(message.toString())![1]!),
  }
  const options = { maxMessages: 100, maxMessageBytes: 1 << 20, firstSyncSince: null }
  const login = { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'ada', password: 'app-pass' }
  const sync = async () => {
    const client = await openImap(login, { allowPrivateHosts: true, timeoutMs: 5000, maxMessageBytes: 1 << 20 })
    try {
      return await fetchNewMail(client, ['INBOX', 'Jobs'], store, options)
    } finally {
      await client.logout()
    }
  }
  const first = await sync()
  assert.deepEqual(delivered, ['Message 1', 'Message 2'])
  assert.deepEqual(first.map((r) => [r.folder, r.fetched, r.reset]), [['INBOX', 0, false], ['Jobs', 2, false]])
  await mailer.append('Jobs', raw(3))
  await sync()
  assert.deepEqual(delivered, ['Message 1', 'Message 2', 'Message 3'])
  const before = checkpoints.get('Jobs')!
  await mailer.mailboxDelete('Jobs')
  await mailer.mailboxCreate('Jobs')
  await mailer.append('Jobs', raw(4))
  const third = await sync()
  assert.notEqual(checkpoints.get('Jobs')!.uidvalidity, before.uidvalidity)
  assert.deepEqual(third[1], { folder: 'Jobs', fetched: 1, skipped: 0, reset: true })
  assert.deepEqual(delivered.at(-1), 'Message 4')
  await mailer.logout()
})
