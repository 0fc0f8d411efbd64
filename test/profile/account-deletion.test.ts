import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { signUp, sessionSender } from '../helpers/auth.ts'
import { createNotification } from '../../src/channels/notifications.ts'

const TABLES = ['profiles', 'screening_answers', 'saved_searches', 'subscriptions', 'notifications', 'notification_settings', 'push_tokens', 'job_interactions']

test('deleting the account deletes every signed-in record; job counters keep the history', async () => {
  const { call, db } = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev' })] })
  const alice = await signUp(call)
  const send = sessionSender(call, alice.cookie)
  await send('PUT', '/me/profile', { skills: [{ name: 'Go' }] })
  await send('PUT', '/me/screening-answers', { notice_period_days: 30 })
  const search = (await send('POST', '/me/searches', { name: 'Go', query: 'skills=go' })).body.data
  await send('POST', '/me/subscriptions', { saved_search_id: search.id })
  await send('PUT', '/me/notification-settings', { digest_push: false })
  await send('POST', '/me/push-tokens', { token: 'phone', platform: 'android' })
  await send('POST', '/jobs/go-dev/apply')
  createNotification(db, { userId: alice.userId, kind: 'subscription_digest', title: 't', body: 'b' })
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`).get(alice.userId) as { n: number }).n
  for (const table of TABLES) assert.equal(count(table), 1, table)

  assert.equal((await send('DELETE', '/me')).status, 204)
  for (const table of TABLES) assert.equal(count(table), 0, table)
  assert.equal((await call('/api/v1/jobs/go-dev')).body.data.applied_count, 1)
})
