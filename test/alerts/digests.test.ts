import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { signUp, sessionSender } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { importRecords } from '../../src/ingest/import.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { activeSubscriptionsDue, advanceDigestCursor } from '../../src/channels/subscriptions.ts'
import type { JobRecord } from '../../src/catalogue/job-record.ts'
import type { Config } from '../../src/config.ts'
import { fakeGateway } from '../channels/fake-push-gateway.ts'
import { listOutbox } from '../../src/mail/outbox.ts'

const remoteGo = (title: string, overrides: Partial<JobRecord> = {}) =>
  fixtureJob({ title, workMode: 'remote', skills: [{ slug: 'go', name: 'Go' }], ...overrides })

async function subscribed(query: string, config: Partial<Config> = {}, channel = 'email') {
  const app = createTestApp({ jobs: [remoteGo('Old Go role', { createdAt: '2026-01-01T00:00:00.000Z' })], config })
  const alice = await signUp(app.call)
  const send = sessionSender(app.call, alice.cookie)
  const search = (await send('POST', '/me/searches', { name: 'Remote Go', query })).body.data
  const subscription = (await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel })).body.data
  /** Writes postings as an import does: one transaction, created_at stamped now. */
  const importJobs = (jobs: JobRecord[]) => app.db.transaction(() => jobs.forEach((job) => upsertJob(app.db, job)))()
  return { ...app, alice, send, subscription, importJobs }
}

