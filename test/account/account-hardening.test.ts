import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { listOutbox } from '../../src/mail/outbox.ts'
import { createTestApp, inProcessCaller } from '../helpers/app.ts'
import { sessionCookieFrom, signUp, TEST_ORIGIN } from '../helpers/auth.ts'
import { startFakeSmtp } from '../mail/fake-smtp.ts'
import { json, latestCode } from './mail-codes.ts'

/** Account findings of issue 11: throttle races (6), codes at rest (7), existence leaks (8). */
const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, body: json(body) })
const hasCode = (text: string) => /\b\d{6}\b/.test(text)

test('16 concurrent wrong passwords get no more password checks than 16 sequential ones', async () => {
  const { call, ctx } = createTestApp()
  const user = await signUp(call)
  const answers = await Promise.all(Array.from({ length: 16 }, () => call('/api/v1/auth/login', post({ email: user.email, password: 'wrong password guess' }))))
  const checked = answers.filter((answer) => answer.status === 401).length
  const refused = answers.filter((answer) => answer.status === 429).length
  // Sequentially, the free attempts and the one that starts the delay are checked; then 429.
  assert.equal(checked, ctx.config.loginFreeAttempts + 1, `${checked} password checks`)
  assert.equal(refused, 16 - checked)
  assert.ok(answers.filter((answer) => answer.status === 429).every((answer) => Number(answer.headers.get('retry-after')) >= 1))
})

test('a successful sign-in gives its reserved attempt back: successes never lock an account out', async () => {
  const { call } = createTestApp({ config: { loginFreeAttempts: 2 } })
  const user = await signUp(call)
  for (let i = 0; i < 6; i++) assert.equal((await call('/api/v1/auth/login', post({ email: user.email, password: user.password }))).status, 200)
})

test('delivered mail loses its body: the code is not readable in the outbox after SMTP took it', async () => {
  const smtp = await startFakeSmtp()
  const { call, db, ctx } = createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } })
  await call('/api/v1/auth/register', post({ email: 'sent@example.org', password: 'a long enough passphrase' }))
  await ctx.mailer.idle()
  await smtp.close()
  assert.ok(hasCode(smtp.received[0]), 'the code did reach the mailbox')
  const [entry] = listOutbox(db, { recipient: 'sent@example.org', limit: 1 })
  assert.equal(entry.status, 'sent')
  assert.ok(!hasCode(entry.bodyText), entry.bodyText)
})

test('without SMTP, kept mail loses its body after MAIL_KEEP_MINUTES (openroles mail outbox shows it redacted)', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'openroles-outbox-'))
  t.after(() => rmSync(dir, { recursive: true, force: true }))
  const path = join(dir, 'openroles.db')
  return (async () => {
    const db = openDatabase(path)
    const ctx = createContext(defaultConfig(), db)
    const call = inProcessCaller(createApp(ctx))
    await call('/api/v1/auth/register', post({ email: 'kept@example.org', password: 'a long enough passphrase' }))
    assert.ok(hasCode(listOutbox(db, { recipient: 'kept@example.org', limit: 1 })[0].bodyText), 'readable while fresh')
    await ctx.close?.()
    db.close()
    const cli = join(import.meta.dirname, '../../src/cli.ts')
    const run = (keepMinutes: string) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, 'mail', 'outbox'], { env: { ...process.env, OPENROLES_DB: path, MAIL_KEEP_MINUTES: keepMinutes }, encoding: 'utf8' })
    const fresh = run('60')
    assert.equal(fresh.status, 0, fresh.stderr)
    assert.ok(hasCode(fresh.stdout), 'within the keep period the operator can read the code')
    const later = run('0')
    assert.equal(later.status, 0, later.stderr)
    assert.match(later.stdout, /kept@example\.org/)
    assert.ok(!hasCode(later.stdout), later.stdout)
  })()
})

test('a password reset invalidates every outstanding code: an earlier verify code no longer signs in', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const verifyCode = latestCode(db, user.email, /verification code/)
  await call('/api/v1/auth/password/forgot', post({ email: user.email }))
  await ctx.background.idle()
  const resetCode = latestCode(db, user.email, /password reset/)
  assert.equal((await call('/api/v1/auth/password/reset', post({ email: user.email, code: resetCode, new_password: 'brand new passphrase' }))).status, 200)
  const stale = await call('/api/v1/auth/verify/confirm', post({ email: user.email, code: verifyCode }))
  assert.equal(stale.status, 400)
  assert.equal(sessionCookieFrom(stale.headers), null)
})

test('forgot-password answers before it looks the email up: the mail is written after the answer', async () => {
  const { call, db, ctx } = createTestApp()
  const user = await signUp(call)
  const before = listOutbox(db, { recipient: user.email, limit: 10 }).length
  const answer = await call('/api/v1/auth/password/forgot', post({ email: user.email }))
  assert.deepEqual(answer.body, { data: { ok: true } })
  assert.equal(listOutbox(db, { recipient: user.email, limit: 10 }).length, before, 'nothing was done on the request path')
  await ctx.background.idle()
  assert.equal(listOutbox(db, { recipient: user.email, limit: 10 }).length, before + 1)
})
