import { test } from 'node:test'
import assert from 'node:assert/strict'
import { documentChecker } from '../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp } from '../helpers/auth.ts'
import { ingestRawMessage } from '../../src/inbox/ingest.ts'
import { rawMail } from './mail-fixtures.ts'

// Real responses of the mail operations validate strictly (no key the schema does not list)
// against the shapes our OpenAPI document publishes for them; every mail operation is covered.

test('the mail operations answer exactly the shapes the OpenAPI document states', async (t) => {
  const { call, db, ctx } = createTestApp({
    jobs: [
      fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } }),
      fixtureJob({ publicSlug: 'rust-dev', title: 'Rust Developer', company: { slug: 'acme', name: 'Acme', homepage: 'https://acme.example/' } }),
    ],
    config: { mailDomain: 'mail.test', mailSmtpPort: 0, mailSmtpHost: '127.0.0.1' },
  })
  t.after(() => ctx.close?.())
  const document = (await call('/api/v1/openapi.json')).body
  const { assertDocumented } = documentChecker(document)
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const checked = new Set<string>()

  async function check(method: string, path: string, request: string, body?: unknown) {
    const response = await call(`/api/v1${request}`, { method, headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
    assert.ok(response.status < 300, `${method} ${request}: ${response.status} ${JSON.stringify(response.body)}`)
    checked.add(`${method} ${path}`)
    if (response.status === 204) return null
    assertDocumented(method, path, response.status, response.body, `${method} ${request}`)
    return response.body
  }

  await check('POST', '/jobs/{slug}/apply', '/jobs/go-dev/apply', { applied_on: '2026-11-01' })
  await check('POST', '/jobs/{slug}/apply', '/jobs/rust-dev/apply', { applied_on: '2026-11-01' })
  const deliver = async (options: Parameters<typeof rawMail>[0]) => (await ingestRawMessage(db, alice.userId, await rawMail({ to: 'me@example.org', ...options }), 'hosted')).id
  const linked = await deliver({ from: 'Acme <jobs@acme.example>', subject: 'Go Developer interview', text: 'We would like to invite you to an interview for the Go Developer role.' })
  const suggested = await deliver({ from: 'Acme <jobs@acme.example>', subject: 'Hello', text: 'Thank you for applying.' })
  await check('POST', '/me/emails', '/me/emails', { messages: [{ external_id: 'ext-1', subject: 'Pushed', from_addr: 'x@acme.example', received_at: '2026-11-10T10:00:00Z' }] })
  const pushed = db.prepare("SELECT id FROM emails WHERE external_id = 'ext-1'").pluck().get() as number

  await check('GET', '/me/inbox', '/me/inbox?include_other=1')
  await check('GET', '/me/inbox', '/me/inbox?body=1&link=suggested')
  await check('GET', '/me/emails/{id}', `/me/emails/${linked}`)
  await check('POST', '/me/inbox/read-all', '/me/inbox/read-all')
  await check('POST', '/me/emails/{id}/triage', `/me/emails/${pushed}/triage`, { signal: 'info_request', slug: 'rust-dev', confidence: 0.9 })
  await check('POST', '/me/emails/{id}/unlink', `/me/emails/${pushed}/unlink`)
  await check('POST', '/me/emails/{id}/unread', `/me/emails/${linked}/unread`)
  await check('POST', '/me/emails/{id}/link', `/me/emails/${pushed}/link`, { slug: 'rust-dev' })
  await check('POST', '/me/emails/{id}/reject', `/me/emails/${suggested}/reject`)
  await check('POST', '/me/emails/{id}/application', `/me/emails/${suggested}/application`, { slug: 'go-dev' })
  const another = await deliver({ from: 'Acme <jobs@acme.example>', subject: 'Hi again', text: 'Thank you for applying.', messageId: '<again@acme.example>' })
  await check('POST', '/me/emails/{id}/confirm', `/me/emails/${another}/confirm`)
  await check('POST', '/me/emails/{id}/delete', `/me/emails/${another}/delete`)
  await check('POST', '/me/emails/{id}/restore', `/me/emails/${another}/restore`)
  await check('GET', '/me/tracking/{slug}', '/me/tracking/go-dev')
  await check('POST', '/me/tracking/{slug}/mail-recall', '/me/tracking/go-dev/mail-recall')
  await check('POST', '/me/tracking/{slug}/mail-recall/link', '/me/tracking/go-dev/mail-recall/link', { provider_id: 'ext-1' })
  ctx.now = () => new Date(Date.now() + 60 * 86_400_000)
  await check('GET', '/me/tracking/{slug}/followup', '/me/tracking/go-dev/followup')
  await check('POST', '/me/tracking/{slug}/followup', '/me/tracking/go-dev/followup')
  await check('GET', '/me/mailbox', '/me/mailbox')
  await check('POST', '/me/mailbox', '/me/mailbox')
  await check('DELETE', '/me/mailbox', '/me/mailbox')

  const mailOperations = Object.entries(document.paths as Record<string, Record<string, { tags?: string[] }>>).flatMap(([path, item]) =>
    Object.entries(item).filter(([, op]) => op.tags?.includes('mail')).map(([method]) => `${method.toUpperCase()} ${path}`),
  )
  for (const operation of mailOperations) assert.ok(checked.has(operation), `${operation} is checked`)
})
