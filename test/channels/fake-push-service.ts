import { createServer } from 'node:http'
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
// http_ece ships with web-push: the same RFC 8188 code a browser uses to read a push payload.
import ece from 'http_ece'
import { listenLocal } from '../helpers/net.ts'

/**
 * A browser and its push service, in-process. `subscription(path)` makes browser keys (P-256 +
 * auth secret) as pushManager.subscribe would; the service accepts POSTs on that path only with a
 * valid VAPID JWT (ES256, signed by the `k` key, `aud` = this origin) and decrypts the aes128gcm
 * body with the browser's private key. Paths marked gone answer 410, as a real service does for an
 * expired subscription.
 */
export async function startFakePushService() {
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>()
  const received: { path: string; payload: any; subject: string }[] = []
  const gone = new Set<string>()
  let origin = ''
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? ''
      const browser = browsers.get(path)
      if (!browser || gone.has(path)) return res.writeHead(410).end()
      const vapid = /^vapid t=([^,]+), k=(.+)$/.exec(req.headers.authorization ?? '')
      if (!vapid) return res.writeHead(401).end('no vapid')
      const [header, claims, signature] = vapid[1]!.split('.')
      const point = Buffer.from(vapid[2]!, 'base64url')
      const key = createPublicKey({ format: 'jwk', key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') } })
      const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))
      const jwt = JSON.parse(Buffer.from(claims!, 'base64url').toString())
      if (!valid || jwt.aud !== origin || jwt.exp * 1000 < Date.now()) return res.writeHead(403).end('bad vapid')
      if (req.headers['content-encoding'] !== 'aes128gcm') return res.writeHead(415).end()
      const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth.toString('base64url') })
      received.push({ path, payload: JSON.parse(plain.toString('utf8')), subject: jwt.sub })
      res.writeHead(201).end()
    })
  })
  const local = await listenLocal(server)
  origin = local.url
  return {
    received,
    gone,
    /** A new browser subscription, as the PushSubscription JSON the page POSTs to /me/web-push. */
    subscription(path: string) {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const auth = randomBytes(16)
      browsers.set(path, { ecdh, auth })
      return { endpoint: `${origin}${path}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } }
    },
    close: local.close,
  }
}
