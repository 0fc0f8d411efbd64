import { getJson, sendJson } from './api.ts'
import { h, replaceChildren } from './dom.ts'

/**
 * "Browser notifications" on the account page: registers the service worker (/sw.js, which shows
 * the pushes), subscribes this browser with the server's VAPID public key and hands the
 * subscription to POST /me/web-push; "Turn off" unsubscribes and DELETEs it. Digests and notices on
 * the push channel then reach this browser. Browsers without service workers or the Push API get a
 * sentence instead of a button.
 */
const WORKER = '/sw.js'

export function pushControl(): HTMLElement {
  const status = h('p', { class: 'hint', id: 'push-status', role: 'status' })
  const button = h('button', { type: 'button', id: 'push-toggle' })
  const element = h('div', { class: 'push-control' }, status, button)
  if (!('serviceWorker' in navigator) || !('PushManager' in window)) {
    replaceChildren(element, h('p', { class: 'hint' }, 'This browser cannot receive push notifications.'))
    return element
  }
  const show = (on: boolean, note?: string) => {
    status.textContent = note ?? (on ? 'Push notifications are on for this browser.' : 'Push notifications are off for this browser.')
    button.textContent = on ? 'Turn off push notifications' : 'Turn on push notifications'
    button.dataset.on = String(on)
    button.disabled = false
  }
  const current = async () => (await navigator.serviceWorker.getRegistration(WORKER))?.pushManager.getSubscription() ?? null
  const turnOn = async () => {
    if ((await Notification.requestPermission()) !== 'granted') return show(false, 'Notifications are blocked for this site in the browser settings.')
    const registration = await navigator.serviceWorker.register(WORKER)
    await navigator.serviceWorker.ready
    const { public_key } = (await getJson<{ public_key: string }>('/web-push/key')).data
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key })
    await sendJson('POST', '/me/web-push', subscription.toJSON())
    show(true)
  }
  const turnOff = async () => {
    const subscription = await current()
    if (subscription) {
      await sendJson('DELETE', '/me/web-push', { endpoint: subscription.endpoint }).catch(() => null)
      await subscription.unsubscribe()
    }
    show(false)
  }
  button.addEventListener('click', () => {
    button.disabled = true
    const change = button.dataset.on === 'true' ? turnOff() : turnOn()
    change.catch((error: Error) => show(false, `Could not change push notifications: ${error.message}`))
  })
  button.disabled = true
  current().then((subscription) => show(subscription !== null), () => show(false))
  return element
}
