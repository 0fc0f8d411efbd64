import { test, after } from 'node:test'
import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { operationChecker } from '../../helpers/openapi.ts'
import { createTestApp, fixtureJob } from '../../helpers/app.ts'
import { sessionHeaders, signUp } from '../../helpers/auth.ts'

// Issue 44, point 8: the assistant and match-analysis operations answer what the OpenAPI document
// publishes, checked strictly (an undocumented field fails) on real answers; the turns and the
// analysis stream are checked as the event streams they are documented to be.

// A stand-in of an OpenAI-Realtime-style API: POST /v1/realtime/client_secrets mints a secret.
const realtime = createServer(async (req, res) => {
  let raw = ''
  for await (const chunk of req) raw += chunk
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ value: 'ek_test', expires_at: 1_900_000_000, session: { type: 'realtime', model: JSON.parse(raw).session.model } }))
})
await new Promise<void>((resolve) => realtime.listen(0, '127.0.0.1', resolve))
after(() => new Promise<void>((resolve) => realtime.close(() => resolve())))

const app = createTestApp({
  jobs: [
    fixtureJob({
      publicSlug: 'rust-dev', title: 'Senior Rust Engineer', company: { slug: 'acme', name: 'Acme' }, workMode: 'remote', countries: ['de'], seniority: 'senior',
      skills: [{ slug: 'rust', name: 'Rust' }, { slug: 'kubernetes', name: 'Kubernetes' }],
      descriptionText: 'Requirements:\n- 5+ years with Rust\n- Kubernetes\n- Fluent German\nNice to have: a CKA certification. We move fast and wear many hats.',
    }),
  ],
  config: { voiceRealtimeUrl: `http://127.0.0.1:${(realtime.address() as AddressInfo).port}/v1`, voiceRealtimeKey: 'sk-test', voiceModel: 'stand-in-realtime' },
})
const { call } = app
const document = (await call('/api/v1/openapi.json')).body
const { check, unchecked } = operationChecker(document, call)
const alice = await signUp(call)
const as = (body?: unknown): RequestInit => ({ headers: sessionHeaders(alice.cookie), body: body === undefined ? undefined : JSON.stringify(body) })

test('the match analysis validates: without a profile, before and after a run, and as a stream', async () => {
  await check('GET', '/jobs/{slug}/match-analysis', '/api/v1/jobs/rust-dev/match-analysis', as())
  await check('POST', '/jobs/{slug}/fit', '/api/v1/jobs/rust-dev/fit', as())
  await check('PUT', '/me/profile', '/api/v1/me/profile', as({ headline: 'Rust engineer', skills: ['Rust', 'PostgreSQL'], years_experience: 6, desired_roles: ['Rust Engineer'], work_modes: ['remote'] }))
  await check('GET', '/jobs/{slug}/fit', '/api/v1/jobs/rust-dev/fit', as())
  const run = await check('POST', '/jobs/{slug}/match-analysis', '/api/v1/jobs/rust-dev/match-analysis', as())
  assert.ok(run.body.data.analysis.requirement_match.length > 0)
  await check('GET', '/jobs/{slug}/match-analysis', '/api/v1/jobs/rust-dev/match-analysis', as())
  const stream = await check('GET', '/jobs/{slug}/match-analysis/stream', '/api/v1/jobs/rust-dev/match-analysis/stream', as())
  assert.match(stream.body, /event: final/)
  await check('GET', '/jobs/{slug}/fit/stream', '/api/v1/jobs/rust-dev/fit/stream', as())
  await check('GET', '/me/tracking/analyses', '/api/v1/me/tracking/analyses', as())
})

test('sessions, their messages and the streamed turns validate', async () => {
  const chat = await check('POST', '/assistant/sessions', '/api/v1/assistant/sessions', as(), 201)
  const id = chat.body.data.id
  const turn = await check('POST', '/assistant/sessions/{id}/messages', `/api/v1/assistant/sessions/${id}/messages`, as({ text: 'find remote rust jobs' }))
  assert.match(turn.body, /event: result/)
  await check('POST', '/assistant/sessions/{id}/retry', `/api/v1/assistant/sessions/${id}/retry`, as())
  const read = await check('GET', '/assistant/sessions/{id}', `/api/v1/assistant/sessions/${id}`, as())
  assert.deepEqual([...new Set(read.body.data.messages.map((m: { role: string }) => m.role))].sort(), ['assistant', 'tool', 'user'], 'every kind of message was validated')
  await check('PATCH', '/jobs/{slug}/track', '/api/v1/jobs/rust-dev/track', as({ stage: 'interview' }))
  const interview = await check('POST', '/assistant/sessions', '/api/v1/assistant/sessions?preset=interview&job=rust-dev', as(), 201)
  await check('POST', '/assistant/sessions/{id}/opening', `/api/v1/assistant/sessions/${interview.body.data.id}/opening`, as())
  await check('POST', '/assistant/sessions/{id}/voice-token', `/api/v1/assistant/sessions/${interview.body.data.id}/voice-token`, as())
  await check('POST', '/assistant/sessions/{id}/voice-turns', `/api/v1/assistant/sessions/${interview.body.data.id}/voice-turns`, as({ role: 'user', content: 'I led the Rust rewrite.' }), 204)
  await check('GET', '/assistant/sessions/{id}', `/api/v1/assistant/sessions/${interview.body.data.id}`, as())
  await check('GET', '/assistant/sessions', '/api/v1/assistant/sessions', as())
})

test('a tailoring session can be extended and run by the autopilot, and validates', async () => {
  await check('POST', '/me/cvs', '/api/v1/me/cvs', as({ seed: true }), 201)
  const run = await check('POST', '/me/cvs/tailor', '/api/v1/me/cvs/tailor', as({ job_slug: 'rust-dev' }), 201)
  await check('POST', '/assistant/sessions/{id}/extend', `/api/v1/assistant/sessions/${run.body.data.session_id}/extend`, as())
  const autopilot = await check('POST', '/assistant/sessions/{id}/autopilot', `/api/v1/assistant/sessions/${run.body.data.session_id}/autopilot`, as())
  assert.match(autopilot.body, /event: result/)
  await check('GET', '/assistant/sessions/{id}', `/api/v1/assistant/sessions/${run.body.data.session_id}`, as())
})

test('every assistant and match-analysis operation that answers a body was called and validated', () => {
  assert.deepEqual(unchecked('/assistant', '/jobs/{slug}/match-analysis', '/jobs/{slug}/fit'), [])
})
