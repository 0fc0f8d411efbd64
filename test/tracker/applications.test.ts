import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { aliceAndBob } from '../helpers/auth.ts'
import { STAGES } from '../../src/tracker/stages.ts'
import { recordInterview } from '../../src/tracker/interviews.ts'

async function setup() {
  const app = createTestApp({
    jobs: [
      fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme' } }),
      fixtureJob({ publicSlug: 'rust-dev', title: 'Rust Developer' }),
      fixtureJob({ publicSlug: 'ml-dev', title: 'ML Engineer' }),
    ],
  })
  return { ...app, ...(await aliceAndBob(app.call)) }
}

/** Deletes a posting the way pruning would: its marks go with it, applications stay. */
function prune(db: any, slug: string) {
  const id = db.prepare('SELECT id FROM jobs WHERE public_slug = ?').pluck().get(slug)
  db.prepare('DELETE FROM jobs_fts WHERE rowid = ?').run(id)
  db.prepare('DELETE FROM jobs WHERE id = ?').run(id)
}

test('PATCH track: validation, unrestricted manual moves, stage_set only on change, no applied_at', async () => {
  const { send, bob } = await setup()
  const empty = await send('PATCH', '/jobs/go-dev/track', {})
  assert.equal(empty.status, 400)
  assert.equal(empty.body.error, 'provide stage and/or notes')
  for (const stage of ['hired', 3, null, '']) {
    const response = await send('PATCH', '/jobs/go-dev/track', { stage })
    assert.equal(response.status, 400, String(stage))
    assert.equal(response.body.error, 'invalid stage')
  }
  assert.equal((await send('PATCH', '/jobs/go-dev/track', '{not json')).status, 400)
  assert.equal((await send('PATCH', '/jobs/nope/track', { stage: 'applied' })).body.error, 'job not found')
  assert.equal((await send('GET', '/me/tracking')).body.meta.total, 0, 'refused writes change nothing')

  // Every stage can follow every other, backwards included.
  for (const stage of [...STAGES].reverse()) {
    const response = await send('PATCH', '/jobs/go-dev/track', { stage })
    assert.equal(response.status, 200)
    assert.equal(response.body.data.stage, stage)
    assert.equal(response.body.data.applied_at, null)
  }
  await send('PATCH', '/jobs/go-dev/track', { stage: 'preparing' })
  const notes = await send('PATCH', '/jobs/go-dev/track', { notes: 'call back Tuesday' })
  assert.equal(notes.body.data.stage, 'preparing', 'a missing field is left unchanged')
  assert.equal(notes.body.data.notes, 'call back Tuesday')
  const events = (await send('GET', '/me/tracking/go-dev')).body.data.events
  assert.equal(events.filter((e: any) => e.kind === 'stage_set').length, STAGES.length, 'the repeated preparing wrote no event')
  assert.equal((await bob('GET', '/me/tracking/go-dev')).status, 404)
})

test('DELETE stage keeps saved, viewed and notes; applications/{id} addresses by slug', async () => {
  const { send } = await setup()
  await send('POST', '/jobs/go-dev/view')
  await send('POST', '/jobs/go-dev/save')
  await send('POST', '/jobs/go-dev/apply')
  await send('PATCH', '/me/applications/go-dev', { stage: 'interview', notes: 'panel' })
  const cleared = await send('DELETE', '/jobs/go-dev/stage')
  assert.equal(cleared.status, 200)
  assert.equal(cleared.body.data.stage, null)
  assert.equal(cleared.body.data.applied_at, null)
  assert.equal(cleared.body.data.notes, 'panel')
  assert.equal(typeof cleared.body.data.saved_at, 'string')
  assert.equal(typeof cleared.body.data.viewed_at, 'string')
  assert.equal((await send('DELETE', '/jobs/rust-dev/stage')).status, 404)
  assert.equal((await send('PATCH', '/me/applications/nope', { stage: 'offer' })).body.error, 'application not found')
  assert.equal((await send('PATCH', '/me/applications/go-dev', {})).status, 400)
  assert.equal((await send('DELETE', '/me/applications/go-dev/stage')).status, 200)
  const deleted = await send('DELETE', '/me/applications/go-dev')
  assert.equal(deleted.status, 200)
  assert.equal(deleted.body.data.notes, null)
  assert.equal(deleted.body.data.saved_at, null)
})

