import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { appWithUser } from '../helpers/auth.ts'
import { startFakePushService } from './fake-push-service.ts'

const signedIn = (config = {}) => appWithUser({ config: { webPushAllowHttp: true, webPushAllowPrivateHosts: true, ...config } })

test('browser push: VAPID-signed, encrypted test push reaches the browser; a 410 prunes the subscription', async () => {
  const service = await startFakePushService()
  try {
    const { send, call } = await signedIn()
    const key = (await call('/api/v1/web-push/key')).body.data.public_key
    assert.match(key, /^[A-Za-z0-9_-]{80,90}$/)
    assert.equal((await send('POST', '/me/push-tokens/test')).status, 503, 'nothing registered, no gateway')

    const laptop = service.subscription('/push/laptop')
    const phoneBrowser = service.subscription('/push/phone')
    assert.equal((await send('POST', '/me/web-push', laptop)).status, 204)
    assert.equal((await send('POST', '/me/web-push', phoneBrowser)).status, 204)
    assert.equal((await send('POST', '/me/web-push', { ...laptop, endpoint: 'ftp://x' })).status, 400)

    const sent = await send('POST', '/me/push-tokens/test')
    assert.equal(sent.status, 200)
    assert.deepEqual(sent.body.data, { sent: 2 })
    assert.deepEqual(service.received.map((r) => r.path).sort(), ['/push/laptop', '/push/phone'])
    assert.deepEqual(service.received[0]!.payload, { title: 'openroles', body: 'Test notification: push delivery works.', data: { kind: 'test' } })
    assert.equal(service.received[0]!.subject, 'mailto:openroles@localhost')
    // The key the browser subscribed with is the one that signs.
    assert.equal((await call('/api/v1/web-push/key')).body.data.public_key, key)

    service.gone.add('/push/phone')
    assert.deepEqual((await send('POST', '/me/push-tokens/test')).body.data, { sent: 1 })
    assert.deepEqual((await send('POST', '/me/push-tokens/test')).body.data, { sent: 1 }, 'the gone subscription is no longer addressed')
    assert.equal(service.received.filter((r) => r.path === '/push/phone').length, 1)
    assert.equal((await send('DELETE', '/me/web-push', { endpoint: phoneBrowser.endpoint })).status, 404, 'pruned')
    assert.equal((await send('DELETE', '/me/web-push', { endpoint: laptop.endpoint })).status, 204)
    assert.equal((await call('/api/v1/me/web-push', { method: 'POST', body: JSON.stringify(laptop), headers: { 'content-type': 'application/json' } })).status, 401)
  } finally {
    await service.close()
  }
})

test('mobile push: the gateway reports a token gone (410) and it is pruned', async () => {
  const batches: any[] = []
  const gateway = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk) => (text += chunk))
    req.on('end', () => {
      const { messages } = JSON.parse(text)
      batches.push(messages)
      const results = messages.map((m: any) => ({ token: m.token, status: m.token === 'old-phone' ? 410 : 200 }))
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ results }))
    })
  })
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
  try {
    const { send } = await signedIn({ pushGatewayUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/push` })
    await send('POST', '/me/push-tokens', { token: 'old-phone', platform: 'android' })
    await send('POST', '/me/push-tokens', { token: 'new-phone', platform: 'ios' })
    assert.deepEqual((await send('POST', '/me/push-tokens/test')).body.data, { sent: 1 })
    assert.deepEqual((await send('GET', '/me/push-tokens')).body.data.map((t: any) => t.token), ['new-phone'])
    assert.deepEqual((await send('POST', '/me/push-tokens/test')).body.data, { sent: 1 })
    assert.deepEqual(batches.map((batch) => batch.map((m: any) => m.token).sort()), [['new-phone', 'old-phone'], ['new-phone']])
  } finally {
    await new Promise((resolve) => gateway.close(resolve))
  }
})
