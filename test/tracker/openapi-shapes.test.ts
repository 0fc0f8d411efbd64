import { test } from 'node:test'
import assert from 'node:assert/strict'
import { documentChecker } from '../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, sessionHeaders, signUp } from '../helpers/auth.ts'
import { recordInterview } from '../../src/tracker/interviews.ts'
import { autoAdvance } from '../../src/tracker/applications.ts'
import { consume, release } from '../../src/plan/ledger.ts'

// Real responses of the tracker's operations validate strictly (no key the schema does not list)
// against the shapes our OpenAPI document publishes for them.

test('the tracker’s operations answer exactly the shapes the OpenAPI document states', async () => {
  const { call, db, ctx } = createTestApp({
    jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme' } }), fixtureJob({ publicSlug: 'rust-dev' })],
  })
  const document = (await call('/api/v1/openapi.json')).body
  const { assertDocumented } = documentChecker(document)
  const alice = await signUp(call)
  const key = await createApiKey(call, alice.cookie)
  const checked = new Set<string>()

  async function check(method: string, path: string, request: string, body?: unknown, headers = bearerHeaders(key)) {
    const response = await call(`/api/v1${request}`, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) })
    assert.ok(response.status < 300, `${method} ${request}: ${response.status} ${JSON.stringify(response.body)}`)
    assertDocumented(method, path, response.status, response.body, `${method} ${request}`)
    checked.add(`${method} ${path}`)
    return response.body
  }

  await check('POST', '/jobs/{slug}/view', '/jobs/go-dev/view')
  await check('POST', '/jobs/{slug}/save', '/jobs/go-dev/save')
  await check('POST', '/jobs/{slug}/apply', '/jobs/go-dev/apply', {})
  await check('PATCH', '/jobs/{slug}/track', '/jobs/go-dev/track', { stage: 'interview', notes: 'panel' })
  await check('POST', '/jobs/{slug}/dismiss', '/jobs/rust-dev/dismiss')
  await check('DELETE', '/jobs/{slug}/dismiss', '/jobs/rust-dev/dismiss')
  await check('PATCH', '/me/applications/{id}', '/me/applications/rust-dev', { stage: 'rejected' })
  const applicationId = db.prepare('SELECT id FROM applications WHERE job_slug = ?').pluck().get('go-dev') as number
  autoAdvance(db, { userId: alice.userId, applicationId, signal: 'offer', source: 'mail_hosted', occurredAt: new Date().toISOString() })
  recordInterview(db, { userId: alice.userId, applicationId, uid: 'u1', startsAt: new Date().toISOString(), endsAt: new Date().toISOString(), title: 'Panel', joinUrl: 'https://meet.example/x', status: 'suggested', source: 'mail_hosted', now: new Date().toISOString() })
  const charged = consume(db, ctx.config, { userId: alice.userId, feature: 'match', reference: 'go-dev', subtitle: 'Go Developer', now: new Date() })
  release(db, alice.userId, charged.ledgerId!)
  consume(db, ctx.config, { userId: alice.userId, feature: 'tailor', now: new Date() })

  for (const filter of ['all', 'board', 'dismissed']) await check('GET', '/me/tracking', `/me/tracking?filter=${filter}`)
  await check('GET', '/me/tracking/saved', '/me/tracking/saved')
  await check('GET', '/me/tracking/{slug}', '/me/tracking/go-dev')
  await check('GET', '/me/tracking/pipeline', '/me/tracking/pipeline')
  await check('GET', '/me/tracking/swipe', '/me/tracking/swipe')
  await check('GET', '/me/tracking/analyses', '/me/tracking/analyses')
  const window = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`
  await check('GET', '/me/timeline', `/me/timeline?${window}`)
  await check('GET', '/me/interviews', `/me/interviews?${window}`)
  await check('POST', '/jobs/{slug}/vote', '/jobs/go-dev/vote', { vote: 'up' })
  await check('DELETE', '/companies/{slug}/vote', '/companies/acme/vote')
  await check('GET', '/me/plan', '/me/plan')
  await check('GET', '/me/plan/history', '/me/plan/history')
  await check('GET', '/me/usage', '/me/usage')
  await check('POST', '/me/jd/resolve', '/me/jd/resolve', { job_slug: 'go-dev' }, sessionHeaders(alice.cookie))
  await call('/api/v1/me/jd/resolve', { method: 'POST', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ url: 'https://jobs.lever.co/globex/1' }) })
  await check('GET', '/me/contributions', '/me/contributions')
  // The orphaned application: the posting is pruned, the entry stays with job null.
  db.prepare('DELETE FROM jobs_fts WHERE rowid = (SELECT id FROM jobs WHERE public_slug = ?)').run('go-dev')
  db.prepare('DELETE FROM jobs WHERE public_slug = ?').run('go-dev')
  await check('GET', '/me/tracking', '/me/tracking?filter=board')
  await check('GET', '/me/tracking/{slug}', `/me/tracking/a${applicationId}`)
  await check('DELETE', '/me/applications/{id}', `/me/applications/a${applicationId}`)
  assert.ok(checked.size >= 20)
})
