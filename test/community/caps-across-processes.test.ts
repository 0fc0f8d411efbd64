import { test } from 'node:test'
import assert from 'node:assert/strict'
import { randomBytes } from 'node:crypto'
import { twoProcesses } from '../helpers/two-processes.ts'
import { fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, signUp } from '../helpers/auth.ts'
import { upsertJob } from '../../src/catalogue/job-store.ts'

/**
 * Issue 39, point 7: the hourly caps on IMAP connection attempts and match-analysis runs (and voice
 * tokens, through the same ledger) are counted in the database, so two serving processes on one
 * file allow the limit once, not once each.
 */
test('IMAP connection attempts alternating between two processes: the third of a limit of 2 is a 429', async (t) => {
  const { a, b } = twoProcesses(t, { secretsKey: randomBytes(32).toString('hex'), imapConnectsPerHour: 2 })
  const ada = await signUp(a.call)
  const attempt = (process: typeof a) =>
    process.call('/api/v1/me/imap', { method: 'PUT', headers: sessionHeaders(ada.cookie), body: JSON.stringify({ host: '127.0.0.1', port: 993, tls: true, username: 'ada', password: 'secret password' }) })
  const statuses = [(await attempt(a)).status, (await attempt(b)).status]
  assert.ok(statuses.every((status) => status >= 400 && status !== 429), `refused hosts count as attempts: ${statuses}`)
  for (const process of [a, b]) {
    const refused = await attempt(process)
    assert.equal(refused.status, 429)
    assert.match(refused.body.error, /at most 2 IMAP connection attempts per hour/)
    assert.ok(Number(refused.headers.get('retry-after')) > 0)
  }
})

test('match-analysis runs alternating between two processes: the third of a limit of 2 is a 429', async (t) => {
  const { a, b } = twoProcesses(t, { matchAnalysisPerHour: 2 })
  upsertJob(a.db, fixtureJob({ title: 'Senior Rust Engineer', descriptionText: 'We build Rust services on PostgreSQL. 5+ years of Rust required.' }))
  const slug = a.db.prepare('SELECT public_slug FROM jobs').pluck().get() as string
  const ada = await signUp(a.call)
  const send = (process: typeof a, method: string, path: string, body?: unknown) =>
    process.call(`/api/v1${path}`, { method, headers: sessionHeaders(ada.cookie), body: body === undefined ? undefined : JSON.stringify(body) })
  assert.equal((await send(a, 'PUT', '/me/profile', { headline: 'Rust engineer', skills: ['Rust', 'PostgreSQL'], years_experience: 6 })).status, 200)
  for (const process of [a, b]) {
    const run = await send(process, 'POST', `/jobs/${slug}/match-analysis`)
    assert.equal(run.status, 200, JSON.stringify(run.body))
    assert.equal(run.body.data.has_cv, true)
  }
  for (const process of [a, b]) {
    const refused = await send(process, 'POST', `/jobs/${slug}/match-analysis`)
    assert.equal(refused.status, 429)
    assert.match(refused.body.error, /at most 2 match analyses per hour/)
  }
})
