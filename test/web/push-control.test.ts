import { test } from 'node:test'
import assert from 'node:assert/strict'
import { openPageHarness } from './browser.ts'
import { pageCatalogue } from './fixture-catalogue.ts'
import { signUp } from '../helpers/auth.ts'
import { startFakePushService } from '../channels/fake-push-service.ts'
import { deliverPush } from '../../src/channels/push.ts'

// The account page's push control in Chromium. Headless Chromium registers service workers but
// has no push service to subscribe with, so PushManager.subscribe is the one browser call replaced:
// it answers with a subscription of the in-process push stand-in (real P-256 keys). Everything
// else is real: the service worker registration, the VAPID key from the server, the POST and
// DELETE of the subscription, and a push the server then encrypts and sends to the stand-in.
test('the account page subscribes this browser to push with the VAPID key, and unsubscribes it', async () => {
  const push = await startFakePushService()
  const harness = await openPageHarness(pageCatalogue(), undefined, { config: { webPushAllowHttp: true, webPushAllowPrivateHosts: true, deliveryPollSeconds: 0 } })
  const { page, origin, db, ctx, call } = harness
  try {
    const user = await signUp(call)
    const [name, value] = user.cookie.split('=')
    await page.context().addCookies([{ name: name!, value: value!, url: origin }])
    await page.context().grantPermissions(['notifications'], { origin })
    const subscription = push.subscription('/push/page-browser')
    // A string, not a function: the test runner's transpiler would add helpers the page lacks.
    await page.addInitScript({
      content: `(() => {
        const sub = ${JSON.stringify(subscription)}
        let current = null
        const made = { endpoint: sub.endpoint, toJSON: () => sub, unsubscribe: async () => { current = null; return true } }
        PushManager.prototype.subscribe = async function (options) { window.__subscribeKey = options && options.applicationServerKey; current = made; return made }
        PushManager.prototype.getSubscription = async function () { return current }
      })()`,
    })

    const worker = await page.request.get(`${origin}/sw.js`)
    assert.equal(worker.status(), 200)
    assert.match(worker.headers()['content-type'] ?? '', /^text\/javascript/)
    assert.match(await worker.text(), /showNotification/)

    await page.goto(`${origin}/account`)
    const toggle = page.locator('#push-toggle')
    await page.waitForSelector('#push-toggle:not([disabled])')
    assert.equal(await toggle.textContent(), 'Turn on push notifications')
    assert.match((await page.locator('#push-status').textContent()) ?? '', /off for this browser/)
    await toggle.click()
    await page.waitForSelector('text=Push notifications are on for this browser.')
    assert.equal(await toggle.textContent(), 'Turn off push notifications')
    const registered = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/sw.js'))?.active?.scriptURL ?? null)
    assert.equal(registered, `${origin}/sw.js`, 'the service worker is registered and active')
    const key = (await call('/api/v1/web-push/key')).body.data.public_key
    assert.equal(await page.evaluate(() => (window as any).__subscribeKey), key, 'subscribed with the server’s VAPID public key')
    const rows = () => db.prepare('SELECT endpoint FROM web_push_subscriptions WHERE user_id = ?').pluck().all(user.userId)
    assert.deepEqual(rows(), [subscription.endpoint], 'the subscription was POSTed to /me/web-push')

    // The server can now reach this browser: an encrypted, VAPID-signed push the stand-in decrypts.
    const outcome = await deliverPush(ctx, user.userId, { title: 'From the page test', body: 'hello' })
    assert.equal(outcome.sent, 1)
    assert.deepEqual(push.received.map((r) => r.payload.title), ['From the page test'])

    await toggle.click()
    await page.waitForSelector('text=Push notifications are off for this browser.')
    assert.deepEqual(rows(), [], 'turning it off DELETEs the subscription')
  } finally {
    await harness.close()
    await push.close()
  }
})
