import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import type { ImapFlow } from 'imapflow'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { startDovecot, type Dovecot } from '../helpers/dovecot.ts'

/**
 * GET/PUT/DELETE /me/imap and POST /me/imap/sync against a real Dovecot: messages put in the
 * mailbox arrive in GET /me/inbox, only new ones on the next sync, a copy (same Message-ID) never
 * twice, and a recreated folder (new UIDVALIDITY) is read again without duplicating anything.
 */
const SECRETS_KEY = randomBytes(32).toString('hex')
const PASSWORD = 'imap-app-password-7f3a'

let dovecot: Dovecot
let mailer: ImapFlow
before(async () => {
  dovecot = await startDovecot()
  await dovecot.setUser('ada@mail.test', PASSWORD)
  mailer = await dovecot.client('ada@mail.test', PASSWORD)
  await mailer.mailboxCreate('Jobs')
})
after(async () => {
  await mailer?.logout()
  await dovecot?.stop()
})

const message = (n: number, subject = `Your application ${n}`) =>
  [
    'From: Acme Talent <talent@acme.example>',
    'To: ada@mail.test',
    `Subject: ${subject}`,
    `Message-ID: <imap-${n}@acme.example>`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    `Thank you for applying (message ${n}).`,
    '',
  ].join('\r\n')

function imapApp(config = {}) {
  return createTestApp({ config: { secretsKey: SECRETS_KEY, imapAllowPrivateHosts: true, ...config } })
}

const json = (headers: Record<string, string>, method: string, body?: unknown): RequestInit => ({ method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })

async function inboxSubjects(call: ReturnType<typeof createTestApp>['call'], headers: Record<string, string>): Promise<string[]> {
  const response = await call('/api/v1/me/inbox?include_other=true&limit=100', { headers })
  assert.equal(response.status, 200, JSON.stringify(response.body))
  return (response.body.data as { subject: string; source: string }[]).map((item) => `${item.source}:${item.subject}`).sort()
}

test('the IMAP routes need credentials', async () => {
  const { call } = imapApp()
  for (const [method, path] of [['GET', '/me/imap'], ['PUT', '/me/imap'], ['DELETE', '/me/imap'], ['POST', '/me/imap/sync']] as const) {
    const response = await call(`/api/v1${path}`, { method, headers: { 'content-type': 'application/json' }, ...(method === 'PUT' ? { body: '{}' } : {}) })
    assert.equal(response.status, 401, `${method} ${path}`)
  }
})

test('without SECRETS_KEY IMAP is unavailable and nothing is stored', async () => {
  const { call, db } = createTestApp({ config: { imapAllowPrivateHosts: true } })
  const ada = await signUp(call)
  const status = await call('/api/v1/me/imap', { headers: sessionHeaders(ada.cookie) })
  assert.deepEqual(status.body, { data: { connected: false, available: false } })
  const put = await call('/api/v1/me/imap', json(sessionHeaders(ada.cookie), 'PUT', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'ada@mail.test', password: PASSWORD }))
  assert.equal(put.status, 503)
  assert.match(put.body.error, /SECRETS_KEY/)
  assert.equal(db.prepare('SELECT COUNT(*) FROM imap_accounts').pluck().get(), 0)
})

test('bad input, private hosts, wrong passwords and missing folders are refused and store nothing', async () => {
  const { call, db } = imapApp()
  const ada = await signUp(call)
  const put = (body: unknown) => call('/api/v1/me/imap', json(sessionHeaders(ada.cookie), 'PUT', body))
  const good = { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'ada@mail.test', password: PASSWORD }
  for (const [body, field] of [
    [{ ...good, host: 'mail server.example' }, /host/],
    [{ ...good, port: 70000 }, /port/],
    [{ ...good, folders: [] }, /folders/],
    [{ ...good, folders: ['INBOX', 'INBOX'] }, /folders/],
    [{ ...good, username: '' }, /username/],
  ] as const) {
    const response = await put(body)
    assert.equal(response.status, 400, JSON.stringify(body))
    assert.match(response.body.error, field)
    assert.doesNotMatch(JSON.stringify(response.body), new RegExp(PASSWORD))
  }
  const noPassword = await put({ ...good, password: undefined })
  assert.equal(noPassword.status, 400)
  assert.match(noPassword.body.error, /password is required/)
  const wrong = await put({ ...good, password: 'not-the-password' })
  assert.equal(wrong.status, 422)
  assert.equal(wrong.body.error, 'the IMAP server refused the user name or password')
  const missing = await put({ ...good, folders: ['INBOX', 'No Such Folder'] })
  assert.equal(missing.status, 422)
  assert.match(missing.body.error, /folder/)
  assert.equal(db.prepare('SELECT COUNT(*) FROM imap_accounts').pluck().get(), 0)

  // Off by default: loopback and private addresses, by literal or by name, are never connected to.
  const strict = createTestApp({ config: { secretsKey: SECRETS_KEY } })
  const bob = await signUp(strict.call)
  for (const host of ['127.0.0.1', 'localhost', '10.1.2.3', '[::1]', '::ffff:7f00:1', '169.254.169.254', 'mail.internal']) {
    const response = await strict.call('/api/v1/me/imap', json(sessionHeaders(bob.cookie), 'PUT', { ...good, host }))
    assert.equal(response.status, 400, host)
    assert.match(response.body.error, /private or loopback/)
  }
  assert.equal(strict.db.prepare('SELECT COUNT(*) FROM imap_accounts').pluck().get(), 0)
})

