import { after, test } from 'node:test'
import assert from 'node:assert/strict'
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { lookup } from 'node:dns/promises'
import { hostname } from 'node:os'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionSender, signUp } from '../helpers/auth.ts'
import { importRecords } from '../../src/ingest/import.ts'
import { runDigests } from '../../src/alerts/digests.ts'
import { isPrivateHost, outboundUrl } from '../../src/public-address.ts'
import { webhookUrlProblem } from '../../src/webhooks/deliver.ts'
import { checkBoardUrl } from '../../src/sources/board-url.ts'
import type { Config } from '../../src/config.ts'

/**
 * A real receiver on loopback that verifies each delivery as a receiver following the documented
 * scheme would: HMAC-SHA256 over "id.timestamp.body" under the secret's bytes, a 5-minute replay
 * window, and the webhook-id as the idempotency key. `answers` scripts its status codes.
 */
const received: { headers: IncomingMessage['headers']; body: string }[] = []
const answers: number[] = []
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (chunk) => chunks.push(chunk))
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() })
    res.statusCode = answers.shift() ?? 204
    res.end()
  })
})
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
after(() => new Promise<void>((resolve) => receiver.close(() => resolve())))
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

function verify(secret: string, delivery: { headers: IncomingMessage['headers']; body: string }, nowSeconds = Date.now() / 1000): boolean {
  const id = String(delivery.headers['webhook-id'])
  const timestamp = Number(delivery.headers['webhook-timestamp'])
  if (!Number.isFinite(timestamp) || Math.abs(nowSeconds - timestamp) > 300) return false
  const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${delivery.body}`).digest()
  const [version, signature] = String(delivery.headers['webhook-signature']).split(',')
  const given = Buffer.from(signature ?? '', 'base64')
  return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected)
}

async function subscribedToWebhook(config: Partial<Config> = {}) {
  const app = createTestApp({ jobs: [fixtureJob({ title: 'Old Go role', createdAt: '2026-01-01T00:00:00.000Z' })], config: { webhookAllowPrivateHosts: true, ...config } })
  const alice = await signUp(app.call)
  const send = sessionSender(app.call, alice.cookie)
  const search = (await send('POST', '/me/searches', { name: 'Go', query: 'q=go' })).body.data
  const created = await send('POST', '/me/webhook', { url: receiverUrl })
  const subscription = await send('POST', '/me/subscriptions', { saved_search_id: search.id, channel: 'webhook' })
  assert.equal(subscription.status, 201)
  const importGo = async (title: string) => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    importRecords(app.ctx.db, [{ at: 'line 1', value: { title, company: 'Globex', description: 'Write Go services.' } }])
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { ...app, alice, send, created, importGo }
}

test('a digest reaches the webhook signed; the receiver verifies it, and a retry carries the same id', async () => {
  received.length = 0
  const { ctx, send, created, importGo } = await subscribedToWebhook()
  assert.equal(created.status, 201)
  const secret = created.body.data.secret
  assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
  assert.equal((await send('GET', '/me/webhook')).body.data.secret, undefined, 'the secret is shown once')

  answers.push(503)
  await importGo('Go Engineer')
  await runDigests(ctx)
  assert.equal(received.length, 1)
  let status = (await send('GET', '/me/webhook')).body.data
  assert.equal(status.last_status, 503)
  assert.equal(status.failures, 1)
  assert.match(status.last_error, /503/)

  // The retry waits its back-off: an hour later it is due.
  const later = new Date(Date.now() + 3600_000)
  const laterSeconds = later.getTime() / 1000
  ctx.now = () => later
  await ctx.deliveries.drain()
  assert.equal(received.length, 2, 'the failed delivery was retried through the outbox')
  ctx.now = () => new Date()
  const [first, retry] = received
  assert.ok(verify(secret, first!) && verify(secret, retry!, laterSeconds), 'both carry a valid signature, each stamped when it was sent')
  assert.equal(first!.headers['webhook-id'], retry!.headers['webhook-id'], 'one digest, one idempotency key')
  const payload = JSON.parse(retry!.body)
  assert.equal(payload.type, 'saved_search.digest')
  assert.deepEqual(payload.data.jobs.map((job: any) => job.title), ['Go Engineer'])
  assert.equal(payload.data.saved_search.name, 'Go')

  status = (await send('GET', '/me/webhook')).body.data
  assert.equal(status.last_status, 204)
  assert.equal(status.failures, 0)
  assert.equal(status.last_error, null)
  assert.equal(typeof status.last_success_at, 'string')

  const forged = { headers: { ...retry!.headers }, body: retry!.body.replace('Go Engineer', 'Free Money') }
  assert.equal(verify(secret, forged, laterSeconds), false, 'a changed body fails verification')
  assert.equal(verify(secret, retry!, laterSeconds + 600), false, 'outside the replay window')

  // Rotating the secret: the next delivery verifies only with the new one.
  const rotated = await send('POST', '/me/webhook', { url: receiverUrl, rotate_secret: true })
  assert.equal(rotated.status, 200)
  assert.notEqual(rotated.body.data.secret, secret)
  await importGo('Senior Go Engineer')
  await runDigests(ctx)
  const last = received.at(-1)!
  assert.ok(verify(rotated.body.data.secret, last))
  assert.equal(verify(secret, last), false)
  assert.notEqual(last.headers['webhook-id'], first!.headers['webhook-id'])
})

test('a disabled endpoint gets nothing; a 4xx answer fails the delivery for good; deleting it stops it', async () => {
  received.length = 0
  const { ctx, send, importGo } = await subscribedToWebhook()
  const disabled = await send('PATCH', '/me/webhook', { enabled: false })
  assert.equal(disabled.body.data.enabled, false)
  assert.equal(typeof disabled.body.data.disabled_at, 'string')
  await importGo('Go Engineer')
  await runDigests(ctx)
  assert.equal(received.length, 0)

  assert.equal((await send('PATCH', '/me/webhook', { enabled: true })).body.data.disabled_at, null)
  answers.push(410)
  await importGo('Go Developer')
  await runDigests(ctx)
  await ctx.deliveries.drain()
  assert.equal(received.length, 1, 'a 410 is not retried')
  assert.equal((await send('GET', '/me/webhook')).body.data.last_status, 410)

  assert.equal((await send('DELETE', '/me/webhook')).status, 204)
  assert.equal((await send('DELETE', '/me/webhook')).status, 404)
  assert.deepEqual((await send('GET', '/me/webhook')).body, { data: null })
  assert.equal((await send('PATCH', '/me/webhook', { enabled: true })).status, 404)
})

test('webhook URLs: loopback and private hosts are refused (422), by name at delivery too; bad input changes nothing; session only', async () => {
  const app = createTestApp()
  const alice = await signUp(app.call)
  const send = sessionSender(app.call, alice.cookie)
  for (const url of ['http://127.0.0.1:9/hook', 'https://169.254.169.254/latest', 'http://10.0.0.8/', 'https://[::1]/x', 'http://localhost/x', 'ftp://example.org/x', 'https://user:pw@example.org/x']) {
    const response = await send('POST', '/me/webhook', { url })
    assert.equal(response.status, 422, url)
    assert.match(response.body.error, /url/)
  }
  for (const body of [{}, { url: 42 }, { url: '' }, { url: 'https://example.org', rotate_secret: 'yes' }]) {
    assert.equal((await send('POST', '/me/webhook', body)).status, 400, JSON.stringify(body))
  }
  assert.deepEqual((await send('GET', '/me/webhook')).body, { data: null })

  // A public-looking name that resolves to this machine is refused when the delivery connects.
  const name = hostname()
  const addresses = await lookup(name, { all: true }).catch(() => [])
  if (addresses.length && addresses.every((entry) => isPrivateHost(entry.address))) {
    received.length = 0
    const port = (receiver.address() as AddressInfo).port
    const { ctx, send: asBob, importGo } = await subscribedToWebhook()
    // The name is not a private address by itself, so it is accepted; it resolves to loopback.
    assert.equal((await asBob('POST', '/me/webhook', { url: `http://${name}:${port}/hook` })).status, 200)
    ;(ctx.config as { webhookAllowPrivateHosts: boolean }).webhookAllowPrivateHosts = false
    await importGo('Go Engineer')
    await runDigests(ctx)
    assert.equal(received.length, 0, 'nothing reached the loopback receiver')
    assert.match((await asBob('GET', '/me/webhook')).body.data.last_error, /private or loopback/)
  }

  const key = await createApiKey(app.call, alice.cookie)
  assert.equal((await app.call('/api/v1/me/webhook', { headers: bearerHeaders(key) })).status, 401)
})

test('a webhook URL is checked by the one outbound-URL rule the board crawler uses, not a copy of it', () => {
  for (const url of ['https://example.org/hook', 'http://127.0.0.1:9/hook', 'https://[::1]/x', 'http://app.internal/x', 'ftp://example.org/x', 'https://user:pw@example.org/x', 'example.org/x', 'http://10.0.0.8/']) {
    for (const allowPrivate of [false, true]) {
      const refused = outboundUrl(url, allowPrivate).problem !== null
      assert.equal(webhookUrlProblem(url, allowPrivate) !== null, refused, url)
      assert.equal((() => { try { checkBoardUrl(url, allowPrivate); return false } catch { return true } })(), refused, url)
    }
  }
  assert.equal(webhookUrlProblem('http://10.0.0.8/', false), 'must point to a public address, not a loopback or private one')
})
