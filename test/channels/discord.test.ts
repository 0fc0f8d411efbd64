import { test } from 'node:test'
import assert from 'node:assert/strict'
import { generateKeyPairSync, sign } from 'node:crypto'
import { fixtureJob } from '../helpers/app.ts'
import { appWithUser } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { startFakeDiscord } from './fake-discord.ts'
import { assertUnconfiguredChannel } from './unconfigured.ts'

const pause = () => new Promise((resolve) => setTimeout(resolve, 5))

/** Discord's side of the interactions endpoint: the application's key pair signs timestamp + body. */
const { publicKey, privateKey } = generateKeyPairSync('ed25519')
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex')
function signed(body: unknown, key = privateKey) {
  const raw = JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const signature = sign(null, Buffer.from(timestamp + raw), key).toString('hex')
  return { method: 'POST', body: raw, headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp } }
}
const linkCommand = (userId: string, token: string) => ({ type: 2, data: { name: 'link', options: [{ name: 'token', type: 3, value: token }] }, member: { user: { id: userId } } })

const signedIn = (config = {}) => appWithUser({ config: { publicOrigin: 'http://localhost', ...config } })

test('discord unconfigured: status says so, linking answers 503, the interactions endpoint is absent', async () => {
  const call = await assertUnconfiguredChannel('discord', 'discord bot is not configured')
  assert.equal((await call('/api/v1/discord/interactions', signed({ type: 1 }))).status, 404)
})

test('discord: /link over signed interactions, digests as direct messages, unlink', async () => {
  const discord = await startFakeDiscord()
  discord.knownUsers.add('80351110224678912')
  const { ctx, db, call, send } = await signedIn({ discordBotToken: discord.botToken, discordPublicKey: publicKeyHex, discordApiUrl: discord.url })
  try {
    assert.deepEqual((await send('GET', '/me/discord')).body.data, { enabled: true, linked: false })
    const { token, instructions } = (await send('POST', '/me/discord/link')).body.data
    assert.equal(instructions, `In the Discord server, run /link token:${token}`)

    // Discord's endpoint check: PING answers PONG; a bad signature is 401.
    assert.deepEqual((await call('/api/v1/discord/interactions', signed({ type: 1 }))).body, { type: 1 })
    const forged = signed(linkCommand('80351110224678912', token), generateKeyPairSync('ed25519').privateKey)
    assert.equal((await call('/api/v1/discord/interactions', forged)).status, 401)
    const tampered = signed(linkCommand('1', token))
    assert.equal((await call('/api/v1/discord/interactions', { ...tampered, body: tampered.body.replace('"1"', '"2"') })).status, 401)
    assert.deepEqual((await send('GET', '/me/discord')).body.data, { enabled: true, linked: false })

    const wrong = await call('/api/v1/discord/interactions', signed(linkCommand('80351110224678912', 'A'.repeat(34))))
    assert.match(wrong.body.data.content, /invalid or has expired/)
    const linked = await call('/api/v1/discord/interactions', signed(linkCommand('80351110224678912', token)))
    assert.equal(linked.status, 200)
    assert.equal(linked.body.type, 4)
    assert.match(linked.body.data.content, /Linked/)
    assert.deepEqual((await send('GET', '/me/discord')).body.data, { enabled: true, linked: true, discord_id: '80351110224678912' })

    const search = (await send('POST', '/me/searches', { name: 'Go', query: 'skills=go' })).body.data
    assert.equal((await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'discord' })).status, 201)
    assert.equal((await send('PUT', '/me/notification-settings', { channels: ['discord'] })).status, 200)
    await pause()
    upsertJob(db, fixtureJob({ title: 'Go_dev', publicSlug: 'go-dev', skills: [{ slug: 'go', name: 'Go' }] }))
    await pause()
    await runDigests(ctx)
    assert.equal(discord.messages.length, 1)
    assert.equal(discord.messages[0]!.recipient, '80351110224678912')
    assert.match(discord.messages[0]!.content, /^\*\*1 new job for “Go”\*\*/)
    assert.match(discord.messages[0]!.content, /\[Go\\_dev\]\(http:\/\/localhost\/jobs\/go-dev\) at Acme/)

    assert.equal((await send('DELETE', '/me/discord')).status, 204)
    assert.equal((await send('DELETE', '/me/discord')).status, 204)
    assert.deepEqual((await send('GET', '/me/discord')).body.data, { enabled: true, linked: false })
  } finally {
    await discord.close()
  }
})