test('connect, sync incrementally, dedupe on Message-ID, survive a UIDVALIDITY change, disconnect', async () => {
  const { call, db, ctx } = imapApp()
  const ada = await signUp(call)
  const key = await createApiKey(call, ada.cookie)
  const headers = bearerHeaders(key)
  await mailer.append('INBOX', message(1))
  await mailer.append('Jobs', message(2))

  const put = await call('/api/v1/me/imap', json(sessionHeaders(ada.cookie), 'PUT', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'ada@mail.test', password: PASSWORD, folders: ['INBOX', 'Jobs'] }))
  assert.equal(put.status, 200, JSON.stringify(put.body))
  assert.deepEqual({ ...put.body.data, connected_at: 'x' }, {
    connected: true,
    available: true,
    host: '127.0.0.1',
    port: dovecot.port,
    tls: false,
    username: 'ada@mail.test',
    folders: ['INBOX', 'Jobs'],
    connected_at: 'x',
    last_sync_at: null,
    last_error: null,
  })
  // The password is sealed at rest and never answered.
  const sealed = db.prepare('SELECT secret_enc FROM imap_accounts').pluck().get() as Buffer
  assert.equal(sealed.includes(Buffer.from(PASSWORD)), false)
  // The first sync runs in the background right after connecting.
  await ctx.background.idle()
  assert.deepEqual(await inboxSubjects(call, headers), ['imap:Your application 1', 'imap:Your application 2'])
  const status = await call('/api/v1/me/imap', { headers })
  assert.equal(typeof status.body.data.last_sync_at, 'string')
  assert.doesNotMatch(JSON.stringify(status.body), new RegExp(PASSWORD))

  await mailer.append('INBOX', message(3))
  const second = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.equal(second.status, 200, JSON.stringify(second.body))
  assert.equal(second.body.data.fetched, 1)
  assert.equal(second.body.data.stored, 1)
  assert.deepEqual(second.body.data.folders, [
    { folder: 'INBOX', fetched: 1, skipped: 0, reset: false },
    { folder: 'Jobs', fetched: 0, skipped: 0, reset: false },
  ])
  assert.deepEqual(await inboxSubjects(call, headers), ['imap:Your application 1', 'imap:Your application 2', 'imap:Your application 3'])

  // A copy of a message already stored (filed into another folder) is read but not stored again.
  await mailer.append('Jobs', message(3))
  const copy = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.deepEqual([copy.body.data.fetched, copy.body.data.stored], [1, 0])
  const idle = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.deepEqual([idle.body.data.fetched, idle.body.data.stored], [0, 0])

  // The folder is recreated: new UIDVALIDITY, so it is read from the start; only the new message is new.
  await mailer.mailboxDelete('Jobs')
  await mailer.mailboxCreate('Jobs')
  await mailer.append('Jobs', message(2))
  await mailer.append('Jobs', message(4))
  const reset = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.deepEqual(reset.body.data.folders[1], { folder: 'Jobs', fetched: 2, skipped: 0, reset: true })
  assert.equal(reset.body.data.stored, 1)
  assert.equal((await inboxSubjects(call, headers)).length, 4)

  // Changing folders keeps the password; another user name needs one.
  const narrow = await call('/api/v1/me/imap', json(headers, 'PUT', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'ada@mail.test', folders: ['INBOX'] }))
  assert.equal(narrow.status, 200, JSON.stringify(narrow.body))
  assert.deepEqual(narrow.body.data.folders, ['INBOX'])
  await ctx.background.idle()
  assert.deepEqual(db.prepare('SELECT folder FROM imap_checkpoints').pluck().all(), ['INBOX'])
  const other = await call('/api/v1/me/imap', json(headers, 'PUT', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'someone@mail.test', folders: ['INBOX'] }))
  assert.equal(other.status, 400)

  const deleted = await call('/api/v1/me/imap', json(headers, 'DELETE'))
  assert.deepEqual(deleted.body, { data: { connected: false, available: true } })
  assert.equal(db.prepare('SELECT COUNT(*) FROM imap_checkpoints').pluck().get(), 0)
  assert.deepEqual(await inboxSubjects(call, headers), [])
  const unsynced = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.equal(unsynced.status, 400)
  assert.equal(unsynced.body.error, 'IMAP is not connected')
})

test('a password changed at the server, or a sealed one that cannot be opened, shows as the last error; DELETE /me erases the credentials', async () => {
  const { call, db, ctx } = imapApp()
  await dovecot.setUser('grace@mail.test', 'first-password')
  const grace = await signUp(call)
  const headers = sessionHeaders(grace.cookie)
  const put = await call('/api/v1/me/imap', json(headers, 'PUT', { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'grace@mail.test', password: 'first-password' }))
  assert.equal(put.status, 200)
  // The first sync runs in the background after connecting; a sync asked for meanwhile would be a 409.
  await ctx.background.idle()
  await dovecot.setUser('grace@mail.test', 'second-password')
  const refused = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.equal(refused.status, 422)
  assert.equal((await call('/api/v1/me/imap', { headers })).body.data.last_error, 'the IMAP server refused the user name or password')

  db.prepare("UPDATE imap_accounts SET secret_enc = ? WHERE username = 'grace@mail.test'").run(Buffer.from('tampered'))
  const sync = await call('/api/v1/me/imap/sync', json(headers, 'POST'))
  assert.equal(sync.status, 503)
  assert.match((await call('/api/v1/me/imap', { headers })).body.data.last_error, /cannot be opened/)

  const erase = await call('/api/v1/me', json(headers, 'DELETE', { email: grace.email }))
  assert.equal(erase.status, 204, JSON.stringify(erase.body))
  assert.equal(db.prepare('SELECT COUNT(*) FROM imap_accounts').pluck().get(), 0)
})
