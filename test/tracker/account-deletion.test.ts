import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { sessionHeaders, signUp, sessionSender } from '../helpers/auth.ts'
import { autoAdvance } from '../../src/tracker/applications.ts'
import { recordInterview } from '../../src/tracker/interviews.ts'
import { consume } from '../../src/plan/ledger.ts'
import { grantPlan } from '../../src/plan/plan-view.ts'

const TABLES = ['job_interactions', 'applications', 'application_events', 'interviews', 'private_jobs', 'contributions', 'user_plans', 'plan_ledger', 'job_votes', 'company_votes']

test('DELETE /me erases every tracker, plan and vote row of the account and nobody else’s', async () => {
  const { call, db, ctx } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev', company: { slug: 'acme', name: 'Acme' } })] })
  const users = [await signUp(call), await signUp(call)]
  for (const user of users) {
    const send = sessionSender(call, user.cookie)
    await send('POST', '/jobs/go-dev/apply')
    await send('POST', '/jobs/go-dev/vote', { vote: 'up' })
    await send('POST', '/companies/acme/vote', { vote: 'down' })
    await send('POST', '/me/jd/resolve', { text: 'Data Engineer\nPython and Spark.' })
    await send('POST', '/me/jd/resolve', { url: 'https://jobs.lever.co/globex/1' })
    const applicationId = db.prepare('SELECT id FROM applications WHERE user_id = ?').pluck().get(user.userId) as number
    autoAdvance(db, { userId: user.userId, applicationId, signal: 'interview_invitation', source: 'mail_hosted', occurredAt: new Date().toISOString() })
    recordInterview(db, { userId: user.userId, applicationId, uid: `inv-${user.userId}`, startsAt: new Date().toISOString(), status: 'suggested', source: 'mail_hosted', now: new Date().toISOString() })
    consume(db, ctx.config, { userId: user.userId, feature: 'match', now: new Date() })
    grantPlan(db, user.userId, 'pro', new Date(Date.now() + 86_400_000), 'granted', new Date())
  }
  const count = (table: string, userId: number) => db.prepare(`SELECT count(*) FROM ${table} WHERE user_id = ?`).pluck().get(userId) as number
  for (const table of TABLES) assert.ok(count(table, users[0].userId) > 0, table)

  const [alice, bob] = users
  const deleted = await call('/api/v1/me', { method: 'DELETE', headers: sessionHeaders(alice.cookie), body: JSON.stringify({ email: alice.email }) })
  assert.equal(deleted.status, 204)
  for (const table of TABLES) {
    assert.equal(count(table, alice.userId), 0, table)
    assert.ok(count(table, bob.userId) > 0, `${table} of another user stays`)
  }
  const job = (await call('/api/v1/jobs/go-dev')).body.data
  assert.deepEqual([job.upvote_count, job.applied_count], [1, 2])
})
