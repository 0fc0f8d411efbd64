import assert from 'node:assert/strict'
import { appWithUser } from '../helpers/auth.ts'

/**
 * A chat channel without its settings: its status says so, linking answers 503 with `error`,
 * unlinking is a harmless 204, and none of it answers without a session. Returns the app's `call`.
 */
export async function assertUnconfiguredChannel(channel: 'discord' | 'telegram', error: string) {
  const { send, call } = await appWithUser({ config: { publicOrigin: 'http://localhost' } })
  assert.deepEqual((await send('GET', `/me/${channel}`)).body.data, { enabled: false, linked: false })
  const link = await send('POST', `/me/${channel}/link`)
  assert.equal(link.status, 503)
  assert.equal(link.body.error, error)
  assert.equal((await send('DELETE', `/me/${channel}`)).status, 204)
  assert.equal((await call(`/api/v1/me/${channel}`)).status, 401)
  return call
}
