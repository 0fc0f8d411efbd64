import { test } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPairSync, sign } from 'node:crypto'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { signUp, sessionSender } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { releaseAbandonedClaims } from '../../src/channels/deliveries.ts'
import { startFakeSmtp } from '../mail/fake-smtp.ts'
import { startFakeTelegram } from './fake-telegram.ts'
import { startFakeDiscord } from './fake-discord.ts'
import { startFakePushService } from './fake-push-service.ts'

const pause = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

test('a digest fans out to every enabled channel exactly once, and account deletion erases the channel rows', async () => {
  const smtp = await startFakeSmtp()
  const telegram = await startFakeTelegram()
  const discord = await startFakeDiscord()
  const push = await startFakePushService()
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const app = createTestApp({
    config: {
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      telegramBotToken: telegram.token, telegramApiUrl: telegram.url, telegramPollSeconds: 1,
      discordBotToken: discord.botToken, discordApiUrl: discord.url,
      discordPublicKey: Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex'),
      webPushAllowHttp: true, webPushAllowPrivateHosts: true, deliveryPollSeconds: 0,
    },
  })
  const { ctx, db, call } = app
  try {
    const alice = await signUp(app.call)
    const send = sessionSender(call, alice.cookie)

    // Link every channel the way a user does.
    const start = /start=(.+)$/.exec((await send('POST', '/me/telegram/link')).body.data.url)![1]
    telegram.userWrites(99, `/start ${start}`)
    while (!(await send('GET', '/me/telegram')).body.data.linked) await pause(10)
    discord.knownUsers.add('4242')
    const { token } = (await send('POST', '/me/discord/link')).body.data
    const raw = JSON.stringify({ type: 2, data: { name: 'link', options: [{ name: 'token', value: token }] }, user: { id: '4242' } })
    const timestamp = String(Math.floor(Date.now() / 1000))
    const signature = sign(null, Buffer.from(timestamp + raw), privateKey).toString('hex')
    await call('/api/v1/discord/interactions', { method: 'POST', body: raw, headers: { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp } })
    assert.equal((await send('GET', '/me/discord')).body.data.linked, true)
    assert.equal((await send('POST', '/me/web-push', push.subscription('/push/browser'))).status, 204)

    const search = (await send('POST', '/me/searches', { name: 'Everywhere', query: 'skills=go' })).body.data
    for (const channel of ['email', 'telegram', 'discord', 'push']) {
      assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel })).status, 201)
    }
    assert.deepEqual((await send('PUT', '/me/notification-settings', { enabled: true, channels: ['email', 'telegram', 'push', 'discord'] })).body.data.channels, ['email', 'telegram', 'push', 'discord'])
    const smtpBefore = smtp.received.length
    const telegramBefore = telegram.sent.length
    await pause()
    upsertJob(db, fixtureJob({ title: 'Go everywhere', publicSlug: 'go-everywhere', skills: [{ slug: 'go', name: 'Go' }] }))
    await pause()
    await runDigests(ctx)
    await runDigests(ctx)
    releaseAbandonedClaims(db)
    await ctx.deliveries.drain()

    assert.equal(smtp.received.slice(smtpBefore).filter((m) => m.includes('Go everywhere')).length, 1, 'one mail')
    assert.equal(telegram.sent.slice(telegramBefore).filter((m) => m.text.includes('Go everywhere')).length, 1, 'one Telegram message')
    assert.equal(discord.messages.filter((m) => m.content.includes('Go everywhere')).length, 1, 'one Discord DM')
    assert.equal(push.received.filter((r) => r.payload.title === '1 new job for “Everywhere”').length, 1, 'one browser push')
    const rows = db.prepare('SELECT channel, status, attempts FROM channel_deliveries ORDER BY channel').all()
    assert.deepEqual(rows, ['discord', 'email', 'push', 'telegram'].map((channel) => ({ channel, status: 'sent', attempts: 1 })))

    assert.equal((await send('DELETE', '/me', { email: alice.email })).status < 300, true)
    for (const table of ['channel_deliveries', 'chat_links', 'web_push_subscriptions']) {
      assert.equal((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n, 0, table)
    }
  } finally {
    await ctx.close?.()
    await Promise.all([smtp.close(), telegram.close(), discord.close(), push.close()])
  }
})
