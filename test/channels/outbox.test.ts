import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../../src/app.ts'
import { createContext } from '../../src/services.ts'
import { defaultConfig, type Config } from '../../src/config.ts'
import { openDatabase } from '../../src/db/connection.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { createNotification } from '../../src/channels/notifications.ts'
import { claimDueDelivery, deliveriesOf, enqueueDeliveries } from '../../src/channels/deliveries.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { createTestApp, fixtureJob, inProcessCaller } from '../helpers/app.ts'
import { signUp, sessionSender } from '../helpers/auth.ts'
import { startFakeSmtp } from '../mail/fake-smtp.ts'

/** An app on a database file, so a second one can open the same file as a restarted process would. */
function appOnFile(path: string, config: Partial<Config>) {
  const db = openDatabase(path)
  const ctx = createContext(defaultConfig({ deliveryPollSeconds: 0, ...config }), db)
  return { ctx, db, call: inProcessCaller(createApp(ctx)) }
}

test('a delivery claimed by a process that died is sent exactly once after the restart', async () => {
  const smtp = await startFakeSmtp()
  const dir = mkdtempSync(join(tmpdir(), 'openroles-outbox-'))
  try {
    const first = appOnFile(join(dir, 'db.sqlite'), { smtpUrl: `smtp://127.0.0.1:${smtp.port}` })
    const alice = await signUp(first.call)
    const sentBefore = smtp.received.length
    const now = first.ctx.now().toISOString()
    const notification = createNotification(first.db, { userId: alice.userId, kind: 'subscription_digest', title: '1 new job for “Go”', body: 'Go dev at Acme.' }, now)
    assert.equal(enqueueDeliveries(first.db, notification, alice.userId, ['email', 'email'], now), 1, 'one row per channel')
    // The dying worker's claim: the row is taken, then the process is gone before it sends.
    const claimed = claimDueDelivery(first.db, now)
    assert.equal(claimed?.status, 'sending')
    await first.ctx.mailer.idle()
    await first.ctx.close?.()
    first.db.close()

    const second = appOnFile(join(dir, 'db.sqlite'), { smtpUrl: `smtp://127.0.0.1:${smtp.port}` })
    assert.equal(deliveriesOf(second.db, notification)[0]!.status, 'pending', 'released on start')
    assert.equal(await second.ctx.deliveries.drain(), 1)
    assert.equal(await second.ctx.deliveries.drain(), 0)
    const [row] = deliveriesOf(second.db, notification)
    assert.equal(row!.status, 'sent')
    assert.equal(row!.attempts, 2)
    const digests = smtp.received.slice(sentBefore).filter((raw) => raw.includes('Go dev at Acme'))
    assert.equal(digests.length, 1)
    await second.ctx.close?.()
    second.db.close()
  } finally {
    await smtp.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test('failed attempts back off exponentially and end in a final failure state', async () => {
  // Nothing listens on port 9 of this machine: every SMTP attempt fails.
  const app = createTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9', deliveryMaxAttempts: 3, deliveryBackoffSeconds: 60, deliveryPollSeconds: 0 } })
  const alice = await signUp(app.call)
  let clock = Date.parse('2030-01-01T00:00:00.000Z')
  app.ctx.now = () => new Date(clock)
  const id = createNotification(app.db, { userId: alice.userId, kind: 'subscription_digest', title: 'Digest', body: 'Body.' }, app.ctx.now().toISOString())
  enqueueDeliveries(app.db, id, alice.userId, ['email'], app.ctx.now().toISOString())

  assert.equal(await app.ctx.deliveries.drain(), 1)
  let [row] = deliveriesOf(app.db, id)
  assert.equal(row!.status, 'pending')
  assert.equal(row!.next_attempt_at, '2030-01-01T00:01:00.000Z', 'first wait: the back-off')
  assert.ok(row!.last_error)
  assert.equal(await app.ctx.deliveries.drain(), 0, 'not due yet')

  clock = Date.parse(row!.next_attempt_at)
  assert.equal(await app.ctx.deliveries.drain(), 1)
  ;[row] = deliveriesOf(app.db, id)
  assert.equal(row!.next_attempt_at, '2030-01-01T00:03:00.000Z', 'second wait doubles')

  clock = Date.parse(row!.next_attempt_at)
  assert.equal(await app.ctx.deliveries.drain(), 1)
  ;[row] = deliveriesOf(app.db, id)
  assert.equal(row!.status, 'failed')
  assert.equal(row!.attempts, 3)
  clock += 86_400_000
  assert.equal(await app.ctx.deliveries.drain(), 0, 'a failed row is never tried again')
})

test('a digest mail carries a List-Unsubscribe header and a link that works without signing in', async () => {
  const smtp = await startFakeSmtp()
  try {
    const app = createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicOrigin: 'http://localhost' } })
    const alice = await signUp(app.call)
    const send = sessionSender(app.call, alice.cookie)
    const search = (await send('POST', '/me/searches', { name: 'Go', query: 'skills=go' })).body.data
    const subscription = (await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'email' })).body.data
    await new Promise((resolve) => setTimeout(resolve, 5))
    upsertJob(app.db, fixtureJob({ title: 'Go mailer', publicSlug: 'go-mailer', skills: [{ slug: 'go', name: 'Go' }] }))
    await new Promise((resolve) => setTimeout(resolve, 5))
    assert.equal((await runDigests(app.ctx)).mailed, 1)

    const raw = smtp.received.find((message) => message.includes('Go mailer'))
    assert.ok(raw, 'the digest reached the SMTP server')
    const unfolded = raw.replace(/\n[ \t]+/g, ' ')
    const header = /^List-Unsubscribe: <(http:\/\/localhost\/api\/v1\/unsubscribe\?token=[^>]+)>/m.exec(unfolded)
    assert.ok(header, 'List-Unsubscribe names the link')
    assert.match(unfolded, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    assert.match(unfolded, /http:\/\/localhost\/jobs\/go-mailer/)
    const link = new URL(header[1]!)

    assert.equal((await app.call(`${link.pathname}?token=${link.searchParams.get('token')}x`)).status, 400)
    const done = await app.call(`${link.pathname}${link.search}`)
    assert.equal(done.status, 200)
    assert.deepEqual(done.body.data, { unsubscribed: true, subscription_id: subscription.id })
    assert.equal((await send('GET', '/me/subscriptions')).body.data.find((item: any) => item.id === subscription.id).active, false)
    // One-click POST from a mail client, repeated: still fine, still paused.
    assert.equal((await app.call(`${link.pathname}${link.search}`, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status, 200)
    assert.equal((await send('GET', '/me/subscriptions')).body.data.find((item: any) => item.id === subscription.id).active, false)
  } finally {
    await smtp.close()
  }
})
