import { test } from 'node:test'
import assert from 'node:assert/strict'
import { fixtureJob } from '../helpers/app.ts'
import { appWithUser } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { startFakeTelegram } from './fake-telegram.ts'
import { assertUnconfiguredChannel } from './unconfigured.ts'

const pause = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))
/** Waits for the bot's polling loop to have done something; the condition is read from state, never a deadline. */
async function until(condition: () => boolean | Promise<boolean>) {
  while (!(await condition())) await pause(10)
}

const signedIn = (config = {}) => appWithUser({ config: { publicOrigin: 'http://localhost', ...config } })

test('telegram unconfigured: status says so, linking answers 503, session only', async () => {
  await assertUnconfiguredChannel('telegram', 'telegram notifications are not configured')
})

test('telegram: link through /start <token>, digests by sendMessage with job links, unlink; a blocked bot unlinks', async () => {
  const telegram = await startFakeTelegram()
  const { ctx, send, importJob } = await (async () => {
    const app = await signedIn({ telegramBotToken: telegram.token, telegramApiUrl: telegram.url, telegramPollSeconds: 1 })
    return { ...app, importJob: (title: string, slug: string) => upsertJob(app.db, fixtureJob({ title, publicSlug: slug, skills: [{ slug: 'go', name: 'Go' }] })) }
  })()
  try {
    assert.deepEqual((await send('GET', '/me/telegram')).body.data, { enabled: true, linked: false })
    const { url } = (await send('POST', '/me/telegram/link')).body.data
    const match = /^https:\/\/t\.me\/openroles_test_bot\?start=([A-Za-z0-9_-]{1,64})$/.exec(url)
    assert.ok(match, url)

    telegram.userWrites(4242, '/start not-a-real-token')
    telegram.userWrites(4242, `/start ${match[1]}`)
    await until(async () => (await send('GET', '/me/telegram')).body.data.linked)
    assert.deepEqual((await send('GET', '/me/telegram')).body.data, { enabled: true, linked: true, chat_id: 4242 })
    await until(() => telegram.sent.length >= 2)
    assert.match(telegram.sent[0].text, /invalid or has expired/)
    assert.match(telegram.sent[1].text, /Linked/)
    await until(() => telegram.offsets.some((offset) => offset >= 3))

    const search = (await send('POST', '/me/searches', { name: 'Go <jobs>', query: 'skills=go' })).body.data
    await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'telegram' })
    await send('PUT', '/me/notification-settings', { channels: ['telegram'] })
    await pause()
    importJob('Go & Rust dev', 'go-rust-dev')
    await pause()
    await runDigests(ctx)
    const digest = telegram.sent.at(-1)
    assert.equal(digest.chat_id, 4242)
    assert.equal(digest.parse_mode, 'HTML')
    assert.match(digest.text, /^<b>1 new job for “Go &lt;jobs&gt;”<\/b>/)
    assert.match(digest.text, /<a href="http:\/\/localhost\/jobs\/go-rust-dev">Go &amp; Rust dev<\/a> at Acme/)
    const sentCount = telegram.sent.length
    await runDigests(ctx)
    assert.equal(telegram.sent.length, sentCount, 'nothing new, nothing sent')

    // The user blocks the bot: the next digest fails for good and the dead link goes.
    telegram.blockedChats.add(4242)
    await pause()
    importJob('Go again', 'go-again')
    await pause()
    await runDigests(ctx)
    const row = ctx.db.prepare("SELECT status, last_error FROM channel_deliveries WHERE channel = 'telegram' ORDER BY id DESC LIMIT 1").get() as any
    assert.equal(row.status, 'failed')
    assert.match(row.last_error, /403/)
    assert.deepEqual((await send('GET', '/me/telegram')).body.data, { enabled: true, linked: false })

    telegram.blockedChats.clear()
    const again = /start=(.+)$/.exec((await send('POST', '/me/telegram/link')).body.data.url)![1]
    telegram.userWrites(4242, `/start ${again}`)
    await until(async () => (await send('GET', '/me/telegram')).body.data.linked)
    assert.equal((await send('DELETE', '/me/telegram')).status, 204)
    assert.equal((await send('DELETE', '/me/telegram')).status, 204)
    assert.deepEqual((await send('GET', '/me/telegram')).body.data, { enabled: true, linked: false })
  } finally {
    await ctx.close?.()
    await telegram.close()
  }
})