test('an application outlives its posting: closing keeps it, pruning leaves an a<id> entry', async () => {
  const { send, db } = await setup()
  await send('POST', '/jobs/go-dev/apply')
  await send('PATCH', '/jobs/go-dev/track', { stage: 'screening', notes: 'recruiter call' })
  await send('POST', '/jobs/rust-dev/save')
  db.prepare("UPDATE jobs SET closed_at = '2026-11-20T00:00:00.000Z' WHERE public_slug = 'go-dev'").run()
  const closed = (await send('GET', '/me/tracking')).body.data.find((e: any) => e.id === 'go-dev')
  assert.equal(closed.job.closed_at, '2026-11-20T00:00:00.000Z')
  assert.equal(closed.stage, 'screening')

  prune(db, 'go-dev')
  const list = await send('GET', '/me/tracking?filter=board')
  assert.equal(list.body.data.length, 1)
  const orphan = list.body.data[0]
  assert.match(orphan.id, /^a\d+$/)
  assert.equal(orphan.job, null)
  assert.equal(orphan.company_slug, 'acme')
  assert.equal(orphan.role_title, 'Go Developer')
  assert.equal(orphan.stage, 'screening')
  assert.equal(orphan.notes, 'recruiter call')
  assert.equal(typeof orphan.applied_at, 'string')
  assert.deepEqual(list.body.meta.counts, { all: 2, viewed: 0, saved: 1, applied: 1, board: 1, dismissed: 0 })

  const detail = await send('GET', `/me/tracking/${orphan.id}`)
  assert.equal(detail.status, 200)
  assert.equal(detail.body.data.job, null)
  assert.deepEqual(detail.body.data.events.map((e: any) => e.kind), ['stage_set', 'applied'])
  assert.equal(detail.body.data.events[0].job_slug, undefined, 'no slug for a posting that is gone')

  const moved = await send('PATCH', `/me/applications/${orphan.id}`, { stage: 'offer' })
  assert.equal(moved.status, 200)
  assert.equal(moved.body.data.job_id, null)
  assert.equal(moved.body.data.stage, 'offer')
  assert.equal((await send('DELETE', `/me/applications/${orphan.id}/stage`)).body.data.stage, null)
  assert.equal((await send('DELETE', `/me/applications/${orphan.id}`)).status, 200)
  assert.equal((await send('GET', `/me/tracking/${orphan.id}`)).status, 404)
  assert.equal((await send('PATCH', '/me/applications/a999999', { stage: 'offer' })).status, 404)
})

test('pipeline: every stage key, counts summing to applications; silence on board entries', async () => {
  const { send, db, alice } = await setup()
  const empty = (await send('GET', '/me/tracking/pipeline')).body.data
  assert.equal(empty.applications, 0)
  assert.deepEqual(Object.keys(empty.stages), [...STAGES])
  await send('POST', '/jobs/go-dev/apply')
  await send('PATCH', '/jobs/rust-dev/track', { stage: 'interview' })
  await send('PATCH', '/jobs/ml-dev/track', { stage: 'rejected' })
  await send('POST', '/jobs/ml-dev/save')
  const { data } = (await send('GET', '/me/tracking/pipeline')).body
  assert.equal(data.applications, 3)
  assert.equal(data.stages.applied, 1, 'applied without a stage counts as applied')
  assert.equal(data.stages.interview, 1)
  assert.equal(data.stages.rejected, 1)
  assert.equal(Object.values(data.stages as Record<string, number>).reduce((a, b) => a + b, 0), data.applications)

  // Make the interview 13 days quiet: past its 12-day tolerance.
  const old = new Date(Date.now() - 13 * 86_400_000).toISOString()
  db.prepare("UPDATE applications SET stage_set_at = ? WHERE user_id = ? AND stage = 'interview'").run(old, alice.userId)
  const entries = (await send('GET', '/me/tracking?filter=board')).body.data
  const by = (slug: string) => entries.find((e: any) => e.id === slug)
  assert.equal(by('rust-dev').days_silent, 13)
  assert.equal(by('rust-dev').silence_state, 'silent')
  assert.equal(by('go-dev').silence_state, 'active')
  assert.equal(by('ml-dev').silence_state, undefined, 'terminal stages accrue no silence')
})

test('timeline and interviews: windows checked, events oldest first', async () => {
  const { send, db, alice } = await setup()
  const from = new Date(Date.now() - 86_400_000).toISOString()
  const to = new Date(Date.now() + 86_400_000).toISOString()
  await send('POST', '/jobs/go-dev/apply')
  await send('PATCH', '/jobs/go-dev/track', { stage: 'applied' })
  const timeline = await send('GET', `/me/timeline?from=${from}&to=${to}`)
  assert.equal(timeline.status, 200)
  assert.deepEqual(timeline.body.data.map((e: any) => [e.kind, e.signal ?? null, e.source, e.observed]), [['applied', null, 'user', false], ['stage_set', 'applied', 'user', false]])
  assert.equal(timeline.body.data[0].job_slug, 'go-dev')
  assert.equal(timeline.body.data[0].company_slug, 'acme')
  assert.deepEqual(timeline.body.meta, { from, to, count: 2 })
  for (const [query, message] of [
    [`to=${to}`, /from/],
    [`from=${from}&to=yesterday`, /to/],
    [`from=${to}&to=${from}`, /before/],
    [`from=2025-01-01T00:00:00Z&to=2026-11-01T00:00:00Z`, /366/],
  ] as const) {
    const response = await send('GET', `/me/timeline?${query}`)
    assert.equal(response.status, 400, query)
    assert.match(response.body.error, message)
    assert.equal((await send('GET', `/me/interviews?${query}`)).status, 400)
  }

  const applicationId = db.prepare('SELECT id FROM applications WHERE user_id = ?').pluck().get(alice.userId) as number
  const startsAt = new Date(Date.now() + 3_600_000).toISOString()
  const now = new Date().toISOString()
  const base = { userId: alice.userId, applicationId, uid: 'inv-1@acme', startsAt, title: 'Technical interview', status: 'suggested' as const, source: 'mail_hosted' as const, now }
  const id = recordInterview(db, base)
  assert.equal(recordInterview(db, { ...base, status: 'cancelled' }), id, 'the same invitation updates its row')
  const interviews = await send('GET', `/me/interviews?from=${from}&to=${to}`)
  assert.deepEqual(interviews.body.data, [{ id, application_id: applicationId, starts_at: startsAt, title: 'Technical interview', status: 'cancelled', company_slug: 'acme', role_title: 'Go Developer', job_slug: 'go-dev' }])
  const scheduled = (await send('GET', `/me/timeline?from=${from}&to=${to}`)).body.data.filter((e: any) => e.kind === 'interview_scheduled')
  assert.equal(scheduled.length, 1)
})
