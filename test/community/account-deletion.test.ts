import { test } from 'node:test'
import assert from 'node:assert/strict'
import { communityApp, PERSONA } from './community-fixture.ts'

// DELETE /me erases the person but leaves what they wrote readable, by "[deleted]".

test('after account deletion reviews, threads and replies stay under [deleted]; the persona, reports, caps and submissions go', async () => {
  const { call, db, person } = communityApp()
  const alice = await person()
  const bob = await person()
  const review = (await alice.send('POST', '/companies/acme/feedback', { rating: 4, feedback_type: 'culture', body: 'Good team.' })).body.data
  const thread = (await alice.send('POST', '/threads', { subject_type: 'company', subject_slug: 'acme', title: 'Remote?', body: 'Do they allow remote?' })).body.data
  const bobReply = (await bob.send('POST', `/threads/${thread.id}/replies`, { body: 'Yes.' })).body.data
  await alice.send('POST', `/threads/${thread.id}/replies`, { body: 'Thanks!', parent_reply_id: bobReply.id })
  await alice.send('POST', `/company-feedback/${review.id}/report`, { reason: 'other' })
  await alice.send('POST', '/submissions', { url: 'https://x.example/jobs/1', title: 'Go Dev', company: 'X' })
  const owned = (table: string) => db.prepare(`SELECT count(*) FROM ${table} WHERE user_id = ?`).pluck().get(alice.userId)
  for (const table of ['personas', 'company_feedback_reports', 'community_actions', 'submissions', 'company_feedback', 'threads', 'thread_replies']) assert.ok((owned(table) as number) > 0, table)

  assert.equal((await alice.send('DELETE', '/me')).status, 204)
  for (const table of ['personas', 'company_feedback_reports', 'community_actions', 'submissions', 'company_feedback', 'threads', 'thread_replies']) assert.equal(owned(table), 0, table)
  assert.equal(db.prepare('SELECT count(*) FROM users WHERE id = ?').pluck().get(alice.userId), 0)
  const reviews = (await call('/api/v1/companies/acme/feedback')).body.data
  assert.deepEqual(reviews.map((r: any) => [r.id, r.author, r.body]), [[review.id, '[deleted]', 'Good team.']])
  assert.equal((await call('/api/v1/companies/acme')).body.data.company.feedback_count, 1, 'the rating still counts')
  const read = (await call(`/api/v1/threads/${thread.id}`)).body.data
  assert.equal(read.thread.author, '[deleted]')
  assert.deepEqual(read.replies.map((r: any) => [r.author === bobReply.author, r.author]), [[true, bobReply.author], [false, '[deleted]']])
  assert.match(bobReply.author, PERSONA)
})