/** Lets the clock move past the last write, so created_at and the digest windows never share a millisecond. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5))
const digestNow = async (ctx: Parameters<typeof runDigests>[0]) => {
  await tick()
  return runDigests(ctx)
}

test('a digest notification appears after new matching postings are imported, once', async () => {
  const { ctx, send } = await subscribed('skills=go&work_mode=remote')
  assert.deepEqual(await digestNow(ctx), { subscriptions: 1, notifications: 0, pushed: 0, mailed: 0 })
  assert.equal((await send('GET', '/me/notifications')).body.meta.total, 0)

  await tick()
  // Through the importer, as `openroles import` writes them.
  const imported = importRecords(ctx.db, [
    { title: 'Go Engineer', company: 'Globex', work_mode: 'remote', skills: ['go'], description: 'Write Go services.' },
    { title: 'Platform Engineer (Go)', company: 'Acme', work_mode: 'remote', skills: ['go'], description: 'Run the Go platform.' },
    { title: 'Onsite Go Engineer', company: 'Acme', work_mode: 'onsite', skills: ['go'], description: 'Go in the office.' },
    { title: 'Java Engineer', company: 'Acme', work_mode: 'remote', skills: ['java'], description: 'Java services.' },
  ].map((value, i) => ({ at: `line ${i + 1}`, value })))
  assert.equal(imported.inserted, 4)
  const summary = await digestNow(ctx)
  assert.deepEqual(summary, { subscriptions: 1, notifications: 1, pushed: 0, mailed: 1 })

  const list = await send('GET', '/me/notifications')
  assert.equal(list.status, 200)
  assert.deepEqual(list.body.meta, { total: 1, unread_count: 1, limit: 20, offset: 0 })
  const [digest] = list.body.data
  assert.equal(digest.kind, 'subscription_digest')
  assert.equal(digest.title, '2 new jobs for “Remote Go”')
  assert.match(digest.body, /Go Engineer at Globex/)
  assert.match(digest.body, /Platform Engineer \(Go\) at Acme/)
  assert.equal(digest.public_slug, null)
  assert.deepEqual(digest.jobs.map((job: any) => job.title).sort(), ['Go Engineer', 'Platform Engineer (Go)'])
  assert.equal(typeof digest.jobs[0].public_slug, 'string')
  assert.equal(digest.read_at, null)

  // The window moved on: nothing new, no second notification.
  await digestNow(ctx)
  assert.equal((await send('GET', '/me/notifications')).body.meta.total, 1)
  const subscriptions = await send('GET', '/me/subscriptions')
  assert.equal(typeof subscriptions.body.data[0].last_digest_at, 'string')
})

test('paused subscriptions get no digest, and resuming does not replay the pause', async () => {
  const { ctx, send, subscription, importJobs } = await subscribed('skills=go')
  await send('PATCH', `/me/subscriptions/${subscription.id}`, { active: false })
  await tick()
  importJobs([remoteGo('Go while paused')])
  assert.deepEqual(await digestNow(ctx), { subscriptions: 0, notifications: 0, pushed: 0, mailed: 0 })
  await send('PATCH', `/me/subscriptions/${subscription.id}`, { active: true })
  await digestNow(ctx)
  assert.equal((await send('GET', '/me/notifications')).body.meta.total, 0)

  await tick()
  importJobs([remoteGo('Go after resume')])
  await digestNow(ctx)
  const list = await send('GET', '/me/notifications')
  assert.equal(list.body.meta.total, 1)
  assert.equal(list.body.data[0].title, '1 new job for “Remote Go”')
  assert.equal(list.body.data[0].public_slug, list.body.data[0].jobs[0].public_slug)
})

test('dismissed postings and turned-off in-app digests produce no notification', async () => {
  const { ctx, send, importJobs } = await subscribed('skills=go')
  await send('PUT', '/me/notification-settings', { digest_in_app: false })
  await tick()
  importJobs([remoteGo('Go one')])
  assert.equal((await digestNow(ctx)).notifications, 0)
  assert.equal((await send('GET', '/me/notifications')).body.meta.total, 0)

  await send('PUT', '/me/notification-settings', { digest_in_app: true })
  await tick()
  importJobs([remoteGo('Go two', { publicSlug: 'go-two' })])
  assert.equal((await send('POST', '/jobs/go-two/dismiss')).status, 200)
  importJobs([remoteGo('Go three')])
  assert.equal((await digestNow(ctx)).notifications, 1)
  const [digest] = (await send('GET', '/me/notifications')).body.data
  assert.deepEqual(digest.jobs.map((job: any) => job.title), ['Go three'])
})

test('digests are pushed to the devices of users who keep push on', async () => {
  const gateway = await fakeGateway()
  try {
    const { ctx, send, importJobs } = await subscribed('skills=go', { pushGatewayUrl: gateway.url }, 'push')
    assert.equal((await send('POST', '/me/push-tokens', { token: 'phone-1', platform: 'ios' })).status, 204)
    await tick()
    importJobs([remoteGo('Go pushed')])
    assert.deepEqual(await digestNow(ctx), { subscriptions: 1, notifications: 1, pushed: 1, mailed: 0 })
    assert.equal(gateway.received.length, 1)
    assert.equal(gateway.received[0].messages[0].token, 'phone-1')
    assert.equal(gateway.received[0].messages[0].title, '1 new job for “Remote Go”')

    await send('PUT', '/me/notification-settings', { channels: ['email'] })
    await tick()
    importJobs([remoteGo('Go not pushed')])
    assert.deepEqual(await digestNow(ctx), { subscriptions: 1, notifications: 1, pushed: 0, mailed: 0 })
    assert.equal(gateway.received.length, 1)
  } finally {
    await gateway.close()
  }
})

test('a digest window is claimed once: a run holding a stale cursor writes nothing', async () => {
  const { ctx } = await subscribed('skills=go')
  await tick()
  const [due] = activeSubscriptionsDue(ctx.db, new Date().toISOString())
  assert.ok(due)
  const runAt = new Date().toISOString()
  assert.equal(advanceDigestCursor(ctx.db, due.id, due.cursorAt, runAt, false), true)
  assert.equal(advanceDigestCursor(ctx.db, due.id, due.cursorAt, runAt, true), false)
  assert.deepEqual(activeSubscriptionsDue(ctx.db, runAt), [])
})

test('an email subscription mails the digest while enabled; telegram stays in the app (no bot here)', async () => {
  const { ctx, send, importJobs, alice, subscription } = await subscribed('skills=go')
  assert.equal(subscription.channel, 'email')
  const search = subscription.saved_search_id
  assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: search, channel: 'telegram' })).status, 201)
  await tick()
  importJobs([remoteGo('Go mailed', { publicSlug: 'go-mailed' })])
  assert.deepEqual(await digestNow(ctx), { subscriptions: 2, notifications: 2, pushed: 0, mailed: 1 })
  const mail = listOutbox(ctx.db, { recipient: alice.email, limit: 10 }).find((entry) => entry.subject.includes('Remote Go'))
  assert.ok(mail, 'the digest is in the outbox')
  assert.match(mail.bodyText, /Go mailed at Acme: http:\/\/127.0.0.1:8080\/jobs\/go-mailed/)
  await send('PUT', '/me/notification-settings', { enabled: false })
  await tick()
  importJobs([remoteGo('Go quiet')])
  assert.deepEqual(await digestNow(ctx), { subscriptions: 2, notifications: 2, pushed: 0, mailed: 0 })
})
