/**
 * The page's service worker, served at /sw.js (scope /): shows each Web Push message the server
 * sends (`{ title, body, data }`, see src/channels/web-push.ts) as a notification and opens the
 * account page, where notifications are listed, when one is clicked. Plain JavaScript, no build.
 */
export const SERVICE_WORKER = `self.addEventListener('push', (event) => {
  let message = {}
  try { message = event.data ? event.data.json() : {} } catch { message = { body: event.data ? event.data.text() : '' } }
  event.waitUntil(self.registration.showNotification(message.title || 'openroles', { body: message.body || '', data: message.data || {}, tag: message.data && message.data.notification_id ? 'n' + message.data.notification_id : undefined }))
})
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  event.waitUntil(self.clients.openWindow('/account'))
})
`
