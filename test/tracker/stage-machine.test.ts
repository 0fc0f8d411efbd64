import { test } from 'node:test'
import assert from 'node:assert/strict'
import { createTestApp, fixtureJob } from '../helpers/app.ts'
import { bearerHeaders, createApiKey, signUp } from '../helpers/auth.ts'
import { automaticMove, silenceOf, STAGES, ACTIVE_STAGES, TERMINAL_STAGES, SIGNALS, type Stage } from '../../src/tracker/stages.ts'
import { autoAdvance } from '../../src/tracker/applications.ts'
import { ensurePreparing } from '../../src/tracker/tracking.ts'

test('automatic moves go strictly forward, only into an active stage, never out of a terminal one', () => {
  for (const from of [null, ...STAGES] as (Stage | null)[]) {
    for (const to of STAGES) {
      const moved = automaticMove(from, to)
      const fromRank = from === null ? -1 : ACTIVE_STAGES.indexOf(from as never)
      const toRank = ACTIVE_STAGES.indexOf(to as never)
      const allowed = toRank >= 0 && (from === null || (fromRank >= 0 && toRank > fromRank))
      assert.equal(moved, allowed ? to : null, `${from} -> ${to}`)
    }
  }
  assert.equal(STAGES.length, 10)
  assert.equal(TERMINAL_STAGES.length, 4)
})

test('silence: per-stage tolerance, none for terminal stages', () => {
  const now = new Date('2026-11-24T00:00:00.000Z')
  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString()
  assert.deepEqual(silenceOf('offer', daysAgo(5), now), { days: 5, state: 'active' })
  assert.deepEqual(silenceOf('offer', daysAgo(6), now), { days: 6, state: 'silent' })
  assert.deepEqual(silenceOf(null, daysAgo(22), now), { days: 22, state: 'silent' })
  assert.deepEqual(silenceOf('interview', daysAgo(13), now, true), { days: 13, state: 'unconfirmed' })
  assert.deepEqual(silenceOf('rejected', daysAgo(100), now), { days: 100 })
})

async function setup() {
  const app = createTestApp({ jobs: [fixtureJob({ publicSlug: 'go-dev', title: 'Go Developer', company: { slug: 'acme', name: 'Acme' } }), fixtureJob({ publicSlug: 'rust-dev' })] })
  const alice = await signUp(app.call)
  const key = await createApiKey(app.call, alice.cookie)
  const send = (method: string, path: string, body?: unknown) =>
    app.call(`/api/v1${path}`, { method, headers: bearerHeaders(key), ...(body !== undefined && { body: JSON.stringify(body) }) })
  const jobId = (slug: string) => app.db.prepare('SELECT id FROM jobs WHERE public_slug = ?').pluck().get(slug) as number
  const appId = () => app.db.prepare('SELECT id FROM applications WHERE user_id = ?').pluck().get(alice.userId) as number
  return { ...app, alice, send, jobId, appId }
}

test('autoAdvance (what mail triage calls): forward moves, employer activity, rejection never moves the card', async () => {
  const { db, send, alice, appId } = await setup()
  await send('POST', '/jobs/go-dev/apply')
  const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T09:00:00.000Z`
  const advance = (signal: (typeof SIGNALS)[number], day: number) => autoAdvance(db, { userId: alice.userId, applicationId: appId(), signal, source: 'mail_hosted', occurredAt: at(day) })

  assert.deepEqual(advance('acknowledgement', 10), { stage: 'applied', moved: true })
  assert.deepEqual(advance('interview_invitation', 12), { stage: 'interview', moved: true })
  // Backwards is refused: a screening mail after the interview invitation leaves the card where it is.
  assert.deepEqual(advance('screening', 13), { stage: 'interview', moved: false })
  assert.deepEqual(advance('rejection', 14), { stage: 'interview', moved: false })
  const record = (await send('GET', '/me/tracking/go-dev')).body.data
  assert.equal(record.stage, 'interview')
  // Terminal stages are the user's: the machine never moves a card out of one.
  await send('PATCH', '/jobs/go-dev/track', { stage: 'withdrawn' })
  assert.deepEqual(advance('offer', 15), { stage: 'withdrawn', moved: false })

  const events = (await send('GET', `/me/timeline?from=2026-11-01T00:00:00Z&to=2026-11-30T00:00:00Z`)).body.data
  const replies = events.filter((e: any) => e.kind === 'employer_reply')
  assert.deepEqual(replies.map((e: any) => e.signal), ['acknowledgement', 'interview_invitation', 'screening', 'rejection', 'offer'])
  assert.ok(replies.every((e: any) => e.observed === true && e.source === 'mail_hosted'))
  const moves = events.filter((e: any) => e.kind === 'stage_set' && e.source === 'mail_hosted').map((e: any) => e.signal)
  assert.deepEqual(moves, ['applied', 'interview'])
  // Employer activity restarts the silence clock.
  const entry = (await send('GET', '/me/tracking')).body.data[0]
  assert.equal(entry.last_activity_at, at(15))
})

test('ensurePreparing (what CV tailoring calls): saved and preparing unless a stage is set', async () => {
  const { db, send, alice, jobId } = await setup()
  const record = ensurePreparing(db, alice.userId, jobId('go-dev'), new Date().toISOString())
  assert.equal(record.stage, 'preparing')
  assert.equal(typeof record.saved_at, 'string')
  await send('PATCH', '/jobs/rust-dev/track', { stage: 'offer' })
  assert.equal(ensurePreparing(db, alice.userId, jobId('rust-dev'), new Date().toISOString()).stage, 'offer')
  const events = (await send('GET', '/me/tracking/go-dev')).body.data.events
  assert.deepEqual(events.map((e: any) => [e.kind, e.signal, e.source]), [['stage_set', 'preparing', 'assistant']])
})
