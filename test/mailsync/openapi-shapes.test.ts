import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { documentChecker } from '../helpers/openapi.ts'
import { createTestApp } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { startDovecot, type Dovecot } from '../helpers/dovecot.ts'
import { startGmailStandIn } from '../helpers/gmail-stand-in.ts'

// Real responses of the mail-sync operations validate strictly (no key the schema does not list)
// against the shapes our OpenAPI document publishes for them; every such operation is covered.

let dovecot: Dovecot
let google: Awaited<ReturnType<typeof startGmailStandIn>>
before(async () => {
  dovecot = await startDovecot()
  await dovecot.setUser('shapes@mail.test', 'pw-shapes')
  google = await startGmailStandIn()
})
after(async () => {
  await dovecot?.stop()
  await google?.close()
})

test('the mail-sync operations answer exactly the shapes the OpenAPI document states', async () => {
  const { call, ctx } = createTestApp({ config: { ...google.config, secretsKey: randomBytes(32).toString('hex'), imapAllowPrivateHosts: true } })
  const document = (await call('/api/v1/openapi.json')).body
  const { assertDocumented } = documentChecker(document)
  const ada = await signUp(call)
  const key = await createApiKey(call, ada.cookie)
  const checked = new Set<string>()

  async function check(method: string, path: string, request: string, options: { body?: unknown; session?: boolean; status?: number } = {}) {
    const headers = options.session ? sessionHeaders(ada.cookie) : bearerHeaders(key)
    const response = await call(`/api/v1${request}`, { method, headers, ...(options.body !== undefined && { body: JSON.stringify(options.body) }) })
    assert.equal(response.status, options.status ?? 200, `${method} ${request}: ${JSON.stringify(response.body)}`)
    checked.add(`${method} ${path}`)
    if (response.status === 302) return response
    assertDocumented(method, path, response.status, response.body, `${method} ${request}`)
    return response
  }

  await check('GET', '/me/imap', '/me/imap')
  await check('PUT', '/me/imap', '/me/imap', { body: { host: '127.0.0.1', port: dovecot.port, tls: false, username: 'shapes@mail.test', password: 'pw-shapes' } })
  await ctx.background.idle()
  await check('GET', '/me/imap', '/me/imap')
  await check('POST', '/me/imap/sync', '/me/imap/sync')
  await check('DELETE', '/me/imap', '/me/imap')

  await check('GET', '/me/gmail', '/me/gmail')
  const start = await check('GET', '/me/gmail/connect', '/me/gmail/connect', { session: true, status: 302 })
  const back = new URL(google.approve(start.headers.get('location')!, 'shapes@gmail.test'))
  await check('GET', '/me/gmail/callback', back.pathname.replace('/api/v1', '') + back.search, { session: true, status: 302 })
  await ctx.background.idle()
  await check('GET', '/me/gmail', '/me/gmail')
  await check('POST', '/me/gmail/sync', '/me/gmail/sync')
  await ctx.background.idle()
  await check('DELETE', '/me/gmail', '/me/gmail')

  const operations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(([path, item]) =>
    Object.entries(item).filter(([, op]) => op.tags?.includes('mail sync')).map(([method]) => `${method.toUpperCase()} ${path}`),
  )
  assert.equal(operations.length, 9)
  for (const operation of operations) assert.ok(checked.has(operation), `${operation} is checked`)
})
