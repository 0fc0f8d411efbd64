import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createECDH, randomBytes } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { createServer, type AddressInfo } from 'node:net'
import { hostname } from 'node:os'
import { createTestApp } from '../../helpers/app.ts'
import { signUp, sessionSender } from '../../helpers/auth.ts'

// A subscription whose keys are not a P-256 point and a 16-byte secret can never be encrypted to:
// it is refused when registered, so the test push (and digests) never meet it.
test('web push: keys that are not a P-256 public key and a 16-byte auth secret are a 400, and the test push stays a 4xx', async () => {
  const { call } = createTestApp({ config: { webPushAllowHttp: true } })
  const alice = await signUp(call)
  const send = sessionSender(call, alice.cookie)
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const good = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
  for (const keys of [{ ...good, p256dh: 'test' }, { ...good, auth: 'test' }, { ...good, p256dh: randomBytes(65).toString('base64url') }, { ...good, auth: randomBytes(8).toString('base64url') }]) {
    const response = await send('POST', '/me/web-push', { endpoint: 'https://push.example.com/x', keys })
    assert.equal(response.status, 400, JSON.stringify(keys))
    assert.match(response.body.error, /p256dh|auth/)
  }
  const test = await send('POST', '/me/push-tokens/test', {})
  assert.notEqual(test.status, 500)
  assert.equal(typeof test.body.error, 'string')
  assert.equal((await send('POST', '/me/web-push', { endpoint: 'https://push.example.com/x', keys: good })).status, 204)
})

test('web push: a stored subscription with unusable keys is pruned by the next push, not a 500', async () => {
  const { call, db } = createTestApp({ config: { webPushAllowHttp: true } })
  const alice = await signUp(call)
  const send = sessionSender(call, alice.cookie)
  const userId = (await send('GET', '/auth/me')).body.data.id
  db.prepare('INSERT INTO web_push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)').run('https://push.example.com/old', userId, 'test', 'test', new Date().toISOString())
  const test = await send('POST', '/me/push-tokens/test', {})
  assert.notEqual(test.status, 500)
  assert.equal(typeof test.body.error, 'string')
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM web_push_subscriptions').get() as { n: number }).n, 0)
})

// Push endpoints are outbound connections a user aims: the rule of every such connection applies
// (src/public-address.ts). A loopback TCP listener counts whether anything reached it.
test('web push: endpoints on private or loopback addresses are refused, and a stored one is never connected to', async () => {
  const { call, db } = createTestApp()
  const alice = await signUp(call)
  const send = sessionSender(call, alice.cookie)
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') }
  for (const endpoint of ['https://127.0.0.1:8443/push', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.7/push', 'https://[::1]/push', 'https://[::ffff:127.0.0.1]/push', 'https://localhost/push', 'https://localhost./push', 'https://192.168.1.1/push']) {
    const response = await send('POST', '/me/web-push', { endpoint, keys })
    assert.equal(response.status, 400, endpoint)
    assert.match(response.body.error, /private and loopback addresses are refused/, endpoint)
  }
  assert.equal((db.prepare('SELECT COUNT(*) AS n FROM web_push_subscriptions').get() as { n: number }).n, 0)

  const reached: string[] = []
  const listener = createServer((socket) => {
    reached.push(String(socket.remoteAddress))
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  try {
    const port = (listener.address() as AddressInfo).port
    const loopbackName = hostname()
    const resolved = await lookup(loopbackName, { all: true }).catch(() => [])
    assert.ok(resolved.length && resolved.every((entry) => entry.address.startsWith('127.')), `this test needs the machine's host name (${loopbackName}) to resolve to loopback, as /etc/hosts usually says`)
    // Stored as an older server accepted them: the send checks what the name resolves to.
    const userId = (await send('GET', '/auth/me')).body.data.id
    for (const endpoint of [`https://127.0.0.1:${port}/push`, `https://${loopbackName}:${port}/push`]) {
      db.prepare('INSERT INTO web_push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)').run(endpoint, userId, keys.p256dh, keys.auth, new Date().toISOString())
    }
    const pushed = await send('POST', '/me/push-tokens/test', {})
    assert.equal(pushed.status, 503, JSON.stringify(pushed.body))
    assert.deepEqual(reached, [], 'no connection reached the loopback listener')
  } finally {
    listener.close()
  }
})
