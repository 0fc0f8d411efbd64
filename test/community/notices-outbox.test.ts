import { test } from 'node:test'
import assert from 'node:assert/strict'
import { releaseAbandonedClaims } from '../../src/channels/deliveries.ts'
import { startFakeSmtp } from '../mail/fake-smtp.ts'
import { startFakeTelegram } from '../channels/fake-telegram.ts'
import { startFakePushService } from '../channels/fake-push-service.ts'
import { communityApp } from './community-fixture.ts'

// Community notices leave the app through the durable delivery outbox, like digests: a moderator's
// decision on a submission reaches the submitter's chosen channels (mail, Telegram, browser push,
// each against its stand-in), once each, and only the channels the settings list.

const pause = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms))
const posting = { url: 'https://careers.umbrella.example/jobs/77', title: 'Staff Rust Engineer', company: 'Umbrella Labs', location: 'Berlin, Germany', description: 'Storage engines in Rust.' }

test('a moderation outcome reaches every channel the submitter chose, exactly once, through the outbox', async () => {
  const smtp = await startFakeSmtp()
  const telegram = await startFakeTelegram()
  const push = await startFakePushService()
  const app = communityApp({
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    telegramBotToken: telegram.token, telegramApiUrl: telegram.url, telegramPollSeconds: 1,
    webPushAllowHttp: true, webPushAllowPrivateHosts: true, deliveryPollSeconds: 0,
  })
  const { ctx, db, person, moderator } = app
  try {
    const alice = await person()
    const start = /start=(.+)$/.exec((await alice.send('POST', '/me/telegram/link')).body.data.url)![1]
    telegram.userWrites(77, `/start ${start}`)
    while (!(await alice.send('GET', '/me/telegram')).body.data.linked) await pause()
    assert.equal((await alice.send('POST', '/me/web-push', push.subscription('/push/alice'))).status, 204)
    assert.equal((await alice.send('PUT', '/me/notification-settings', { enabled: true, channels: ['email', 'telegram', 'push'] })).status, 200)
    const mod = await moderator()

    const submission = (await alice.send('POST', '/submissions', posting)).body.data
    const smtpBefore = smtp.received.length
    const rejected = await mod.send('POST', `/submissions/${submission.id}/reject`, { reason: 'the posting is closed' })
    assert.equal(rejected.status, 200)
    // The notice and its three outbox rows were written with the decision.
    const notice = db.prepare("SELECT id FROM notifications WHERE user_id = ? AND kind = 'submission_rejected'").get(alice.userId) as { id: number }
    assert.ok(notice)
    assert.deepEqual(db.prepare('SELECT channel FROM channel_deliveries WHERE notification_id = ? ORDER BY channel').pluck().all(notice.id), ['email', 'push', 'telegram'])

    // The decision woke the worker; once it has sent everything, a restart (claims released, a new
    // drain) sends nothing again.
    const unsent = () => db.prepare("SELECT count(*) FROM channel_deliveries WHERE notification_id = ? AND status <> 'sent'").pluck().get(notice.id) as number
    for (let i = 0; i < 300 && unsent() > 0; i++) await pause()
    assert.equal(unsent(), 0)
    releaseAbandonedClaims(db)
    await ctx.deliveries.drain()
    const mails = smtp.received.slice(smtpBefore).filter((mail) => mail.includes('the posting is closed'))
    assert.equal(mails.length, 1, 'one mail')
    assert.match(mails[0]!, /Subject: Your job submission was not accepted/)
    assert.equal(telegram.sent.filter((message) => message.text.includes('the posting is closed')).length, 1, 'one Telegram message')
    assert.equal(push.received.filter((message) => message.payload.title === 'Your job submission was not accepted').length, 1, 'one browser push')
    assert.deepEqual(db.prepare('SELECT channel, status, attempts FROM channel_deliveries WHERE notification_id = ? ORDER BY channel').all(notice.id), ['email', 'push', 'telegram'].map((channel) => ({ channel, status: 'sent', attempts: 1 })))
    const inApp = (await alice.send('GET', '/me/notifications')).body.data
    assert.ok(inApp.some((n: { title: string }) => n.title === 'Your job submission was not accepted'), 'still in the app')

    // Channels left out of the settings get no row; disabled settings keep the notice in the app only.
    assert.equal((await alice.send('PUT', '/me/notification-settings', { enabled: true, channels: ['email'] })).status, 200)
    const second = (await alice.send('POST', '/submissions', { ...posting, url: 'https://careers.umbrella.example/jobs/78' })).body.data
    await mod.send('POST', `/submissions/${second.id}/approve`)
    const live = db.prepare("SELECT id FROM notifications WHERE user_id = ? AND kind = 'submission_approved'").get(alice.userId) as { id: number }
    assert.deepEqual(db.prepare('SELECT channel FROM channel_deliveries WHERE notification_id = ?').pluck().all(live.id), ['email'])
    assert.equal((await alice.send('PUT', '/me/notification-settings', { enabled: false })).status, 200)
    const third = (await alice.send('POST', '/submissions', { ...posting, url: 'https://careers.umbrella.example/jobs/79' })).body.data
    await mod.send('POST', `/submissions/${third.id}/reject`, {})
    const quiet = db.prepare("SELECT id FROM notifications WHERE user_id = ? AND kind = 'submission_rejected' ORDER BY id DESC").get(alice.userId) as { id: number }
    assert.notEqual(quiet.id, notice.id)
    assert.equal(db.prepare('SELECT count(*) FROM channel_deliveries WHERE notification_id = ?').pluck().get(quiet.id), 0)
  } finally {
    await ctx.deliveries.drain()
    await ctx.close?.()
    await Promise.all([smtp.close(), telegram.close(), push.close()])
  }
})
